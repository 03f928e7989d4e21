package dev.sdo.compiler.model;

import dev.sdo.compiler.model.FieldType.BigDecimalType;
import dev.sdo.compiler.model.FieldType.BigIntegerType;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.compiler.model.FieldType.UnionRef;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
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
        return field.type().accept(new Defaults(given, given.value(), schema));
    }

    /** The default as a value of each type; types without defaults refuse one. */
    private record Defaults(FieldDefault given, Object value, Schema schema) implements FieldType.Visitor<Object> {
        @Override
        public Object bool(BoolType type) {
            return require(value, Boolean.class, "true or false");
        }

        @Override
        public Object integer(IntegerType type) {
            BigInteger integer = require(value, BigInteger.class, "an integer");
            if (type.kind().unsigned64()) {
                if (integer.signum() < 0 || integer.bitLength() > Long.SIZE) {
                    throw new IllegalArgumentException(integer + " is outside 0..18446744073709551615");
                }
                return integer.longValue(); // the long of the same bits
            }
            return inRange(integer, type.kind().min(), type.kind().max());
        }

        @Override
        public Object range(RangeType type) {
            return inRange(require(value, BigInteger.class, "an integer"), type.lo(), type.hi());
        }

        @Override
        public Object floating(FloatType type) {
            return value instanceof BigInteger integer ? integer.doubleValue()
                    : Double.parseDouble(require(value, String.class, "a number"));
        }

        @Override
        public Object decimal(DecimalType type) {
            BigDecimal decimal = new BigDecimal(text(value));
            BigDecimal scaled = decimal.setScale(type.scale());
            if (scaled.precision() - scaled.scale() > type.precision() - type.scale()
                    || !type.signed() && decimal.signum() < 0) {
                throw new IllegalArgumentException(decimal + " does not fit " + TypeNotation.of(type));
            }
            return scaled;
        }

        @Override
        public Object bigDecimal(BigDecimalType type) {
            return new BigDecimal(text(value));
        }

        @Override
        public Object bigInteger(BigIntegerType type) {
            return value instanceof BigInteger integer ? integer
                    : new BigInteger(require(value, String.class, "an integer"));
        }

        @Override
        public Object date(DateType type) {
            LocalDate date = LocalDate.parse(require(value, String.class, "a date written as a string"));
            if (date.isBefore(type.lo()) || date.isAfter(type.hi())) {
                throw new IllegalArgumentException(date + " is outside " + type.lo() + ".." + type.hi());
            }
            return date;
        }

        @Override
        public Object time(TimeType type) {
            LocalTime time = LocalTime.parse(require(value, String.class, "a time written as a string"));
            if (type.precision().countOf(time) == null) {
                throw new IllegalArgumentException(time + " is finer than a " + type.precision().noun());
            }
            return time;
        }

        @Override
        public Object timestamp(TimestampType type) {
            String text = require(value, String.class, "a timestamp written as a string");
            Object parsed = type.local() ? LocalDateTime.parse(text) : Instant.parse(text);
            Long count = parsed instanceof Instant instant ? type.precision().countOf(instant)
                    : type.precision().countOf((LocalDateTime) parsed);
            int nanos = parsed instanceof Instant instant ? instant.getNano() : ((LocalDateTime) parsed).getNano();
            if (!type.precision().holds(nanos)) {
                throw new IllegalArgumentException(text + " is finer than a " + type.precision().noun());
            }
            long[] range = type.bounded() ? TimestampRanges.counts(type) : new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            if (count == null || range == null || count < range[0] || count > range[1]) {
                throw new IllegalArgumentException(text + " is outside " + TypeNotation.of(type));
            }
            return parsed;
        }

        @Override
        public Object chars(CharType type) {
            String text = require(value, String.class, "a string");
            if (text.length() > type.length()) {
                throw new IllegalArgumentException("\"" + text + "\" is longer than " + type.length() + " characters");
            }
            for (char c : text.toCharArray()) {
                if (type.alphabet().indexOf(c) < 0) {
                    throw new IllegalArgumentException("\"" + text + "\" has character '" + c
                            + "' outside the field's alphabet");
                }
            }
            return text;
        }

        @Override
        public Object string(StringType type) {
            return require(value, String.class, "a string");
        }

        @Override
        public Object enumeration(EnumRef type) {
            if (!given.name()) {
                throw new IllegalArgumentException("expected a constant of enum " + type.name().simpleName());
            }
            if (schema != null
                    && schema.requireEnum(type.name()).constants().stream().noneMatch(c -> c.name().equals(value))) {
                throw new IllegalArgumentException("'" + value + "' is not a constant of enum "
                        + type.name().simpleName());
            }
            return value;
        }

        @Override
        public Object record(RecordRef type) {
            throw noDefault(type);
        }

        @Override
        public Object bytes(BytesType type) {
            throw noDefault(type);
        }

        @Override
        public Object list(ListType type) {
            throw noDefault(type);
        }

        @Override
        public Object union(UnionRef type) {
            throw noDefault(type);
        }

        private static IllegalArgumentException noDefault(FieldType type) {
            return new IllegalArgumentException("a default applies only to scalar and string fields, not to "
                    + TypeNotation.of(type));
        }
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
