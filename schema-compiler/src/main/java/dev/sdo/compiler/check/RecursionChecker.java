package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Records that contain themselves, directly, through other records or through lists (a record's encoding holds
 * those of the records it holds, so it would be infinitely large). A depth-first walk in schema order reports each cycle once, at the type name of the field
 * that closes it.
 */
final class RecursionChecker {
    private final Diagnostics diagnostics;
    private final Set<QualifiedName> done = new HashSet<>();
    /** The fields being followed, outermost first. */
    private final Deque<Step> path = new ArrayDeque<>();

    private record Step(RecordType record, Field field) {}

    RecursionChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            visit(record, schema);
        }
    }

    private void visit(RecordType record, Schema schema) {
        if (done.contains(record.name())) {
            return;
        }
        for (Field field : record.fields()) {
            for (RecordRef ref : heldRecords(field.type(), schema, new HashSet<>())) {
                path.addLast(new Step(record, field));
                if (ref.name().equals(record.name()) || isOnPath(ref.name())) {
                    diagnostics.error(ref.position(), "record '" + ref.name().simpleName() + "' contains itself: "
                            + cycle(ref.name()));
                } else {
                    schema.recordType(ref.name()).ifPresent(nested -> visit(nested, schema));
                }
                path.removeLast();
            }
        }
        done.add(record.name());
    }

    /**
     * The records a field of {@code type} may hold: the type itself, a list's element, a union's alternatives (at any
     * depth; {@code unions} stops at a union met again).
     */
    private static java.util.List<RecordRef> heldRecords(FieldType type, Schema schema, Set<QualifiedName> unions) {
        FieldType element = elementRecord(type);
        if (element instanceof RecordRef ref) {
            return java.util.List.of(ref);
        } else if (element instanceof dev.sdo.compiler.model.FieldType.UnionRef ref && unions.add(ref.name())) {
            java.util.List<RecordRef> held = new java.util.ArrayList<>();
            schema.unionType(ref.name()).ifPresent(u -> u.alternatives()
                    .forEach(a -> held.addAll(heldRecords(a.type(), schema, unions))));
            return held;
        }
        return java.util.List.of();
    }

    /**
     * The record a field of {@code type} holds: the type itself, or a list's (or a list of lists') element. A list
     * of a record holds the record's encoding too, so that a record reached through lists contains itself as well.
     */
    private static FieldType elementRecord(FieldType type) {
        FieldType element = type;
        while (element instanceof ListType list) {
            element = list.element();
        }
        return element;
    }

    private boolean isOnPath(QualifiedName name) {
        return path.stream().anyMatch(step -> step.record().name().equals(name));
    }

    /** The cycle as fields followed, from the record that contains itself back to it: "A.b -> B.a -> A". */
    private String cycle(QualifiedName start) {
        StringJoiner text = new StringJoiner(" -> ");
        boolean inCycle = false;
        for (Iterator<Step> steps = path.iterator(); steps.hasNext();) {
            Step step = steps.next();
            inCycle |= step.record().name().equals(start);
            if (inCycle) {
                text.add(step.record().name().simpleName() + "." + step.field().name());
            }
        }
        return text.add(start.simpleName()).toString();
    }
}
