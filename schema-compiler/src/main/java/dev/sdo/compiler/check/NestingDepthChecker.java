package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Records and unions nested deeper than {@link Limits#MAX_RECORD_NESTING}, directly, through lists or through each
 * other (a record holding a union whose alternative is a record is three levels). The other checks, the layout and
 * the generator follow nested records and unions by recursion, so this one walks with a stack of its own and runs
 * first: when it reports, the checks that would recurse that deep are not run. A cycle counts as no nesting here
 * ({@link RecursionChecker} and {@link UnionChecker} report it). Reported at the field or alternative that makes
 * its type one level too deep.
 */
final class NestingDepthChecker {
    private final Diagnostics diagnostics;

    NestingDepthChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** A record or union: what it is called in messages, and its fields or alternatives. */
    private record Node(String kind, QualifiedName name, String memberKind, List<Field> members) {}

    /** The records and the unions by name: an abstract record is both, a record of its fields and a union. */
    private record Nodes(Map<QualifiedName, Node> records, Map<QualifiedName, Node> unions) {}

    /** Reports the records and unions nested too deep; true when there is one. */
    boolean check(Schema schema) {
        Nodes nodes = new Nodes(new LinkedHashMap<>(), new LinkedHashMap<>());
        schema.records().forEach(r -> nodes.records().put(r.name(), new Node("record", r.name(), "field",
                r.fields())));
        // An abstract record's union: a field of the abstract record holds one of its extensions.
        schema.unions().forEach(u -> nodes.unions().put(u.name(), new Node(u.fromAbstract() ? "abstract record"
                : "union", u.name(), u.fromAbstract() ? "extension" : "alternative", u.alternatives())));
        Map<Node, Integer> depths = new IdentityHashMap<>();
        Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean tooDeep = false;
        List<Node> roots = new ArrayList<>(nodes.records().values());
        roots.addAll(nodes.unions().values());
        for (Node root : roots) {
            Deque<Node> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                Node node = stack.peek();
                if (depths.containsKey(node)) {
                    stack.pop();
                    continue;
                }
                open.add(node);
                Optional<Node> unvisited = node.members().stream().map(m -> held(m.type(), nodes))
                        .flatMap(Optional::stream)
                        .filter(n -> !depths.containsKey(n) && !open.contains(n)).findFirst();
                if (unvisited.isPresent()) {
                    stack.push(unvisited.get());
                    continue;
                }
                stack.pop();
                open.remove(node);
                int depth = 1;
                Field deepest = null;
                for (Field member : node.members()) {
                    Integer inner = held(member.type(), nodes).map(depths::get).orElse(null);
                    if (inner != null && inner + 1 > depth) {
                        depth = inner + 1;
                        deepest = member;
                    }
                }
                depths.put(node, depth);
                if (depth == Limits.MAX_RECORD_NESTING + 1) {
                    diagnostics.error(deepest.type().position(), node.kind() + " '" + node.name().simpleName()
                            + "' nests records and unions more than " + Limits.MAX_RECORD_NESTING + " deep (through "
                            + node.memberKind() + " '" + deepest.name() + "')");
                    tooDeep = true;
                }
            }
        }
        return tooDeep;
    }

    /** The record or union a field or alternative holds: its type, or the element of its lists. */
    private static Optional<Node> held(FieldType type, Nodes nodes) {
        FieldType element = type.innermostType();
        if (element instanceof RecordRef ref) {
            return Optional.ofNullable(nodes.records().get(ref.name()));
        } else if (element instanceof UnionRef ref) {
            return Optional.ofNullable(nodes.unions().get(ref.name()));
        }
        return Optional.empty();
    }
}
