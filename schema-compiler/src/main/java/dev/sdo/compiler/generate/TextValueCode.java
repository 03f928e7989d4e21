package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.Encoding;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
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
        if (type instanceof Encoding.Bool) {
            return CodeBlock.of("$T.bool()", TEXT_VALUES);
        } else if (type instanceof Encoding.Int t) {
            return integer(javaType.isBoxedPrimitive() ? javaType.unbox() : javaType, t.kind().min(), t.kind().max());
        } else if (type instanceof Encoding.Range t) {
            return integer(javaType.isBoxedPrimitive() ? javaType.unbox() : javaType, t.lo(), t.hi());
        } else if (type instanceof Encoding.Floating t) {
            return CodeBlock.of("$T.$L()", TEXT_VALUES, t.bits() == Float.SIZE ? "float32" : "float64");
        } else if (type instanceof Encoding.Decimal t) {
            return CodeBlock.of("$T.decimal($L, $L, $L)", TEXT_VALUES, t.precision(), t.scale(), t.signed());
        } else if (type instanceof Encoding.Date t) {
            return CodeBlock.of("$T.date($L, $L, new $T($S))", TEXT_VALUES, date(t.lo()), date(t.hi()), DATE_PATTERN,
                    format == null ? "uuuu-MM-dd" : format);
        } else if (type instanceof Encoding.Time) {
            return CodeBlock.of("$T.time($S)", TEXT_VALUES, format);
        } else if (type instanceof Encoding.Timestamp) {
            return CodeBlock.of("$T.timestamp()", TEXT_VALUES);
        } else if (type instanceof Encoding.Chars t) {
            return CodeBlock.of("$T.chars($L, new $T($S))", TEXT_VALUES, t.length(), JavaTypes.ALPHABET, t.alphabet());
        } else if (type instanceof Encoding.Enumeration t) {
            return CodeBlock.of("$T.enumeration($T.values())", TEXT_VALUES, GeneratedNames.type(t.name()));
        } else if (type instanceof Encoding.Text) {
            return CodeBlock.of("$T.string()", TEXT_VALUES);
        } else if (type instanceof Encoding.Blob) {
            return CodeBlock.of("$T.bytes()", TEXT_VALUES);
        } else if (type instanceof Encoding.AnyDecimal) {
            return CodeBlock.of("$T.decimal()", TEXT_VALUES);
        } else if (type instanceof Encoding.AnyInteger) {
            return CodeBlock.of("$T.integer()", TEXT_VALUES);
        }
        throw new IllegalArgumentException("not a value type: " + type);
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
