package dev.sdo.runtime.generic;

import dev.sdo.runtime.text.TextField;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;

/**
 * A record read by its schema descriptor, with no generated class: a cursor over one record's bytes, moved with
 * {@link #moveTo}, whose fields are read by position or name in constant time, each from its own bits as the
 * generated getter reads it (the same checks, the same {@link dev.sdo.runtime.CorruptDataException} for a stored
 * value no encoder writes). The primitive reads ({@link #getLong}, {@link #getDouble}, {@link #getBoolean},
 * {@link #has}) allocate nothing; the others return objects.
 *
 * <p>Records of scalar fields only (numbers, decimals, dates, times, timestamps, characters, enums, bools, each
 * possibly optional): what this version reads. A record with nested records, unions or variable-length fields is
 * refused when the reader is made ({@link GenericBatch#open}), naming the first such field.
 *
 * <p>A field's value is that of its writer's schema: a file's descriptor is the writer's, so there is no version to
 * reconcile. An absent optional field reads as 0 (or false) from the primitive reads and null from the others.
 */
public final class GenericRecord {
    private final RecordDescriptor descriptor;
    private final ScalarField[] fields;
    private ByteBuffer buffer;
    private int base;

    GenericRecord(RecordDescriptor descriptor, ScalarField[] fields) {
        this.descriptor = descriptor;
        this.fields = fields;
    }

    /** A reader of flat records described by {@code descriptor}. */
    public static GenericRecord of(RecordDescriptor descriptor) {
        String unsupported = unsupported(descriptor);
        if (unsupported != null) {
            throw new UnsupportedOperationException(unsupported);
        }
        ScalarField[] fields = new ScalarField[descriptor.fields().size()];
        for (FieldDescriptor field : descriptor.fields()) {
            fields[field.index()] = new ScalarField(descriptor.simpleName(), field);
        }
        return new GenericRecord(descriptor, fields);
    }

    /** Why the generic reader cannot read records of {@code descriptor} yet, or null when it can. */
    public static String unsupported(RecordDescriptor descriptor) {
        for (FieldDescriptor field : descriptor.fields()) {
            if (!field.type().scalar()) {
                return descriptor.simpleName() + "." + field.name() + " is " + kind(field.type())
                        + ", which the generic reader does not read yet: it reads records of numbers, decimals, "
                        + "dates, times, timestamps, characters, enums and bools";
            }
        }
        return null;
    }

    private static String kind(FieldType type) {
        if (type instanceof FieldType.Nested) {
            return "a nested record";
        } else if (type instanceof FieldType.Union) {
            return "a union";
        } else if (type instanceof FieldType.ListOf) {
            return "a list";
        } else if (type instanceof FieldType.Text) {
            return "a string";
        } else if (type instanceof FieldType.Blob) {
            return "a bytes field";
        }
        return type instanceof FieldType.AnyDecimal ? "an unbounded decimal" : "an unbounded integer";
    }

    /** The fields' text bindings, in order. */
    List<TextField> textFields() {
        return Arrays.stream(fields).map(ScalarField::text).toList();
    }

    /** A new cursor over the same kind of records, not moved yet. */
    public GenericRecord copy() {
        return new GenericRecord(descriptor, fields);
    }

    /** Moves the cursor to the record at byte {@code base} of {@code buffer}, which must hold its fixed bytes. */
    public GenericRecord moveTo(ByteBuffer buffer, int base) {
        if (base < 0 || base > buffer.limit() - descriptor.fixedBytes()) {
            throw new IndexOutOfBoundsException("a " + descriptor.fixedBytes() + "-byte " + descriptor.simpleName()
                    + " record at byte " + base + " of a buffer of " + buffer.limit() + " bytes");
        }
        this.buffer = buffer;
        this.base = base;
        return this;
    }

    public RecordDescriptor descriptor() {
        return descriptor;
    }

