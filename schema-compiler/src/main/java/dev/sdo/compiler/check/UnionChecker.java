package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.util.HashMap;
import java.util.Map;

/**
 * Unions and abstract records (docs/unions-and-extension.md): alternatives with distinct names, none optional or
 * with a default, in version order; an abstract record is never stored on its own, so a field of one needs at least
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
            }
        }
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                checkUse(field.type(), schema);
            }
        }
        for (UnionType union : schema.unions()) {
            union.alternatives().forEach(alternative -> checkUse(alternative.type(), schema));
        }
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
                    && dev.sdo.compiler.layout.BitWidths.bits(chars, schema) > Long.SIZE) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "' is a char wider than 64 bits, which unions do not hold yet:"
                        + " use a string");
            }
            if (alternative.type() instanceof UnionRef) {
                diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "' is a " + dev.sdo.compiler.model.TypeNotation.of(
                                alternative.type()) + ", which unions do not hold yet");
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

    /** A field, element or alternative of an abstract record's type needs a concrete extension to hold. */
    private void checkUse(FieldType type, Schema schema) {
        if (type instanceof ListType list && list.element() instanceof UnionRef union) {
            diagnostics.error(union.position(), "lists of unions are not supported yet: wrap the union in a record"
                    + " and make a list of that record");
        } else if (type instanceof ListType list) {
            checkUse(list.element(), schema);
        } else if (type instanceof UnionRef ref) {
            schema.unionType(ref.name()).filter(u -> u.fromAbstract() && u.alternatives().isEmpty())
                    .ifPresent(u -> diagnostics.error(ref.position(), "abstract record '" + ref.name().simpleName()
                            + "' has no concrete extension: an abstract record is never stored on its own, so a"
                            + " field of it needs a record that extends it"));
        }
    }
}
