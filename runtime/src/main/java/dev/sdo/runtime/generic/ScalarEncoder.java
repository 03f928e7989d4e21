package dev.sdo.runtime.generic;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a {@link GenericWriter} turns one scalar value (a field's, a list element's, a union alternative's) into its
 * stored bits: the value's Java type checked against the field's type, then the value checked by the runtime's
 * {@link FieldValues} exactly as generated {@code encode} checks it, with the same messages. The Java types are
 * those {@link GenericRecord#get} reads, and the other integral types a generated bean may hold ({@code Integer},
 * {@code Short}, {@code Byte}, {@code BigInteger}).
 */
final class ScalarEncoder {
    /** How the value becomes bits. */
    private enum Kind { BOOL, INT, RANGE, FLOAT32, FLOAT64, DECIMAL, DATE, TIME, EPOCH_MILLIS, EPOCH_COUNT, UINT64,
        CHARS, ENUM }

    private final Kind kind;
    private final FieldType.Scalar type;
    /** The type as a schema spells it, for messages. */
    private final String typeText;
    private final int width;
    /** The smallest and largest value of an integer or range; a timestamp's first and last count. */
    private final long min;
    private final long max;
    /** What is added to the checked number to store it: a signed decimal's bias, minus a range's lower end. */
    private final long offset;
    private final TimePrecision precision;
    private final Alphabet alphabet;
    private final Map<String, Integer> ordinals;

    ScalarEncoder(FieldType.Scalar type, SchemaDescriptor schema) {
        this.type = type;
        this.typeText = TypeText.of(type, schema);
        this.width = (int) Math.min(Integer.MAX_VALUE, type.bits());
        long low = 0;
        long high = 0;
        long add = 0;
        TimePrecision unit = null;
        Alphabet characters = null;
        Map<String, Integer> constants = null;
        if (type instanceof FieldType.Bool) {
            kind = Kind.BOOL;
        } else if (type instanceof FieldType.Int i) {
            kind = Kind.INT;
            low = i.min();
            high = i.max();
        } else if (type instanceof FieldType.Range r) {
            kind = Kind.RANGE;
            low = r.lo();
            high = r.hi();
            add = -r.lo();
        } else if (type instanceof FieldType.Floating f) {
            kind = f.bitCount() == Float.SIZE ? Kind.FLOAT32 : Kind.FLOAT64;
        } else if (type instanceof FieldType.Decimal d) {
            kind = Kind.DECIMAL;
            add = d.signed() ? BigInteger.TEN.pow(d.precision()).longValueExact() - 1 : 0;
        } else if (type instanceof FieldType.Date d) {
            kind = Kind.DATE;
            low = d.loEpochDay();
            high = d.hiEpochDay();
        } else if (type instanceof FieldType.Time t) {
            kind = Kind.TIME;
            unit = t.precision();
        } else if (type instanceof FieldType.Timestamp t) {
            // As generated code: a plain timestamp (milliseconds, no range, not local) by epochMillis.
            kind = t.precision() == TimePrecision.MILLIS && !t.local() && !t.bounded() ? Kind.EPOCH_MILLIS
                    : Kind.EPOCH_COUNT;
            unit = t.precision();
            low = t.lo();
            high = t.hi();
            add = t.bounded() ? -t.lo() : 0;
        } else if (type instanceof FieldType.Unsigned64) {
            kind = Kind.UINT64;
        } else if (type instanceof FieldType.Chars c) {
            kind = Kind.CHARS;
            characters = new Alphabet(c.alphabet());
        } else {
            kind = Kind.ENUM;
            List<String> names = ((FieldType.Enumeration) type).constants();
            constants = new HashMap<>();
            for (int i = 0; i < names.size(); i++) {
                constants.put(names.get(i), i);
            }
        }
        this.min = low;
        this.max = high;
        this.offset = add;
        this.precision = unit;
        this.alphabet = characters;
        this.ordinals = constants;
    }

    int width() {
        return width;
    }

    /** Whether values take more than 64 bits ({@code char(n)} of a wide alphabet), written by {@link #writeWide}. */
    boolean wide() {
        return width > Long.SIZE;
    }

    /**
     * The stored bits of {@code value} (not null), a value of a field of at most 64 bits named {@code label}.
     *
     * @throws IllegalArgumentException naming the field when the value is not of the type's Java type, or does not
     *     fit the field
     */
    long bits(String label, Object value) {
        switch (kind) {
            case BOOL:
                return (Boolean) typed(label, value, Boolean.class, "a Boolean") ? 1 : 0;
            case INT:
            case RANGE:
                return integer(label, value) + offset;
            case UINT64:
                return (Long) typed(label, value, Long.class, "a Long (the value's 64 bits)");
            case FLOAT32:
                return Float.floatToRawIntBits((Float) typed(label, value, Float.class, "a Float"));
            case FLOAT64:
                if (value instanceof Float f) {
                    return Double.doubleToRawLongBits(f);
                }
                return Double.doubleToRawLongBits((Double) typed(label, value, Double.class, "a Double"));
            case DECIMAL: {
                FieldType.Decimal d = (FieldType.Decimal) type;
                return FieldValues.unscaled(label, (BigDecimal) typed(label, value, BigDecimal.class,
                        "a BigDecimal"), d.precision(), d.scale(), d.signed()) + offset;
            }
            case DATE:
                return FieldValues.daysSince(label, (LocalDate) typed(label, value, LocalDate.class, "a LocalDate"),
                        min, max);
            case TIME: {
                LocalTime time = (LocalTime) typed(label, value, LocalTime.class, "a LocalTime");
                return precision == TimePrecision.MILLIS ? FieldValues.millisOfDay(label, time)
                        : FieldValues.countOfDay(label, time, precision);
            }
            case EPOCH_MILLIS:
                return FieldValues.epochMillis(label, (Instant) typed(label, value, Instant.class, "an Instant"));
            case EPOCH_COUNT:
                return epochCount(label, value) + offset;
            case CHARS:
                return alphabet.pack(label, characters(label, value), ((FieldType.Chars) type).length());
            default:
                return ordinal(label, value);
        }
    }

    /**
     * Writes {@code value}, characters of more than 64 bits, at bit {@code bitOffset} of the record at {@code base}.
     */
    void writeWide(String label, Object value, ByteBuffer buffer, int base, long bitOffset) {
        alphabet.write(label, characters(label, value), ((FieldType.Chars) type).length(), buffer, base, bitOffset);
    }

    /** Characters as the value's text, checked to be a {@code String} (or a {@code Character}). */
    String characters(String label, Object value) {
        if (value instanceof Character c) {
            return c.toString();
        }
        return (String) typed(label, value, String.class, "a String");
    }

    private long integer(String label, Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return FieldValues.checkRange(label, ((Number) value).longValue(), min, max);
        } else if (value instanceof BigInteger big) {
            return FieldValues.checkRange(label, big, min, max);
        }
        throw wrongType(label, value, "a Long (or an Integer, Short, Byte or BigInteger)");
    }

    private long epochCount(String label, Object value) {
        FieldType.Timestamp t = (FieldType.Timestamp) type;
        if (t.local()) {
            return FieldValues.epochCount(label, (LocalDateTime) typed(label, value, LocalDateTime.class,
                    "a LocalDateTime"), precision, min, max);
        }
        return FieldValues.epochCount(label, (Instant) typed(label, value, Instant.class, "an Instant"), precision,
                min, max);
    }

    private int ordinal(String label, Object value) {
        String name = value instanceof Enum<?> constant ? constant.name()
                : (String) typed(label, value, String.class, "a String (the constant's name)");
        Integer ordinal = ordinals.get(name);
        if (ordinal == null) {
            FieldType.Enumeration e = (FieldType.Enumeration) type;
            throw new IllegalArgumentException(label + ": \"" + name + "\" is no constant of enum " + typeText
                    + "; allowed: " + String.join(", ", e.constants()));
        }
        return ordinal;
    }

    private Object typed(String label, Object value, Class<?> javaType, String expected) {
        if (!javaType.isInstance(value)) {
            throw wrongType(label, value, expected);
        }
        return value;
    }

    /** The exception for a value of another Java type than the field's, naming the field, its type and both. */
    IllegalArgumentException wrongType(String label, Object value, String expected) {
        return GenericWriter.wrongType(label, typeText, expected, value);
    }
}
