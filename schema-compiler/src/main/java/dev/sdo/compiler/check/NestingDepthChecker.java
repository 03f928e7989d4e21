package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Records nested deeper than {@link Limits#MAX_RECORD_NESTING}, directly or through lists. The other checks, the
 * layout and the generator follow nested records by recursion, so this one walks with a stack of its own and runs
 * first: when it reports, the checks that would recurse that deep are not run. A cycle counts as no nesting here
 * ({@link RecursionChecker} reports it). Reported at the field that makes its record one level too deep.
 */
final class NestingDepthChecker {
    private final Diagnostics diagnostics;

    NestingDepthChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Reports the records nested too deep; true when there is one. */
    boolean check(Schema schema) {
        Map<QualifiedName, Integer> depths = new HashMap<>();
        Set<QualifiedName> open = new HashSet<>();
        boolean tooDeep = false;
        for (RecordType root : schema.records()) {
            Deque<RecordType> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                RecordType record = stack.peek();
                if (depths.containsKey(record.name())) {
                    stack.pop();
                    continue;
                }
                open.add(record.name());
                Optional<RecordType> unvisited = nested(record, schema).filter(n -> !depths.containsKey(n.name())
                        && !open.contains(n.name())).findFirst();
                if (unvisited.isPresent()) {
                    stack.push(unvisited.get());
                    continue;
                }
                stack.pop();
                open.remove(record.name());
                int depth = 1;
                Field deepest = null;
                for (Field field : record.fields()) {
                    Integer inner = elementRecord(field.type()) instanceof RecordRef ref ? depths.get(ref.name())
                            : null;
                    if (inner != null && inner + 1 > depth) {
                        depth = inner + 1;
                        deepest = field;
                    }
                }
                depths.put(record.name(), depth);
                if (depth == Limits.MAX_RECORD_NESTING + 1) {
                    diagnostics.error(deepest.type().position(), "record '" + record.name().simpleName()
                            + "' nests records more than " + Limits.MAX_RECORD_NESTING + " deep (through field '"
                            + deepest.name() + "')");
                    tooDeep = true;
                }
            }
        }
        return tooDeep;
    }

    private static java.util.stream.Stream<RecordType> nested(RecordType record, Schema schema) {
        return record.fields().stream().map(field -> elementRecord(field.type()))
                .flatMap(type -> type instanceof RecordRef ref ? schema.recordType(ref.name()).stream()
                        : java.util.stream.Stream.empty());
    }

    /** The record a field holds: its type, or the element of its lists. */
    private static FieldType elementRecord(FieldType type) {
        FieldType element = type.innermostType();
        return element;
    }
}
