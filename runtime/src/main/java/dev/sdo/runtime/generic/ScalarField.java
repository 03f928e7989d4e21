package dev.sdo.runtime.generic;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.StoredValues;
import dev.sdo.runtime.text.BoolField;
import dev.sdo.runtime.text.CharField;
import dev.sdo.runtime.text.DateField;
import dev.sdo.runtime.text.DatePattern;
import dev.sdo.runtime.text.DecimalField;
import dev.sdo.runtime.text.EnumField;
import dev.sdo.runtime.text.FloatField;
import dev.sdo.runtime.text.IntegerField;
import dev.sdo.runtime.text.TextField;
import dev.sdo.runtime.text.TimeField;
import dev.sdo.runtime.text.TimestampField;
import dev.sdo.runtime.text.Unsigned64Field;
import java.nio.ByteBuffer;
import java.time.LocalDate;

/**
 * How {@link GenericRecord} reads one scalar field: its stored number as a {@code long} (no allocation), checked as
 * the generated getter checks it, and its value as a Java object through the runtime's {@link TextField} of its
 * type, the decoder {@code sdoc}'s flat dumps use, so that both give the same values.
 */
final class ScalarField {

    private final String label;
    private final FieldDescriptor field;
    private final FieldType.Scalar type;
    private final int width;
    private final TextField text;
    /** The default's bits at bit 0, read by {@link #defaultField}; null for a field without a default. */
    private final ByteBuffer defaultBits;
    private final TextField defaultField;
    /**
     * The presence bit and the value's bit offset, and how a stored number becomes the value ({@link #number}):
     * kept here, for the reads of every value, rather than found through the descriptor and the type.
     */
    private final long presenceBit;
    private final long offset;
    private final int numberKind;
    /** For {@link #OFFSET}: the value of stored 0, and the largest number stored. */
    private final long lowest;
    private final long largestStored;

    /** A stored number is the value. */
    private static final int RAW = 0;
    /** A stored number is a signed integer of the field's width. */
    private static final int SIGNED = 1;
    /** A stored number is at most {@link #largestStored}, and the value {@link #lowest} more. */
    private static final int OFFSET = 2;
    /** The value is no number: a float, characters. */
    private static final int NONE = 3;

    ScalarField(String record, FieldDescriptor field) {
        this.label = record + "." + field.name();
        this.field = field;
        this.type = (FieldType.Scalar) field.type();
        this.width = (int) type.bits();
        this.text = text(label, field.presenceBit(), field.offset(), type, width);
        this.presenceBit = field.presenceBit();
        this.offset = field.offset();
        long lo = 0;
        long largest = 0;
        int kind = RAW;
        if (type instanceof FieldType.Bool || type instanceof FieldType.Unsigned64) {
            kind = RAW;
        } else if (type instanceof FieldType.Timestamp t) {
            kind = t.bounded() ? OFFSET : RAW;
            lo = t.bounded() ? t.lo() : 0;
            largest = t.bounded() ? t.hi() - t.lo() : 0;
        } else if (type instanceof FieldType.Int i) {
            kind = i.min() < 0 && width < Long.SIZE ? SIGNED : RAW;
        } else if (type instanceof FieldType.Range r) {
            kind = OFFSET;
            lo = r.lo();
            largest = r.hi() - r.lo();
        } else if (type instanceof FieldType.Decimal d) {
            long most = powerOfTen(d.precision()) - 1;
            kind = OFFSET;
            lo = d.signed() ? -most : 0;
            largest = d.signed() ? 2 * most : most;
        } else if (type instanceof FieldType.Date d) {
            kind = OFFSET;
            lo = d.loEpochDay();
            largest = d.hiEpochDay() - d.loEpochDay();
        } else if (type instanceof FieldType.Time t) {
            kind = OFFSET;
            largest = t.precision().perDay() - 1;
        } else if (type instanceof FieldType.Enumeration e) {
            kind = OFFSET;
            largest = e.constants().size() - 1;
        } else {
            kind = NONE;
        }
        this.numberKind = kind;
        this.lowest = lo;
        this.largestStored = largest;
        if (field.defaultText() == null) {
            this.defaultBits = null;
            this.defaultField = null;
        } else {
            // The default is written once, as its field's text binding parses it, into bits of its own.
            this.defaultField = text(label, -1, 0, type, width);
            this.defaultBits = ByteBuffer.allocate(Long.BYTES + (width + 7) / 8 + Long.BYTES)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            byte[] utf8 = defaultText(field).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            defaultField.read(utf8, 0, utf8.length, defaultBits, 0);
        }
    }

    /**
     * The field's default as its text binding reads it. Schema compilers before this runtime wrote a {@code uint64}
     * default of 2^63 or more as the signed {@code long} of its bits ({@code -1} for 2^64 - 1): read as those bits.
     */
    private static String defaultText(FieldDescriptor field) {
        String text = field.defaultText();
        if (field.type() instanceof FieldType.Unsigned64 && text.startsWith("-")) {
            try {
                return Long.toUnsignedString(Long.parseLong(text));
            } catch (NumberFormatException e) {
                return text;
            }
        }
        return text;
    }

