package dev.sdo.compiler.check;

import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Records that hold themselves inline in XML: through {@code @xml(inline = true)} fields, and unions (whose inline
 * alternatives stand in the union's place), with no element of their own on the way. An inline record's elements
 * stand in its holder's place, so such a record would begin where it begins, at every depth: no document could say
 * where one ends. (XML Schema cannot say it either: its model groups may not refer to themselves.) Reported once per
 * cycle, at the field or alternative that closes it.
 */
final class InlineCycleChecker {
    private final Diagnostics diagnostics;
    private final Schema schema;
    private final Set<QualifiedName> done = new HashSet<>();
    /** The steps being followed: "Record.field" or "Union.alternative", with the type each started from. */
    private final List<Step> path = new ArrayList<>();

    private record Step(QualifiedName from, String text) {}

    InlineCycleChecker(Schema schema, Diagnostics diagnostics) {
        this.schema = schema;
        this.diagnostics = diagnostics;
    }

    void check() {
        for (RecordType record : schema.records()) {
            visit(record.name());
        }
    }

    private void visit(QualifiedName type) {
        if (done.contains(type)) {
            return;
        }
        List<Field> members = new ArrayList<>();
        schema.recordType(type).ifPresent(r -> r.fields().stream()
                .filter(f -> XmlRecordBinding.inline(f) || f.type().itemType() instanceof UnionRef).forEach(members::add));
        schema.unionType(type).ifPresent(u -> u.alternatives().stream()
                .filter(a -> XmlRecordBinding.inline(a) || a.type().itemType() instanceof UnionRef).forEach(members::add));
        for (Field member : members) {
            QualifiedName next = member.type().itemType() instanceof RecordRef ref ? ref.name()
                    : ((UnionRef) member.type().itemType()).name();
            path.add(new Step(type, type.simpleName() + "." + member.name()));
            int start = indexOnPath(next);
            if (start >= 0) {
                StringJoiner cycle = new StringJoiner(" -> ");
                path.subList(start, path.size()).forEach(step -> cycle.add(step.text()));
                diagnostics.error(member.type().position(), "'" + next.simpleName() + "' holds itself inline in XML: "
                        + cycle.add(next.simpleName()) + "; an inline record's elements stand in its holder's place, "
                        + "so one of these must be an element of its own");
            } else {
                visit(next);
            }
            path.remove(path.size() - 1);
        }
        done.add(type);
    }

    private int indexOnPath(QualifiedName type) {
        for (int i = 0; i < path.size(); i++) {
            if (path.get(i).from().equals(type)) {
                return i;
            }
        }
        return -1;
    }
}
