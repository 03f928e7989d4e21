package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
        this.bases = new HashMap<>(bases);
        this.diagnostics = diagnostics;
    }

    /**
     * Every record with its base's fields before its own, in the schema's order. Cycles are reported and cut, and
     * so are chains of extension longer than {@link Limits#MAX_EXTENSION_DEPTH}: resolving follows a chain by
     * recursion, and each record of a chain holds every field of the records before it.
     */
    List<RecordType> resolve() {
        cutCyclesAndLongChains();
        List<RecordType> records = new ArrayList<>();
        for (RecordType record : order) {
            records.add(resolve(record));
        }
        return records;
    }

    /**
     * Walks each chain of extension without recursion, working out each record's depth (a record that extends none
     * is 1). A record whose base leads back to itself is reported and loses its base; so does every record deeper
     * than the limit, reported at the one just past it.
     */
    private void cutCyclesAndLongChains() {
        Map<QualifiedName, Integer> depths = new HashMap<>();
        for (RecordType start : order) {
            List<QualifiedName> path = new ArrayList<>();
            Set<QualifiedName> onPath = new HashSet<>();
            QualifiedName at = start.name();
            while (!depths.containsKey(at) && baseOf(at) != null) {
                if (!onPath.add(at)) {
                    // 'at' is met again: the last record of the path closes the cycle.
                    QualifiedName closing = path.get(path.size() - 1);
                    diagnostics.error(bases.get(closing).position(), "record '" + closing.simpleName()
                            + "' extends itself" + cycle(declared.get(closing), declared.get(at)));
                    bases.remove(closing);
                    path.remove(path.size() - 1);
                    at = closing;
                    break;
                }
                path.add(at);
                at = baseOf(at);
            }
            int depth = depths.getOrDefault(at, 1);
            depths.put(at, depth);
            for (int i = path.size() - 1; i >= 0; i--) {
                QualifiedName record = path.get(i);
                if (depths.containsKey(record)) {
                    depth = depths.get(record);
                    continue;
                }
                depth++;
                depths.put(record, depth);
                if (depth > Limits.MAX_EXTENSION_DEPTH) {
                    if (depth == Limits.MAX_EXTENSION_DEPTH + 1) {
                        diagnostics.error(bases.get(record).position(), "record '" + record.simpleName()
                                + "' is the " + depth + "th of a chain of records extending each other, longer than"
                                + " the " + Limits.MAX_EXTENSION_DEPTH + " allowed");
                    }
                    bases.remove(record);
                }
            }
        }
    }

    /** The declared record that {@code record} extends, or null. */
    private QualifiedName baseOf(QualifiedName record) {
        Base base = bases.get(record);
        return base == null || !declared.containsKey(base.name()) ? null : base.name();
    }

    private RecordType resolve(RecordType record) {
        RecordType done = resolved.get(record.name());
        if (done != null) {
            return done;
        }
        QualifiedName base = baseOf(record.name());
        RecordType result = record;
        if (base != null) {
            RecordType baseRecord = declared.get(base);
            RecordType resolvedBase = resolve(baseRecord);
            List<Field> fields = new ArrayList<>(resolvedBase.fields());
            fields.addAll(record.fields());
            result = new RecordType(record.name(), fields, record.doc(), record.annotations(), record.position(),
                    record.isAbstract(), baseRecord.name());
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
        Map<QualifiedName, List<Field>> alternatives = new HashMap<>();
        records.stream().filter(RecordType::isAbstract).forEach(r -> alternatives.put(r.name(), new ArrayList<>()));
        // Each concrete record joins the union of every abstract record up its chain: one walk per record.
        for (RecordType candidate : records) {
            if (candidate.isAbstract()) {
                continue;
            }
            Set<QualifiedName> seen = new HashSet<>();
            RecordType next = candidate;
            while (next != null && next.base() != null && seen.add(next.name())) {
                List<Field> union = alternatives.get(next.base());
                if (union != null) {
                    String simple = candidate.name().simpleName();
                    String name = Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
                    union.add(new Field(name, new FieldType.RecordRef(candidate.name(), candidate.position()),
                            false, null, null, 1, List.of(), candidate.doc(), candidate.position()));
                }
                next = byName.get(next.base());
            }
        }
        List<UnionType> unions = new ArrayList<>();
        for (RecordType abstractRecord : records) {
            if (abstractRecord.isAbstract()) {
                unions.add(new UnionType(abstractRecord.name(), alternatives.get(abstractRecord.name()),
                        abstractRecord.doc(), List.of(), abstractRecord.position(), true));
            }
        }
        return unions;
    }
}
