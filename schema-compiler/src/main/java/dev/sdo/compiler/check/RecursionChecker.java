package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Containment;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Records that contain themselves with no way to end: through required fields only (a required record, or a
 * required union all of whose alternatives contain the record again), so that every value would be infinitely
 * large. A record that contains itself through an optional field, a list or a union with another alternative is
 * recursive and legal (docs/record-format.md, section 2.4). A depth-first walk in schema order reports each such
 * cycle once, at the type of the field that closes it.
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
        Containment containment = schema.containment();
        for (RecordType record : schema.records()) {
            if (!containment.canEnd(record.name())) {
                visit(record, schema, containment);
            }
        }
    }

    private void visit(RecordType record, Schema schema, Containment containment) {
        if (!done.add(record.name())) {
            return;
        }
        for (Field field : record.fields()) {
            for (QualifiedName held : forced(field, containment)) {
                path.addLast(new Step(record, field));
                if (isOnPath(held)) {
                    diagnostics.error(field.type().position(), "record '" + held.simpleName()
                            + "' contains itself: " + cycle(held));
                } else {
                    schema.recordType(held).ifPresent(nested -> visit(nested, schema, containment));
                }
                path.removeLast();
            }
        }
    }

    /**
     * The records a field forces a value of, when none of them can end: those a required record or union field
     * holds. An optional field, a field with a default and a list (which may be empty) force nothing.
     */
    private static List<QualifiedName> forced(Field field, Containment containment) {
        if (field.optional() || field.defaultValue() != null || field.type().isList()
                || containment.canEnd(field.type())) {
            return List.of();
        }
        return containment.held(field.type()).stream().filter(name -> !containment.canEnd(name)).toList();
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
