package dev.sdo.runtime.generic;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VariableData;
import dev.sdo.runtime.text.XmlViews;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A record read by its schema descriptor, with no generated class: a cursor over one record's bytes, moved with
 * {@link #moveTo}, whose fields are read by position or name in constant time, each from its own bits or data as the
 * generated getter reads it (the same layout, the same checks, a {@link CorruptDataException} for bytes no encoder
 * writes). The primitive reads ({@link #getLong}, {@link #getDouble}, {@link #getBoolean}, {@link #has},
 * {@link #alternative}) allocate nothing; the others return objects.
 *
 * <p>Every kind of field: scalars, nested records ({@link #getRecord}, a view over the same bytes), strings and
 * blobs, unbounded numbers, lists ({@link #getList}, a view) and unions ({@link #getUnion}, the alternative held
 * and its value). A field's value is that of its writer's schema: a file's descriptor is the writer's, so there is
 * no version to reconcile. An absent optional field reads as 0 (or false) from the primitive reads and null from
 * the others; a field with a default that holds it reads as the default. An optional union that holds no
 * alternative reads as absent; a required one is damage ({@link CorruptDataException}), as generated code has it. A
 * descriptor of version 1 (files of earlier writers) does not say which unions are optional: its union fields read
 * as optional.
 */
public final class GenericRecord {
    /** Changed only for a view reused by the XML writer ({@link Views}), which moves it to records of any shape. */
    private RecordShape shape;
    private ByteBuffer buffer;
    private int base;
    /** The record's size, as its container or its checks gave it: where a compact record's last field's data ends. */
    private int size;

    GenericRecord(RecordShape shape) {
        this.shape = shape;
    }

    /** A reader of the records of a schema's first record (a file's), and of those they hold. */
    public static GenericRecord of(SchemaDescriptor schema) {
        return new GenericRecord(new Readers(schema).shape(0, 0));
    }

    /**
     * A reader of records described by {@code descriptor} alone, which holds no nested record or union (those are
     * read with their schema: {@link #of(SchemaDescriptor)}).
     */
    public static GenericRecord of(RecordDescriptor descriptor) {
        return new GenericRecord(new Readers(null).shape(descriptor, -1, 0));
    }

    /** A new cursor over the same kind of records, not moved yet. */
    public GenericRecord copy() {
        return new GenericRecord(shape);
    }

    /** Moves the cursor without checks: to a record of {@code size} bytes whose bytes its reader checked. */
    GenericRecord at(ByteBuffer buffer, int base, int size) {
        this.buffer = buffer;
        this.base = base;
        this.size = size;
        return this;
    }

    /** Moves the cursor without checks to a record of {@code shape}: a view reused by the XML writer. */
    GenericRecord at(RecordShape shape, ByteBuffer buffer, int base, int size) {
        this.shape = shape;
        return at(buffer, base, size);
    }

    /**
     * Moves the cursor to the record at byte {@code base} of {@code buffer}, after checking that the buffer holds
     * it: its fixed part, and for a record with variable-length data its end slots, ascending, and its data. Not for
     * a compact record, whose size is its container's ({@link #moveTo(ByteBuffer, int, int)}).
     *
     * @throws CorruptDataException naming the field when a slot is out of order or its data beyond the buffer
     * @throws IllegalArgumentException for a compact record with variable-length data
     */
    public GenericRecord moveTo(ByteBuffer buffer, int base) {
        if (shape.compact()) {
            throw new IllegalArgumentException(shape.label() + " is a compact record, whose size its container gives:"
                    + " move to it with its size");
        }
        checkFixedPart(buffer, base);
        int size = shape.record().fixedBytes();
        if (shape.variable()) {
            size = shape.checkedSize(buffer, base, buffer.limit() - base);
            VariableData.length(shape.label(), buffer, base, 0, size);
        }
        return at(buffer, base, size);
    }

    /**
     * Moves the cursor to the record of {@code size} bytes (as its container says) at byte {@code base} of
     * {@code buffer}, after checking that the record says the same of itself (a compact record: that its slots
     * ascend within those bytes).
     *
     * @throws CorruptDataException naming the record or field when it does not
     */
    public GenericRecord moveTo(ByteBuffer buffer, int base, int size) {
        checkFixedPart(buffer, base);
        VariableData.length(shape.label(), buffer, base, 0, size);
        if (!shape.compact()) {
            // As generated code checks it: the size the record says first, then the order of its end slots.
            int own = shape.size(buffer, base);
            if (own != size) {
                throw new CorruptDataException(shape.label() + ": the record says it has " + own
                        + " bytes, its container says " + size);
            }
        }
        shape.checkedSize(buffer, base, size);
        return at(buffer, base, size);
    }

    private void checkFixedPart(ByteBuffer buffer, int base) {
        int fixedBytes = shape.record().fixedBytes();
        if (base < 0 || base > buffer.limit() - fixedBytes) {
            throw new IndexOutOfBoundsException("a " + fixedBytes + "-byte " + shape.label() + " record at byte "
                    + base + " of a buffer of " + buffer.limit() + " bytes");
        }
    }

    RecordShape shape() {
        return shape;
    }

    ByteBuffer buffer() {
        return buffer;
    }

    int base() {
        return base;
    }

    int size() {
        return size;
    }

    public RecordDescriptor descriptor() {
        return shape.record();
    }

    /** The record's size in bytes: its fixed part, and its variable-length data. */
    public int byteSize() {
        return size;
    }

    /** The position of the field named {@code name}. */
    public int indexOf(String name) {
        int index = shape.record().indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(shape.label() + " has no field " + name);
        }
        return index;
    }

    /** Whether field {@code index} certainly holds nothing, told without reading it ({@link FieldReader#absent}). */
    boolean absent(int index) {
        return shape.field(index).absent(buffer, base);
    }

    /** Whether field {@code index} holds a value (always, for a required field). */
    public boolean has(int index) {
        return shape.field(index).has(buffer, base);
    }

    public boolean has(String name) {
        return has(indexOf(name));
    }

    /**
     * Field {@code index} as a number: an integer's value, a decimal's unscaled value, a date's epoch day, a time's
     * units since midnight, a timestamp's units since the epoch, a uint64's bits, an enum's ordinal, a bool's 0 or 1.
     *
     * @throws IllegalArgumentException for a float, characters or a field that is not a scalar
     */
    public long getLong(int index) {
        return scalar(index, "getLong", "integers").longValue(buffer, base);
    }

    public long getLong(String name) {
        return getLong(indexOf(name));
    }

    /** A float32 or float64 field. */
    public double getDouble(int index) {
        return scalar(index, "getDouble", "a float32 or float64").doubleValue(buffer, base);
    }

    public double getDouble(String name) {
        return getDouble(indexOf(name));
    }

    /** A bool field. */
    public boolean getBoolean(int index) {
        ScalarField field = scalar(index, "getBoolean", "a bool");
        if (!(field.type() instanceof FieldType.Bool)) {
            throw field.wrongType("getBoolean", "a bool");
        }
        return field.longValue(buffer, base) != 0;
    }

    public boolean getBoolean(String name) {
        return getBoolean(indexOf(name));
    }

    /** A decimal field, bounded or not. */
    public BigDecimal getDecimal(int index) {
        return typed(index, BigDecimal.class, "getDecimal", "a decimal", FieldType.Decimal.class,
                FieldType.AnyDecimal.class);
    }

    public BigDecimal getDecimal(String name) {
        return getDecimal(indexOf(name));
    }

    /** An {@code integer} field. */
    public BigInteger getInteger(int index) {
        return typed(index, BigInteger.class, "getInteger", "an integer", FieldType.AnyInteger.class);
    }

    public BigInteger getInteger(String name) {
        return getInteger(indexOf(name));
    }

    /** A date field. */
    public LocalDate getDate(int index) {
        return typed(index, LocalDate.class, "getDate", "a date", FieldType.Date.class);
    }

    public LocalDate getDate(String name) {
        return getDate(indexOf(name));
    }

    /** A time field. */
    public LocalTime getTime(int index) {
        return typed(index, LocalTime.class, "getTime", "a time", FieldType.Time.class);
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

    /** A {@code string} field, a {@code char} field's characters, or an enum field's constant's name. */
    public String getString(int index) {
        return typed(index, String.class, "getString", "a string, characters or an enum's constant",
                FieldType.Text.class, FieldType.Chars.class, FieldType.Enumeration.class);
    }

    public String getString(String name) {
        return getString(indexOf(name));
    }

    /** A {@code bytes} field: a copy of the blob. */
    public byte[] getBytes(int index) {
        return typed(index, byte[].class, "getBytes", "a bytes field", FieldType.Blob.class);
    }

    public byte[] getBytes(String name) {
        return getBytes(indexOf(name));
    }

    /** A nested record field: a view over this record's bytes; null when absent. */
    public GenericRecord getRecord(int index) {
        return typed(index, GenericRecord.class, "getRecord", "a nested record", FieldType.Nested.class);
    }

    public GenericRecord getRecord(String name) {
        return getRecord(indexOf(name));
    }

    /** A list field: a view over this record's bytes; null when absent. */
    public GenericList getList(int index) {
        return typed(index, GenericList.class, "getList", "a list", FieldType.ListOf.class);
    }

    public GenericList getList(String name) {
        return getList(indexOf(name));
    }

    /** A union field: the alternative it holds and its value; null when it holds none. */
    public GenericUnion getUnion(int index) {
        return typed(index, GenericUnion.class, "getUnion", "a union", FieldType.Union.class);
    }

    public GenericUnion getUnion(String name) {
        return getUnion(indexOf(name));
    }

    /** The alternative a union field holds, from 0; -1 when it holds none. Allocates nothing. */
    public int alternative(int index) {
        FieldReader field = shape.field(index);
        if (field.kind() != FieldReader.Kind.UNION) {
            throw wrongKind(field, "alternative", "a union");
        }
        return field.tag(buffer, base) - 1;
    }

    public int alternative(String name) {
        return alternative(indexOf(name));
    }

    /**
     * Field {@code index} as a Java value, null when absent: a {@code Boolean}, a {@code Long} for every bounded
     * integer, a {@code BigInteger} for an {@code integer}, a {@code BigDecimal}, a {@code Float} or {@code Double},
     * a {@code LocalDate}, {@code LocalTime}, {@code Instant} or {@code LocalDateTime}, a {@code String} for a
     * string, characters and an enum's constant, a {@code byte[]}, a {@link GenericRecord}, a {@link GenericList}
     * or a {@link GenericUnion}.
     */
    public Object get(int index) {
        return shape.field(index).value(shape, buffer, base, size, null, 0);
    }

    /**
     * Field {@code index} as {@link #get} gives it, but a nested record, list or union as the view {@code views}
     * keeps at {@code depth} (made there the first time), moved to it: for the XML writer ({@link Views}).
     */
    Object view(int index, XmlViews views, int depth) {
        return shape.field(index).value(shape, buffer, base, size, views, depth);
    }

    public Object get(String name) {
        return get(indexOf(name));
    }

    private ScalarField scalar(int index, String method, String expected) {
        FieldReader field = shape.field(index);
        if (field.kind() != FieldReader.Kind.SCALAR) {
            throw wrongKind(field, method, expected);
        }
        return field.scalar();
    }

    private <T> T timestamp(int index, boolean local, Class<T> value, String method, String expected) {
        ScalarField field = scalar(index, method, expected);
        if (!(field.type() instanceof FieldType.Timestamp timestamp) || timestamp.local() != local) {
            throw field.wrongType(method, expected);
        }
        return value.cast(field.value(buffer, base));
    }

    @SafeVarargs
    private <T> T typed(int index, Class<T> value, String method, String expected,
            Class<? extends FieldType>... types) {
        FieldReader field = shape.field(index);
        for (Class<? extends FieldType> type : types) {
            if (type.isInstance(field.descriptor().type())) {
                return value.cast(field.value(shape, buffer, base, size, null, 0));
            }
        }
        throw wrongKind(field, method, expected);
    }

    private static IllegalArgumentException wrongKind(FieldReader field, String method, String expected) {
        return new IllegalArgumentException(field.label() + " is of type "
                + field.descriptor().type().getClass().getSimpleName().toLowerCase() + ": " + method + " reads "
                + expected);
    }
}
