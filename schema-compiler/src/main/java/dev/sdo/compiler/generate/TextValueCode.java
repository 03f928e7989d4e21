package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.runtime.text.DatePattern;
import dev.sdo.runtime.text.TextValues;
import java.time.LocalDate;

/**
 * The Java expression of a value's {@code dev.sdo.runtime.text.TextValue}: how the XML binding of records with
 * nested records and lists reads and writes one value of a type, as the Java type its getter has.
 */
final class TextValueCode {
    static final ClassName TEXT_VALUES = ClassName.get(TextValues.class);
    private static final ClassName DATE_PATTERN = ClassName.get(DatePattern.class);

    private TextValueCode() {}

    /**
     * The text value of a value of {@code type}, exposed as {@code javaType} (the getter's type, unboxed, for a
     * field; the list's element type for a list).
     *
     * @param format the date or time pattern, or null for ISO
     */
    static CodeBlock of(Encoding type, TypeName javaType, String format) {
        return type.accept(new Values(javaType.isBoxedPrimitive() ? javaType.unbox() : javaType, format));
    }

    /** The text values of the encodings that have one: every encoding of a single value. */
    private record Values(TypeName javaType, String format) implements Encoding.Visitor<CodeBlock> {
        @Override
        public CodeBlock bool(Encoding.Bool encoding) {
            return CodeBlock.of("$T.bool()", TEXT_VALUES);
        }

        @Override
        public CodeBlock integer(Encoding.Int encoding) {
            if (encoding.kind().unsigned64()) {
                return CodeBlock.of("$T.uint64()", TEXT_VALUES);
            }
            return TextValueCode.integer(javaType, encoding.kind().min(), encoding.kind().max());
        }

        @Override
        public CodeBlock range(Encoding.Range encoding) {
            return TextValueCode.integer(javaType, encoding.lo(), encoding.hi());
        }

        @Override
        public CodeBlock floating(Encoding.Floating encoding) {
            return CodeBlock.of("$T.$L()", TEXT_VALUES, encoding.bits() == Float.SIZE ? "float32" : "float64");
        }

        @Override
        public CodeBlock decimal(Encoding.Decimal encoding) {
            return CodeBlock.of("$T.decimal($L, $L, $L)", TEXT_VALUES, encoding.precision(), encoding.scale(),
                    encoding.signed());
        }

        @Override
        public CodeBlock date(Encoding.Date encoding) {
            return CodeBlock.of("$T.date($L, $L, new $T($S))", TEXT_VALUES, TextValueCode.date(encoding.lo()),
                    TextValueCode.date(encoding.hi()), DATE_PATTERN, format == null ? "uuuu-MM-dd" : format);
        }

        @Override
        public CodeBlock time(Encoding.Time encoding) {
            if (encoding.millis()) {
                return CodeBlock.of("$T.time($S)", TEXT_VALUES, format);
            }
            return CodeBlock.of("$T.time($S, $T.$L)", TEXT_VALUES, format, JavaTypes.TIME_PRECISION,
                    encoding.precision().name());
        }

        @Override
        public CodeBlock timestamp(Encoding.Timestamp encoding) {
            if (encoding.plain()) {
                return CodeBlock.of("$T.timestamp()", TEXT_VALUES);
            }
            return CodeBlock.of("$T.$L($T.$L, $L, $L)", TEXT_VALUES, encoding.local() ? "localTimestamp" : "timestamp",
                    JavaTypes.TIME_PRECISION, encoding.precision().name(), count(encoding.lo()), count(encoding.hi()));
        }

        private static CodeBlock count(long count) {
            return count == Long.MIN_VALUE ? CodeBlock.of("$T.MIN_VALUE", Long.class)
                    : count == Long.MAX_VALUE ? CodeBlock.of("$T.MAX_VALUE", Long.class)
                    : CodeBlock.of("$L", Constants.longLiteral(count));
        }

        @Override
        public CodeBlock chars(Encoding.Chars encoding) {
            return CodeBlock.of("$T.chars($L, new $T($S))", TEXT_VALUES, encoding.length(), JavaTypes.ALPHABET,
                    encoding.alphabet());
        }

        @Override
        public CodeBlock enumeration(Encoding.Enumeration encoding) {
            return CodeBlock.of("$T.enumeration($T.values())", TEXT_VALUES, GeneratedNames.type(encoding.name()));
        }

        @Override
        public CodeBlock string(Encoding.Text encoding) {
            return CodeBlock.of("$T.string()", TEXT_VALUES);
        }

        @Override
        public CodeBlock bytes(Encoding.Blob encoding) {
            return CodeBlock.of("$T.bytes()", TEXT_VALUES);
        }

        @Override
        public CodeBlock bigDecimal(Encoding.AnyDecimal encoding) {
            return CodeBlock.of("$T.decimal()", TEXT_VALUES);
        }

        @Override
        public CodeBlock bigInteger(Encoding.AnyInteger encoding) {
            return CodeBlock.of("$T.integer()", TEXT_VALUES);
        }

        @Override
        public CodeBlock record(Encoding.Nested encoding) {
            throw notAValue(encoding);
        }

        @Override
        public CodeBlock list(Encoding.ListOf encoding) {
            throw notAValue(encoding);
        }

        @Override
        public CodeBlock union(Encoding.Union encoding) {
            throw notAValue(encoding);
        }

        private static IllegalArgumentException notAValue(Encoding encoding) {
            // The XML binding maps records, lists and unions to elements of their own, never to one text value.
            return new IllegalArgumentException("not a single value: " + encoding);
        }
    }

    /** The integer text value whose Java type is {@code javaType}: byte, short, int, long or BigInteger. */
    private static CodeBlock integer(TypeName javaType, long min, long max) {
        if (javaType.equals(TypeName.BYTE)) {
            return CodeBlock.of("$T.int8()", TEXT_VALUES);
        } else if (javaType.equals(TypeName.SHORT)) {
            return CodeBlock.of("$T.int16()", TEXT_VALUES);
        } else if (javaType.equals(TypeName.INT)) {
            return CodeBlock.of("$T.int32($L, $L)", TEXT_VALUES, Constants.intLiteral(min), Constants.intLiteral(max));
        } else if (javaType.equals(TypeName.LONG)) {
            return CodeBlock.of("$T.int64($L, $L)", TEXT_VALUES, Constants.longLiteral(min), Constants.longLiteral(max));
        }
        return CodeBlock.of("$T.bigInteger($L, $L)", TEXT_VALUES, Constants.longLiteral(min),
                Constants.longLiteral(max));
    }

    private static CodeBlock date(LocalDate date) {
        return CodeBlock.of("$T.of($L, $L, $L)", JavaTypes.LOCAL_DATE, date.getYear(), date.getMonthValue(),
                date.getDayOfMonth());
    }
}
