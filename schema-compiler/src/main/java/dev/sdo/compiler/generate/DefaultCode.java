package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.runtime.Alphabet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A field's default as Java code (docs/unions-and-extension.md): the constant an SDO returns when the field's
 * presence bit is 0, the value a new bean starts with, and the test by which encoding stores nothing for it.
 */
final class DefaultCode {
    private DefaultCode() {}

    /** The default as an expression of the field's value type. */
    static CodeBlock value(FieldLayout layout) {
        Object value = layout.defaultValue();
        TypeName type = JavaTypes.valueType(layout);
        if (layout.encoding() instanceof Encoding.Enumeration ref) {
            return CodeBlock.of("$T.$N", GeneratedNames.type(ref.name()), (String) value);
        } else if (value instanceof Boolean || value instanceof String) {
            return value instanceof String s ? CodeBlock.of("$S", s) : CodeBlock.of("$L", value);
        } else if (value instanceof Long number) {
            if (type.equals(TypeName.LONG)) {
                return CodeBlock.of("$L", Constants.longLiteral(number));
            } else if (type.equals(TypeName.INT)) {
                return CodeBlock.of("$L", Constants.intLiteral(number));
            } else if (type.equals(JavaTypes.BIG_INTEGER)) {
                // a field declared "as BigInteger": no cast turns a literal into one
                return CodeBlock.of("$T.valueOf($L)", JavaTypes.BIG_INTEGER, Constants.longLiteral(number));
            }
            return CodeBlock.of("($T) $L", type, number);
        } else if (value instanceof Double number) {
            return ((Encoding.Floating) layout.encoding()).bits() == Float.SIZE ? CodeBlock.of("$Lf", number.floatValue())
                    : CodeBlock.of("$L", number);
        } else if (value instanceof BigDecimal decimal) {
            return CodeBlock.of("new $T($S)", JavaTypes.BIG_DECIMAL, decimal.toPlainString());
        } else if (value instanceof BigInteger integer) {
            return CodeBlock.of("new $T($S)", JavaTypes.BIG_INTEGER, integer.toString());
        } else if (value instanceof LocalDate date) {
            return CodeBlock.of("$T.of($L, $L, $L)", JavaTypes.LOCAL_DATE, date.getYear(), date.getMonthValue(),
                    date.getDayOfMonth());
        } else if (value instanceof LocalTime time) {
            return CodeBlock.of("$T.parse($S)", JavaTypes.LOCAL_TIME, time.toString());
        } else if (value instanceof Instant instant) {
            return CodeBlock.of("$T.parse($S)", JavaTypes.INSTANT, instant.toString());
        } else if (value instanceof LocalDateTime dateTime) {
            return CodeBlock.of("$T.parse($S)", JavaTypes.LOCAL_DATE_TIME, dateTime.toString());
        }
        throw new IllegalArgumentException("no Java form for the default of " + layout.field().name());
    }

    /** The unscaled default of a decimal field, for {@code getXUnscaled()}. */
    static long unscaled(FieldLayout layout) {
        Encoding.Decimal type = (Encoding.Decimal) layout.encoding();
        return ((BigDecimal) layout.defaultValue()).setScale(type.scale()).unscaledValue().longValueExact();
    }

    /** The default of a date field as days since 1970-01-01, for {@code getXEpochDay()}. */
    static int epochDay(FieldLayout layout) {
        return Math.toIntExact(((LocalDate) layout.defaultValue()).toEpochDay());
    }

    /** The default of a timestamp field as units since the epoch, for {@code getXEpochMilli()} and the like. */
    static long epochCount(FieldLayout layout) {
        Encoding.Timestamp type = (Encoding.Timestamp) layout.encoding();
        Object value = layout.defaultValue();
        return value instanceof Instant instant ? type.precision().countOf(instant)
                : type.precision().countOf((LocalDateTime) value);
    }

    /** The order key of a {@code char(n)} field's default, for {@code getXOrderKey()}. */
    static long orderKey(FieldLayout layout) {
        Encoding.Chars type = (Encoding.Chars) layout.encoding();
        Alphabet alphabet = new Alphabet(type.alphabet());
        String name = layout.field().name();
        return alphabet.orderKey(alphabet.pack(name, (String) layout.defaultValue(), type.length()), type.length());
    }

    /**
     * The test that {@code value} (a local of the field's getter type) is the default, so that nothing is stored:
     * null counts as the default; decimals compare by value (1.5 is 1.50), floats by their bits.
     */
    static CodeBlock isDefault(FieldLayout layout, CodeBlock value, String constant) {
        TypeName type = JavaTypes.getterType(layout);
        if (type.equals(TypeName.FLOAT)) {
            return CodeBlock.of("$T.floatToRawIntBits($L) == $T.floatToRawIntBits($N)", Float.class, value,
                    Float.class, constant);
        } else if (type.equals(TypeName.DOUBLE)) {
            return CodeBlock.of("$T.doubleToRawLongBits($L) == $T.doubleToRawLongBits($N)", Double.class, value,
                    Double.class, constant);
        } else if (type.isPrimitive()) {
            return CodeBlock.of("$L == $N", value, constant);
        } else if (layout.encoding() instanceof Encoding.Enumeration) {
            return CodeBlock.of("$L == null || $L == $N", value, value, constant);
        } else if (layout.encoding() instanceof Encoding.Decimal) {
            return CodeBlock.of("$L == null || $L.compareTo($N) == 0", value, value, constant);
        }
        return CodeBlock.of("$L == null || $L.equals($N)", value, value, constant);
    }
}
