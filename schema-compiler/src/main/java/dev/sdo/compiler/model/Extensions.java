package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Type extension: gives each record that extends another its base's fields first, at the same offsets, and each
 * abstract record its union of concrete extensions (docs/unions-and-extension.md).
 */
final class Extensions {
    private final Map<QualifiedName, RecordType> declared = new HashMap<>();
    private final List<RecordType> order;
    private final Map<QualifiedName, Base> bases;
    private final Diagnostics diagnostics;
    private final Map<QualifiedName, RecordType> resolved = new HashMap<>();

    /** The record a record extends, and where the extending record names it. */
    record Base(QualifiedName name, SourcePosition position) {}

    /**
     * @param records every record with only its own fields, in the schema's order
     * @param bases the record each extending record extends, resolved and checked to be a record
     */
    Extensions(List<RecordType> records, Map<QualifiedName, Base> bases, Diagnostics diagnostics) {
        records.forEach(r -> declared.put(r.name(), r));
        this.order = records;
        this.bases = bases;
        this.diagnostics = diagnostics;
    }

    /** Every record with its base's fields before its own, in the schema's order; cycles are reported and cut. */
    List<RecordType> resolve() {
        List<RecordType> records = new ArrayList<>();
        for (RecordType record : order) {
            records.add(resolve(record, new LinkedHashSet<>()));
        }
        return records;
    }

    private RecordType resolve(RecordType record, Set<QualifiedName> path) {
        RecordType done = resolved.get(record.name());
        if (done != null) {
            return done;
        }
        Base base = bases.get(record.name());
        RecordType baseRecord = base == null ? null : declared.get(base.name());
        RecordType result = record;
        if (baseRecord != null) {
            path.add(record.name());
            if (path.contains(baseRecord.name())) {
                diagnostics.error(base.position(), "record '" + record.name().simpleName() + "' extends itself"
                        + cycle(record, baseRecord));
            } else {
                RecordType resolvedBase = resolve(baseRecord, path);
                List<Field> fields = new ArrayList<>(resolvedBase.fields());
                fields.addAll(record.fields());
                result = new RecordType(record.name(), fields, record.doc(), record.annotations(), record.position(),
                        record.isAbstract(), baseRecord.name());
            }
        }
        resolved.put(record.name(), result);
        return result;
    }

    /** " through B, C", naming the records of the cycle between {@code record} and itself. */
    private String cycle(RecordType record, RecordType first) {
        List<String> names = new ArrayList<>();
        RecordType next = first;
        while (next != null && !next.name().equals(record.name()) && names.size() < declared.size()) {
            names.add(next.name().simpleName());
            Base base = bases.get(next.name());
            next = base == null ? null : declared.get(base.name());
        }
        return names.isEmpty() ? "" : " through " + String.join(", ", names);
    }

    /**
     * One union per abstract record, named like it: its concrete extensions (direct or through other records), in
     * the schema's order, each an alternative named by its record's name with a lower-case first letter.
     */
    static List<UnionType> abstractUnions(List<RecordType> records) {
        Map<QualifiedName, RecordType> byName = new HashMap<>();
        records.forEach(r -> byName.put(r.name(), r));
        List<UnionType> unions = new ArrayList<>();
        for (RecordType abstractRecord : records) {
            if (!abstractRecord.isAbstract()) {
                continue;
            }
            List<Field> alternatives = new ArrayList<>();
            for (RecordType candidate : records) {
                if (!candidate.isAbstract() && extendsRecord(candidate, abstractRecord.name(), byName)) {
                    String simple = candidate.name().simpleName();
                    String name = Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
                    alternatives.add(new Field(name, new FieldType.RecordRef(candidate.name(), candidate.position()),
                            false, null, null, 1, List.of(), candidate.doc(), candidate.position()));
                }
            }
            unions.add(new UnionType(abstractRecord.name(), alternatives, abstractRecord.doc(), List.of(),
                    abstractRecord.position(), true));
        }
        return unions;
    }

    private static boolean extendsRecord(RecordType record, QualifiedName ancestor, Map<QualifiedName, RecordType> all) {
        Set<QualifiedName> seen = new LinkedHashSet<>();
        RecordType next = record;
        while (next != null && next.base() != null && seen.add(next.name())) {
            if (next.base().equals(ancestor)) {
                return true;
            }
            next = all.get(next.base());
        }
        return false;
    }
}
