package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.ListForm;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.runtime.VariableList;

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
        return layout.encoding().accept(new Zeros(layout, constants, prefix));
    }

    /** The zero value of each encoding a required field added later may have: every one but records and unions. */
    private record Zeros(FieldLayout layout, Constants constants, String prefix) implements Encoding.Visitor<CodeBlock> {
        @Override
        public CodeBlock bool(Encoding.Bool encoding) {
            return CodeBlock.of("false");
        }

        @Override
        public CodeBlock integer(Encoding.Int encoding) {
            return number(0, layout);
        }

        @Override
        public CodeBlock range(Encoding.Range encoding) {
            long zero = nearestToZero(encoding.lo(), encoding.hi());
            if (zero == 0) {
                return number(0, layout);
            }
            TypeName natural = JavaTypes.naturalType(encoding);
            String name = constants.define(prefix + "_NEAREST_ZERO", natural, "$L",
                    natural.equals(TypeName.INT) ? Constants.intLiteral(zero) : Constants.longLiteral(zero));
            return layout.field().javaOverride() == JavaOverride.BIG_INTEGER
                    ? CodeBlock.of("$T.valueOf($N)", JavaTypes.BIG_INTEGER, name) : CodeBlock.of("$N", name);
        }

        @Override
        public CodeBlock floating(Encoding.Floating encoding) {
            return CodeBlock.of(encoding.bits() == Float.SIZE ? "0.0f" : "0.0");
        }

        @Override
        public CodeBlock decimal(Encoding.Decimal encoding) {
            return CodeBlock.of("$T.valueOf(0, $L)", JavaTypes.BIG_DECIMAL, encoding.scale());
        }

        @Override
        public CodeBlock date(Encoding.Date encoding) {
            return CodeBlock.of("$T.ofEpochDay($N)", JavaTypes.LOCAL_DATE, epochDay(encoding, constants, prefix));
        }

        @Override
        public CodeBlock time(Encoding.Time encoding) {
            return CodeBlock.of("$T.MIDNIGHT", JavaTypes.LOCAL_TIME);
        }

        @Override
        public CodeBlock timestamp(Encoding.Timestamp encoding) {
            if (encoding.plain()) {
                return CodeBlock.of("$T.EPOCH", JavaTypes.INSTANT);
            }
            return CodeBlock.of("$T.$L.$L($L)", JavaTypes.TIME_PRECISION, encoding.precision().name(),
                    encoding.local() ? "localDateTime" : "instant", Constants.longLiteral(epochCount(encoding)));
        }

        @Override
        public CodeBlock chars(Encoding.Chars encoding) {
            return CodeBlock.of("\"\"");
        }

        @Override
        public CodeBlock enumeration(Encoding.Enumeration encoding) {
            return CodeBlock.of("$T.$N", GeneratedNames.type(encoding.name()),
                    encoding.type().constants().get(0).name());
        }

        @Override
        public CodeBlock string(Encoding.Text encoding) {
            return CodeBlock.of("\"\"");
        }

        @Override
        public CodeBlock bytes(Encoding.Blob encoding) {
            return CodeBlock.of("new byte[0]");
        }

        @Override
        public CodeBlock list(Encoding.ListOf encoding) {
            // A list of variable-size elements has the getter type VariableList, which List.of() is not.
            return encoding.form() == ListForm.VARIABLE ? CodeBlock.of("$T.empty()", VariableList.class)
                    : CodeBlock.of("$T.of()", JavaTypes.LIST);
        }

        @Override
        public CodeBlock bigDecimal(Encoding.AnyDecimal encoding) {
            return CodeBlock.of("$T.ZERO", JavaTypes.BIG_DECIMAL);
        }

        @Override
        public CodeBlock bigInteger(Encoding.AnyInteger encoding) {
            return CodeBlock.of("$T.ZERO", JavaTypes.BIG_INTEGER);
        }

        @Override
        public CodeBlock record(Encoding.Nested encoding) {
            throw noZero(encoding);
        }

        @Override
        public CodeBlock union(Encoding.Union encoding) {
            throw noZero(encoding);
        }

        private static IllegalArgumentException noZero(Encoding encoding) {
            return new IllegalArgumentException("no zero value for " + encoding
                    + " (the checker makes a record or union field added in a later version optional)");
        }
    }

    /**
     * The constant holding the zero value of a date field's days since 1970-01-01: 0, or the range's nearest end.
     */
    static String epochDay(Encoding.Date type, Constants constants, String prefix) {
        long zero = nearestToZero(type.lo().toEpochDay(), type.hi().toEpochDay());
        return constants.define(prefix + "_NEAREST_ZERO_EPOCH_DAY", TypeName.INT, "$L", Constants.intLiteral(zero));
    }

    /** The zero value of a timestamp's units since the epoch: 0, or the range's nearest end. */
    static long epochCount(Encoding.Timestamp type) {
        return nearestToZero(type.lo(), type.hi());
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
