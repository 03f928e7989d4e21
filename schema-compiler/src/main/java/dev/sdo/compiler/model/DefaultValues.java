package dev.sdo.compiler.model;

import dev.sdo.compiler.model.FieldType.BigDecimalType;
import dev.sdo.compiler.model.FieldType.BigIntegerType;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/**
 * A field's default as a value of its type: what the checker checks and the generators write as a Java constant.
 * Decimals, dates, times and timestamps are written as strings in the schema ({@code = "1.50"}).
 */
public final class DefaultValues {
    private DefaultValues() {}

    /** The default of a field the checker passed, as {@link #value(Field, Schema)} gives it. */
    public static Object checkedValue(Field field) {
        return value(field, null);
    }

    /** What is wrong with the field's default, or null when it is a value of the field's type. */
    public static String problem(Field field, Schema schema) {
        try {
            value(field, schema);
            return null;
        } catch (IllegalArgumentException | DateTimeParseException | ArithmeticException e) {
            return e.getMessage();
        }
    }

    /**
     * The default of a checked field: a {@link Boolean}, {@link Long}, {@link Double}, {@link BigDecimal},
     * {@link BigInteger}, {@link LocalDate}, {@link LocalTime}, {@link Instant} or {@link String} (a string, a
     * {@code char(n)}, or an enum constant's name).
     *
     * @throws IllegalArgumentException saying why when the default is not a value of the field's type
     */
    public static Object value(Field field, Schema schema) {
        FieldDefault given = field.defaultValue();
        Object value = given.value();
        FieldType type = field.type();
        if (type instanceof BoolType) {
            return require(value, Boolean.class, "true or false");
        } else if (type instanceof IntegerType t) {
            return inRange(require(value, BigInteger.class, "an integer"), t.kind().min(), t.kind().max());
        } else if (type instanceof RangeType t) {
            return inRange(require(value, BigInteger.class, "an integer"), t.lo(), t.hi());
        } else if (type instanceof FloatType) {
            return value instanceof BigInteger integer ? integer.doubleValue()
                    : Double.parseDouble(require(value, String.class, "a number"));
        } else if (type instanceof DecimalType t) {
            BigDecimal decimal = new BigDecimal(text(value));
            BigDecimal scaled = decimal.setScale(t.scale());
            if (scaled.precision() - scaled.scale() > t.precision() - t.scale() || !t.signed() && decimal.signum() < 0) {
                throw new IllegalArgumentException(decimal + " does not fit " + TypeNotation.of(type));
            }
            return scaled;
        } else if (type instanceof BigDecimalType) {
            return new BigDecimal(text(value));
        } else if (type instanceof BigIntegerType) {
            return value instanceof BigInteger integer ? integer : new BigInteger(require(value, String.class,
                    "an integer"));
        } else if (type instanceof DateType t) {
            LocalDate date = LocalDate.parse(require(value, String.class, "a date written as a string"));
            if (date.isBefore(t.lo()) || date.isAfter(t.hi())) {
                throw new IllegalArgumentException(date + " is outside " + t.lo() + ".." + t.hi());
            }
            return date;
        } else if (type instanceof TimeType) {
            return LocalTime.parse(require(value, String.class, "a time written as a string"));
        } else if (type instanceof TimestampType) {
            return Instant.parse(require(value, String.class, "a timestamp written as a string"));
        } else if (type instanceof CharType t) {
            String text = require(value, String.class, "a string");
            if (text.length() > t.length()) {
                throw new IllegalArgumentException("\"" + text + "\" is longer than " + t.length() + " characters");
            }
            for (char c : text.toCharArray()) {
                if (t.alphabet().indexOf(c) < 0) {
                    throw new IllegalArgumentException("\"" + text + "\" has character '" + c
                            + "' outside the field's alphabet");
                }
            }
            return text;
        } else if (type instanceof StringType) {
            return require(value, String.class, "a string");
        } else if (type instanceof EnumRef t) {
            if (!given.name()) {
                throw new IllegalArgumentException("expected a constant of enum " + t.name().simpleName());
            }
            if (schema != null && schema.requireEnum(t.name()).constants().stream().noneMatch(c -> c.name().equals(value))) {
                throw new IllegalArgumentException("'" + value + "' is not a constant of enum "
                        + t.name().simpleName());
            }
            return value;
        }
        throw new IllegalArgumentException("a default applies only to scalar and string fields, not to "
                + TypeNotation.of(type));
    }

    private static <T> T require(Object value, Class<T> type, String expected) {
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("expected " + expected);
        }
        return type.cast(value);
    }

    private static String text(Object value) {
        return value instanceof BigInteger integer ? integer.toString() : require(value, String.class, "a number");
    }

    private static Long inRange(BigInteger value, long lo, long hi) {
        if (value.compareTo(BigInteger.valueOf(lo)) < 0 || value.compareTo(BigInteger.valueOf(hi)) > 0) {
            throw new IllegalArgumentException(value + " is outside " + lo + ".." + hi);
        }
        return value.longValue();
    }
}