    private static TextField text(String label, long presence, long offset, FieldType.Scalar type, int width) {
        if (type instanceof FieldType.Bool) {
            return new BoolField(label, presence, offset);
        } else if (type instanceof FieldType.Int i) {
            return new IntegerField(label, presence, offset, width, i.min(), i.max(), 0);
        } else if (type instanceof FieldType.Range r) {
            return new IntegerField(label, presence, offset, width, r.lo(), r.hi(), r.lo());
        } else if (type instanceof FieldType.Floating) {
            return new FloatField(label, presence, offset, width);
        } else if (type instanceof FieldType.Decimal d) {
            return new DecimalField(label, presence, offset, width, d.precision(), d.scale(), d.signed());
        } else if (type instanceof FieldType.Date d) {
            return new DateField(label, presence, offset, width, LocalDate.ofEpochDay(d.loEpochDay()),
                    LocalDate.ofEpochDay(d.hiEpochDay()), DatePattern.iso());
        } else if (type instanceof FieldType.Time t) {
            return new TimeField(label, presence, offset, null, t.precision());
        } else if (type instanceof FieldType.Timestamp t) {
            return new TimestampField(label, presence, offset, width, t.precision(), t.lo(), t.hi(), t.local());
        } else if (type instanceof FieldType.Unsigned64) {
            return new Unsigned64Field(label, presence, offset);
        } else if (type instanceof FieldType.Chars c) {
            return new CharField(label, presence, offset, new Alphabet(c.alphabet()), c.length());
        }
        return new EnumField(label, presence, offset, width, ((FieldType.Enumeration) type).constants());
    }

    /** The field's text binding with ISO formats: how CSV without the record's {@code @csv} options writes it. */
    TextField text() {
        return text;
    }

    FieldDescriptor descriptor() {
        return field;
    }

    FieldType.Scalar type() {
        return type;
    }

    String label() {
        return label;
    }

    /** Whether the field has a default, which it holds when its presence bit is 0. */
    boolean hasDefault() {
        return defaultField != null;
    }

    /** The default's stored bits, for a field of at most 64 bits that has one. */
    long defaultStored() {
        return BitFields.read(defaultBits, 0, 0, width);
    }

    /** The default as {@link #value} gives it; null for a field without one. */
    Object defaultValue() {
        return defaultField == null ? null : defaultField.value(defaultBits, 0);
    }

    /**
     * A {@code char(n)} field's stored characters, read into {@code chars} (at least n long); how many there are.
     *
     * @throws CorruptDataException for a code outside the field's alphabet
     */
    int chars(ByteBuffer buffer, int base, char[] chars) {
        return ((CharField) text).stored(buffer, base, chars);
    }

    /** Whether the field holds a value: always for a required field or one with a default. */
    boolean present(ByteBuffer buffer, int base) {
        return defaultField != null || stored(buffer, base);
    }

    /** Whether the value is stored: always, for a required field; else as its presence bit says. */
    private boolean stored(ByteBuffer buffer, int base) {
        return presenceBit < 0 || BitFields.read(buffer, base, presenceBit, 1) != 0;
    }

    /** The value as a Java object (see {@link TextField#value}), null when absent, the default when it holds it. */
    Object value(ByteBuffer buffer, int base) {
        if (defaultField != null && !text.present(buffer, base)) {
            return defaultField.value(defaultBits, 0);
        }
        return text.value(buffer, base);
    }

    /**
     * The value as a number: an integer's value, a decimal's unscaled value, a date's epoch day, a time's
     * units since midnight, a timestamp's since the epoch, a uint64's bits, an enum's ordinal, a bool's 0 or 1; 0 when
     * absent.
     */
    long longValue(ByteBuffer buffer, int base) {
        if (!stored(buffer, base)) {
            return defaultField == null ? 0 : number(BitFields.read(defaultBits, 0, 0, width));
        }
        return number(BitFields.read(buffer, base, offset, width));
    }

    private long number(long stored) {
        int kind = numberKind;
        if (kind == OFFSET) {
            return lowest + StoredValues.checked(label, stored, largestStored);
        } else if (kind == RAW) {
            return stored;
        } else if (kind == SIGNED) {
            return stored << (Long.SIZE - width) >> (Long.SIZE - width);
        }
        throw wrongType("getLong", type instanceof FieldType.Floating ? "integers (use getDouble)"
                : "integers (use getString)");
    }

    /** A float's value; 0 when absent. */
    double doubleValue(ByteBuffer buffer, int base) {
        if (!(type instanceof FieldType.Floating)) {
            throw wrongType("getDouble", "a float32 or float64");
        }
        long stored;
        if (stored(buffer, base)) {
            stored = BitFields.read(buffer, base, offset, width);
        } else if (defaultField != null) {
            stored = BitFields.read(defaultBits, 0, 0, width);
        } else {
            return 0;
        }
        return width == Float.SIZE ? Float.intBitsToFloat((int) stored) : Double.longBitsToDouble(stored);
    }

    IllegalArgumentException wrongType(String method, String expected) {
        return new IllegalArgumentException(label + " is of type " + type.getClass().getSimpleName().toLowerCase()
                + ": " + method + " reads " + expected);
    }

    private static long powerOfTen(int exponent) {
        long power = 1;
        for (int i = 0; i < exponent; i++) {
            power *= 10;
        }
        return power;
    }
}
