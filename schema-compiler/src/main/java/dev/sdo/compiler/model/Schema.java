package dev.sdo.compiler.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The resolved schema of one compiler run: every enum and record of the files named and of everything they
 * import, in a deterministic order (by file as loaded, then declaration order).
 */
public final class Schema {
    private final Map<QualifiedName, EnumType> enums = new LinkedHashMap<>();
    private final Map<QualifiedName, RecordType> records = new LinkedHashMap<>();
    private final Map<QualifiedName, UnionType> unions = new LinkedHashMap<>();
    private Containment containment;

    public Schema(List<EnumType> enums, List<RecordType> records) {
        this(enums, records, List.of());
    }

    public Schema(List<EnumType> enums, List<RecordType> records, List<UnionType> unions) {
        enums.forEach(e -> this.enums.putIfAbsent(e.name(), e));
        records.forEach(r -> this.records.putIfAbsent(r.name(), r));
        unions.forEach(u -> this.unions.putIfAbsent(u.name(), u));
    }

    /** The unions: those declared, then one per abstract record (its concrete extensions). */
    public List<UnionType> unions() {
        return List.copyOf(unions.values());
    }

    public Optional<UnionType> unionType(QualifiedName name) {
        return Optional.ofNullable(unions.get(name));
    }

    public UnionType requireUnion(QualifiedName name) {
        return unionType(name).orElseThrow(() -> new IllegalStateException("unresolved union " + name));
    }

    /** The records that are stored: every record but the abstract ones. */
    public List<RecordType> concreteRecords() {
        return records.values().stream().filter(r -> !r.isAbstract()).toList();
    }

    public List<EnumType> enums() {
        return List.copyOf(enums.values());
    }

    public List<RecordType> records() {
        return List.copyOf(records.values());
    }

    public Optional<EnumType> enumType(QualifiedName name) {
        return Optional.ofNullable(enums.get(name));
    }

    public Optional<RecordType> recordType(QualifiedName name) {
        return Optional.ofNullable(records.get(name));
    }

    public EnumType requireEnum(QualifiedName name) {
        return enumType(name).orElseThrow(() -> new IllegalStateException("unresolved enum " + name));
    }

    public RecordType requireRecord(QualifiedName name) {
        return recordType(name).orElseThrow(() -> new IllegalStateException("unresolved record " + name));
    }

    /** Which records hold which, and which hold themselves; computed once, on first use. */
    public Containment containment() {
        if (containment == null) {
            containment = new Containment(this);
        }
        return containment;
    }
}
