package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Unions and abstract records (docs/unions-and-extension.md): alternatives with distinct names, none optional or
 * with a default, in version order, no union holding itself through union alternatives alone; an abstract record is never stored on its own, so a field of one needs at least
 * one concrete extension to hold.
 */
final class UnionChecker {
    private final Diagnostics diagnostics;

    UnionChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (UnionType union : schema.unions()) {
            if (!union.fromAbstract()) {
                checkAlternatives(union, schema);
                checkVersions(union, schema);
            }
        }
        checkNesting(schema);
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                checkUse(field.type(), schema);
            }
        }
        for (UnionType union : schema.unions()) {
            union.alternatives().forEach(alternative -> checkUse(alternative.type(), schema));
        }
    }

    /**
     * Alternatives added in a later version ({@code @since}) must leave the union's bits as they were: the same tag
     * width, inline place and slot, so that the records holding it keep their layout and data of every version reads
     * the same (docs/unions-and-extension.md, "Versions").
     */
    private void checkVersions(UnionType union, Schema schema) {
        if (union.alternatives().stream().allMatch(a -> a.since() <= 1) || diagnostics.hasErrors()) {
            return;
        }
        UnionLayout full = UnionLayout.of(union, schema);
        for (Field alternative : union.alternatives()) {
            if (alternative.since() <= 1) {
                continue;
            }
            List<Field> before = union.alternatives().stream().filter(a -> a.since() < alternative.since()).toList();
            if (before.isEmpty()) {
                diagnostics.error(alternative.position(), "union '" + union.name().simpleName()
                        + "' has no alternative in its first version: at least one alternative has no @since");
                return;
            }
            UnionLayout earlier = UnionLayout.of(new UnionType(union.name(), before, union.doc(),
                    union.annotations(), union.position(), false), schema);
            if (earlier.tagBits() != full.tagBits() || earlier.inlineBits() != full.inlineBits()
                    || earlier.hasSlot() != full.hasSlot()) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' added in version "
                        + alternative.since() + " changes the bits of union '" + union.name().simpleName() + "' ("
                        + bits(earlier) + " before, " + bits(full) + " with it), which would move the fields after"
                        + " it in data of earlier versions: only alternatives that fit the union's tag, inline bits"
                        + " and slot can be added later");
                return;
            }
        }
    }

    private static String bits(UnionLayout layout) {
        return layout.tagBits() + "-bit tag, " + layout.inlineBits() + " inline bits, " + (layout.hasSlot()
                ? "a slot" : "no slot");
    }

    private void checkAlternatives(UnionType union, Schema schema) {
        Map<String, Field> names = new HashMap<>();
        Field latest = null;
        for (Field alternative : union.alternatives()) {
            Field first = names.putIfAbsent(alternative.name(), alternative);
            if (first != null) {
                diagnostics.error(alternative.position(), "duplicate alternative '" + alternative.name()
                        + "' in union '" + union.name().simpleName() + "': already declared at " + first.position());
            }
            if (alternative.optional()) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "' cannot be optional: a union field is optional as a whole");
            }
            if (alternative.type() instanceof FieldType.CharType chars && TypeArguments.problems(chars).isEmpty()
                    && new dev.sdo.compiler.layout.Encodings(schema).of(chars).bits() > Long.SIZE) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "' is a char wider than 64 bits, which unions do not hold yet:"
                        + " use a string");
            }
            if (alternative.defaultValue() != null) {
                diagnostics.error(alternative.defaultValue().position(), "alternative '" + alternative.name()
                        + "' of union '" + union.name().simpleName() + "' cannot have a default");
            }
            if (latest != null && alternative.since() < latest.since()) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of version "
                        + alternative.since() + " comes after alternative '" + latest.name() + "' of version "
                        + latest.since() + ": alternatives added later go at the end, so that earlier tags keep"
                        + " their meaning");
            } else {
                latest = alternative;
            }
        }
    }

    /** One alternative followed, in the union that declares it. */
    private record Step(UnionType union, Field alternative) {}

    /**
     * A union whose alternatives lead back to it through unions only: such an alternative holds the inner union's
     * own encoding, which holds one of its alternatives, and so on, with no record in between to end the chain in
     * a value of another type. Each cycle is reported once, at the type of the alternative that closes it.
     */
    private void checkNesting(Schema schema) {
        Set<QualifiedName> reported = new HashSet<>();
        for (UnionType union : schema.unions()) {
            if (reported.contains(union.name())) {
                continue;
            }
            List<Step> cycle = cycleFrom(union.name(), union, schema, new ArrayList<>(), new HashSet<>());
            if (cycle != null) {
                StringJoiner path = new StringJoiner(" -> ");
                cycle.forEach(step -> {
                    path.add(step.union().name().simpleName() + "." + step.alternative().name());
                    reported.add(step.union().name());
                });
                path.add(union.name().simpleName());
                UnionRef closing = (UnionRef) cycle.get(cycle.size() - 1).alternative().type();
                diagnostics.error(closing.position(), "union '" + union.name().simpleName()
                        + "' contains itself through alternatives only: " + path + "; an alternative that is a union"
                        + " holds the whole of it, so such a chain needs a record in it to end");
            }
        }
    }

    /** The alternatives followed from {@code at} back to {@code start} through union alternatives, or null. */
    private static List<Step> cycleFrom(QualifiedName start, UnionType at, Schema schema, List<Step> path,
            Set<QualifiedName> seen) {
        if (!seen.add(at.name())) {
            return null;
        }
        for (Field alternative : at.alternatives()) {
            if (!(alternative.type() instanceof UnionRef ref)) {
                continue;
            }
            path.add(new Step(at, alternative));
            if (ref.name().equals(start)) {
                return path;
            }
            Optional<UnionType> next = schema.unionType(ref.name());
            List<Step> found = next.isEmpty() ? null : cycleFrom(start, next.get(), schema, path, seen);
            if (found != null) {
                return found;
            }
            path.remove(path.size() - 1);
        }
        return null;
    }

    /** A field, element or alternative of an abstract record's type needs a concrete extension to hold. */
    private void checkUse(FieldType type, Schema schema) {
        if (type.isList()) {
            checkUse(type.itemType(), schema);
        } else if (type instanceof UnionRef ref) {
            schema.unionType(ref.name()).filter(u -> u.fromAbstract() && u.alternatives().isEmpty())
                    .ifPresent(u -> diagnostics.error(ref.position(), "abstract record '" + ref.name().simpleName()
                            + "' has no concrete extension: an abstract record is never stored on its own, so a"
                            + " field of it needs a record that extends it"));
        }
    }
}