    /** The position of the field named {@code name}. */
    public int indexOf(String name) {
        int index = descriptor.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(descriptor.simpleName() + " has no field " + name);
        }
        return index;
    }

    /** Whether field {@code index} holds a value (always, for a required field). */
    public boolean has(int index) {
        return fields[index].present(buffer, base);
    }

    public boolean has(String name) {
        return has(indexOf(name));
    }

    /**
     * Field {@code index} as a number: an integer's value, a decimal's unscaled value, a date's epoch day, a time's
     * units since midnight, a timestamp's units since the epoch, a uint64's bits, an enum's ordinal, a bool's 0 or 1.
     *
     * @throws IllegalArgumentException for a float or characters
     */
    public long getLong(int index) {
        return fields[index].longValue(buffer, base);
    }

    public long getLong(String name) {
        return getLong(indexOf(name));
    }

    /** A float32 or float64 field. */
    public double getDouble(int index) {
        return fields[index].doubleValue(buffer, base);
    }

    public double getDouble(String name) {
        return getDouble(indexOf(name));
    }

    /** A bool field. */
    public boolean getBoolean(int index) {
        ScalarField field = fields[index];
        if (!(field.type() instanceof FieldType.Bool)) {
            throw field.wrongType("getBoolean", "a bool");
        }
        return field.longValue(buffer, base) != 0;
    }

    public boolean getBoolean(String name) {
        return getBoolean(indexOf(name));
    }

    /** A decimal field. */
    public BigDecimal getDecimal(int index) {
        return typed(index, FieldType.Decimal.class, BigDecimal.class, "getDecimal", "a decimal");
    }

    public BigDecimal getDecimal(String name) {
        return getDecimal(indexOf(name));
    }

    /** A date field. */
    public LocalDate getDate(int index) {
        return typed(index, FieldType.Date.class, LocalDate.class, "getDate", "a date");
    }

    public LocalDate getDate(String name) {
        return getDate(indexOf(name));
    }

    /** A time field. */
    public LocalTime getTime(int index) {
        return typed(index, FieldType.Time.class, LocalTime.class, "getTime", "a time");
    }

    public LocalTime getTime(String name) {
        return getTime(indexOf(name));
    }

    /** A timestamp field. */
    public Instant getTimestamp(int index) {
        return timestamp(index, false, Instant.class, "getTimestamp", "a timestamp");
    }

    public Instant getTimestamp(String name) {
        return getTimestamp(indexOf(name));
    }

    /** A {@code localtimestamp} field. */
    public LocalDateTime getLocalTimestamp(int index) {
        return timestamp(index, true, LocalDateTime.class, "getLocalTimestamp", "a localtimestamp");
    }

    public LocalDateTime getLocalTimestamp(String name) {
        return getLocalTimestamp(indexOf(name));
    }

    /** A {@code char} field's characters, or an enum field's constant's name. */
    public String getString(int index) {
        ScalarField field = fields[index];
        if (!(field.type() instanceof FieldType.Chars || field.type() instanceof FieldType.Enumeration)) {
            throw field.wrongType("getString", "characters or an enum's constant");
        }
        return (String) field.value(buffer, base);
    }

    public String getString(String name) {
        return getString(indexOf(name));
    }

    /**
     * Field {@code index} as a Java value, null when absent: a {@code Boolean}, a {@code Long} for every integer, a
     * {@code BigDecimal} of the field's scale, a {@code Float} or {@code Double}, a {@code LocalDate},
     * {@code LocalTime} or {@code Instant}, or a {@code String} for characters and for an enum's constant.
     */
    public Object get(int index) {
        return fields[index].value(buffer, base);
    }

    public Object get(String name) {
        return get(indexOf(name));
    }

    private <T> T timestamp(int index, boolean local, Class<T> value, String method, String expected) {
        ScalarField field = fields[index];
        if (!(field.type() instanceof FieldType.Timestamp timestamp) || timestamp.local() != local) {
            throw field.wrongType(method, expected);
        }
        return value.cast(field.value(buffer, base));
    }

    private <T> T typed(int index, Class<? extends FieldType> type, Class<T> value, String method, String expected) {
        ScalarField field = fields[index];
        if (!type.isInstance(field.type())) {
            throw field.wrongType(method, expected);
        }
        return value.cast(field.value(buffer, base));
    }
}
