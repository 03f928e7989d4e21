package dev.sdo.compiler.model;

import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.UnionRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which records hold which: a record holds the records of its fields, of its lists' elements and of its unions'
 * alternatives (an abstract record's union: its concrete extensions), at any depth. A record that holds itself is
 * <em>recursive</em> (FpML's baskets of underlyings that may be baskets, a portfolio of portfolios); its values are
 * trees, stored as variable-length data (docs/record-format.md, section 2.4). Such a value is finite only when
 * the recursion can end: {@link #canEnd} says whether some value of a record needs no value of itself.
 */
public final class Containment {
    private final Schema schema;
    /** Each recursive record's cycle: the records that hold each other with it, sorted by name. */
    private final Map<QualifiedName, List<QualifiedName>> recursive;
    private final Set<QualifiedName> finite;

    Containment(Schema schema) {
        this.schema = schema;
        this.recursive = recursiveRecords();
        this.finite = finiteRecords();
    }

    /** Whether {@code record} holds itself, through any fields, lists and unions. */
    public boolean isRecursive(QualifiedName record) {
        return recursive.containsKey(record);
    }

    /**
     * The records that hold {@code record} and are held by it (a strongly connected component of the holds
     * relation), itself included, sorted by name; empty when the record is not recursive.
     */
    public List<QualifiedName> cycleOf(QualifiedName record) {
        return recursive.getOrDefault(record, List.of());
    }

    /**
     * Whether {@code record} has a finite value: one whose required fields are all finite (an optional field can be
     * absent, a list empty, and a union needs one finite alternative).
     */
    public boolean canEnd(QualifiedName record) {
        return finite.contains(record);
    }

    /** Whether a required field of {@code type} can hold a finite value (see {@link #canEnd(QualifiedName)}). */
    public boolean canEnd(FieldType type) {
        return typeCanEnd(type, finite, new HashSet<>());
    }

    /** The records a field of {@code type} may hold directly: the type, a list's element, a union's alternatives. */
    public List<QualifiedName> held(FieldType type) {
        Set<QualifiedName> held = new LinkedHashSet<>();
        collect(type, held, new HashSet<>());
        return List.copyOf(held);
    }

    /**
     * Whether a required field of {@code type} can hold a finite value, given the records known finite so far: a
     * record type when its record is; a union when one of its alternatives can; anything else (scalars, strings,
     * lists, which may be empty) always.
     */
    private boolean typeCanEnd(FieldType type, Set<QualifiedName> finiteSoFar, Set<QualifiedName> unions) {
        if (type instanceof RecordRef ref) {
            return finiteSoFar.contains(ref.name());
        } else if (type instanceof UnionRef ref) {
            UnionType union = schema.unionType(ref.name()).orElse(null);
            if (union == null || !unions.add(ref.name())) {
                return union == null;
            }
            boolean any = union.alternatives().stream().anyMatch(a -> typeCanEnd(a.type(), finiteSoFar, unions));
            unions.remove(ref.name());
            return any;
        }
        return true;
    }

    private void collect(FieldType type, Set<QualifiedName> held, Set<QualifiedName> unions) {
        FieldType element = type.innermostType();
        if (element instanceof RecordRef ref) {
            held.add(ref.name());
        } else if (element instanceof UnionRef ref && unions.add(ref.name())) {
            schema.unionType(ref.name()).ifPresent(u -> u.alternatives().forEach(a -> collect(a.type(), held, unions)));
        }
    }

    /** The records on a cycle of the holds relation: Tarjan's strongly connected components, iteratively. */
    private Map<QualifiedName, List<QualifiedName>> recursiveRecords() {
        Map<QualifiedName, List<QualifiedName>> edges = new HashMap<>();
        for (RecordType record : schema.records()) {
            Set<QualifiedName> held = new LinkedHashSet<>();
            record.fields().forEach(f -> collect(f.type(), held, new HashSet<>()));
            held.removeIf(name -> schema.recordType(name).isEmpty());
            edges.put(record.name(), List.copyOf(held));
        }
        Map<QualifiedName, List<QualifiedName>> result = new HashMap<>();
        Map<QualifiedName, Integer> index = new HashMap<>();
        Map<QualifiedName, Integer> low = new HashMap<>();
        Deque<QualifiedName> stack = new ArrayDeque<>();
        Set<QualifiedName> onStack = new HashSet<>();
        for (RecordType root : schema.records()) {
            if (index.containsKey(root.name())) {
                continue;
            }
            // Each frame: a record and how many of its edges have been followed.
            Deque<Object[]> frames = new ArrayDeque<>();
            frames.push(new Object[] {root.name(), 0});
            index.put(root.name(), index.size());
            low.put(root.name(), index.get(root.name()));
            stack.push(root.name());
            onStack.add(root.name());
            while (!frames.isEmpty()) {
                Object[] frame = frames.peek();
                QualifiedName node = (QualifiedName) frame[0];
                List<QualifiedName> next = edges.get(node);
                int followed = (Integer) frame[1];
                if (followed < next.size()) {
                    frame[1] = followed + 1;
                    QualifiedName target = next.get(followed);
                    if (!index.containsKey(target)) {
                        index.put(target, index.size());
                        low.put(target, index.get(target));
                        stack.push(target);
                        onStack.add(target);
                        frames.push(new Object[] {target, 0});
                    } else if (onStack.contains(target)) {
                        low.put(node, Math.min(low.get(node), index.get(target)));
                    }
                    continue;
                }
                frames.pop();
                if (!frames.isEmpty()) {
                    QualifiedName parent = (QualifiedName) frames.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(node)));
                }
                if (low.get(node).equals(index.get(node))) {
                    List<QualifiedName> component = new ArrayList<>();
                    QualifiedName member;
                    do {
                        member = stack.pop();
                        onStack.remove(member);
                        component.add(member);
                    } while (!member.equals(node));
                    if (component.size() > 1 || edges.get(node).contains(node)) {
                        component.sort(java.util.Comparator.comparing(QualifiedName::toString));
                        List<QualifiedName> cycle = List.copyOf(component);
                        cycle.forEach(name -> result.put(name, cycle));
                    }
                }
            }
        }
        return result;
    }

    /** The least fixed point of "every required field can end", starting from no record. */
    private Set<QualifiedName> finiteRecords() {
        Set<QualifiedName> finiteSoFar = new HashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (RecordType record : schema.records()) {
                if (!finiteSoFar.contains(record.name()) && record.fields().stream()
                        .allMatch(f -> f.optional() || f.defaultValue() != null
                                || typeCanEnd(f.type(), finiteSoFar, new HashSet<>()))) {
                    finiteSoFar.add(record.name());
                    grew = true;
                }
            }
        }
        return finiteSoFar;
    }
}
