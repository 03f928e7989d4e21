package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.Encoding;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.JavaOverride;

/**
 * The zero value of a required field, which its getter returns for data written by a schema version that did not
 * have the field yet (docs/record-format.md, "Versions"): the value nearest to zero that the field can hold. That is
 * 0 for numbers ({@code int(lo..hi)} without 0: lo or hi, whichever is nearer), {@code false}, the empty string, blob
 * and list, midnight, the epoch (1970-01-01 and 1970-01-01T00:00Z, or a date range's nearest end) and an enum's
 * first constant. An optional field reads as absent instead; a record-typed field added later must be optional.
 */
final class ZeroValues {
    private ZeroValues() {}

    /**
     * The value of the field's required getter (its type after any {@code as} clause). A value other than an
     * obvious zero is named by a constant {@code PREFIX_NEAREST_ZERO} of {@code constants}.
     */
    static CodeBlock of(FieldLayout layout, Constants constants, String prefix) {
        Field field = layout.field();
        Encoding type = layout.encoding();
        if (type instanceof Encoding.Bool) {
            return CodeBlock.of("false");
        } else if (type instanceof Encoding.Int) {
            return number(0, layout);
        } else if (type instanceof Encoding.Range t) {
            long zero = nearestToZero(t.lo(), t.hi());
            if (zero == 0) {
                return number(0, layout);
            }
            TypeName natural = JavaTypes.naturalType(t);
            String name = constants.define(prefix + "_NEAREST_ZERO", natural, "$L",
                    natural.equals(TypeName.INT) ? Constants.intLiteral(zero) : Constants.longLiteral(zero));
            return field.javaOverride() == JavaOverride.BIG_INTEGER
                    ? CodeBlock.of("$T.valueOf($N)", JavaTypes.BIG_INTEGER, name) : CodeBlock.of("$N", name);
        } else if (type instanceof Encoding.Floating t) {
            return CodeBlock.of(t.bits() == Float.SIZE ? "0.0f" : "0.0");
        } else if (type instanceof Encoding.Decimal t) {
            return CodeBlock.of("$T.valueOf(0, $L)", JavaTypes.BIG_DECIMAL, t.scale());
        } else if (type instanceof Encoding.Date t) {
            return CodeBlock.of("$T.ofEpochDay($N)", JavaTypes.LOCAL_DATE, epochDay(t, constants, prefix));
        } else if (type instanceof Encoding.Time) {
            return CodeBlock.of("$T.MIDNIGHT", JavaTypes.LOCAL_TIME);
        } else if (type instanceof Encoding.Timestamp) {
            return CodeBlock.of("$T.EPOCH", JavaTypes.INSTANT);
        } else if (type instanceof Encoding.Chars || type instanceof Encoding.Text) {
            return CodeBlock.of("\"\"");
        } else if (type instanceof Encoding.Blob) {
            return CodeBlock.of("new byte[0]");
        } else if (type instanceof Encoding.AnyDecimal) {
            return CodeBlock.of("$T.ZERO", JavaTypes.BIG_DECIMAL);
        } else if (type instanceof Encoding.AnyInteger) {
            return CodeBlock.of("$T.ZERO", JavaTypes.BIG_INTEGER);
        } else if (type instanceof Encoding.ListOf) {
            return CodeBlock.of("$T.of()", JavaTypes.LIST);
        } else if (type instanceof Encoding.Enumeration t) {
            return CodeBlock.of("$T.$N", GeneratedNames.type(t.name()), t.type().constants().get(0).name());
        }
        throw new IllegalArgumentException("no zero value for a field of type " + type
                + " (a record-typed field added in a later version is optional)");
    }

    /**
     * The constant holding the zero value of a date field's days since 1970-01-01: 0, or the range's nearest end.
     */
    static String epochDay(Encoding.Date type, Constants constants, String prefix) {
        long zero = nearestToZero(type.lo().toEpochDay(), type.hi().toEpochDay());
        return constants.define(prefix + "_NEAREST_ZERO_EPOCH_DAY", TypeName.INT, "$L", Constants.intLiteral(zero));
    }

    /** An empty read-only buffer: the zero value of a blob or string's byte view. */
    static CodeBlock emptyBuffer() {
        return CodeBlock.of("$T.allocate(0).asReadOnlyBuffer()", JavaTypes.BYTE_BUFFER);
    }

    private static long nearestToZero(long lo, long hi) {
        return Math.max(lo, Math.min(hi, 0));
    }

    private static CodeBlock number(long value, FieldLayout field) {
        TypeName target = JavaTypes.valueType(field);
        if (field.field().javaOverride() == JavaOverride.BIG_INTEGER) {
            return value == 0 ? CodeBlock.of("$T.ZERO", JavaTypes.BIG_INTEGER)
                    : CodeBlock.of("$T.valueOf($L)", JavaTypes.BIG_INTEGER, Constants.longLiteral(value));
        }
        if (target.equals(TypeName.LONG)) {
            return CodeBlock.of("$L", Constants.longLiteral(value));
        }
        if (target.equals(TypeName.BYTE) || target.equals(TypeName.SHORT)) {
            return CodeBlock.of("($T) $L", target, Constants.intLiteral(value));
        }
        return CodeBlock.of("$L", Constants.intLiteral(value));
    }
}
