package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes records from their field values ({@link RecordValues}) by a schema descriptor alone, with no generated
 * class: exactly the bytes the record's generated {@code XSdo.of(bean)} and {@code encode} write for the same values
 * (docs/record-format.md), every value checked as generated code checks it, with the same messages (a value out of
 * range, a decimal with too many digits, a string too long or with a character outside its alphabet, a required
 * field absent, a list element null, all naming the field, the element and the value), through the same runtime
 * checks ({@code FieldValues}, {@code Alphabet}, {@code VariableData}). A value of another Java type than its field
 * takes is refused naming the field, its type and the Java type expected.
 *
 * <p>Every kind of record: scalars of every type, fields with defaults (nothing stored when they hold it), optional
 * fields, records nested inline and behind a slot, strings, blobs, unbounded numbers, lists of every form, unions
 * (inline, behind the slot, on their own, abstract records' unions), recursive records, and compact records
 * (docs/record-format.md, section 8: slot width code, slot bits, a table of the slots of the fields with data, the
 * smallest slot width that holds the size; each compact record's size and slot count are kept in its
 * {@link RecordValues} by the sizing pass and taken from there by the writing pass, so that nested compact records
 * are sized once, not once per level that holds them). A record is sized first
 * (the generated {@code encodedSize} pass, with its checks), then written where it goes, in O(fields) with no
 * allocation beyond what the values need. A record of variable size is written in one pass instead (each compact
 * record at the slot width its record last needed, laid out again at the right one when that was wrong) into a
 * buffer of the thread's, then copied where it goes; a value refused there is refused by sizing the record first,
 * for the same checks and messages. A required union field that holds no alternative is refused, as the
 * generated code refuses it; a version-1 descriptor does not say which union fields are required, so there a union
 * field that holds none is written as absent.
 *
 * <p>Built once per descriptor ({@link #of}), every record and union it reaches included; it keeps no state per
 * record, so one writer serves any number of threads.
 */
public final class GenericWriter {
    /** The characters of a value of the wrong type a message shows at most. */
    private static final int SHOWN_CHARACTERS = 60;

    private final SchemaDescriptor schema;
    private final RecordEncoder encoder;

    private GenericWriter(SchemaDescriptor schema, RecordEncoder encoder) {
        this.schema = schema;
        this.encoder = encoder;
    }

    /** The writer of {@code schema}'s first record (a file's), and of the records it holds. */
    public static GenericWriter of(SchemaDescriptor schema) {
        return of(new Encoders(schema).record(0));
    }

    /** The writer of the record {@code encoder} encodes, of any index in its schema. */
    static GenericWriter of(RecordEncoder encoder) {
        return new GenericWriter(encoder.schema(), encoder);
    }

    public SchemaDescriptor schema() {
        return schema;
    }

    /** The record written. */
    public RecordDescriptor record() {
        return encoder.record();
    }

    /** Whether the record has variable-length data, so that its records vary in size (a {@link VariableRecordStore}). */
    public boolean variableSize() {
        return encoder.variable();
    }

    /** New, empty values of the record written. */
    public RecordValues newRecord() {
        return RecordValues.of(schema, encoder.index());
    }

    /**
     * The bytes {@code values} takes encoded: the fixed part and its data, as the generated {@code encodedSize}.
     *
     * @throws IllegalArgumentException as {@link #encode} does for the checks sizing makes (a required
     *     variable-length field absent, a string that is not well-formed Unicode, a record over 2^31 - 1 bytes)
     */
    public int encodedSize(RecordValues values) {
        return encoder.encodedSizeAlone(checked(values));
    }

    /**
     * Writes {@code values} as the record at byte {@code offset} of {@code buffer} and returns its size. The buffer's
     * position, limit and byte order do not change.
     *
     * @throws IllegalArgumentException naming the field, the value and what is allowed when a value does not fit
     *     its field, is of another Java type, or a required field is absent; nothing is truncated or rounded
     * @throws IndexOutOfBoundsException when the record does not fit the buffer
     */
    public int encode(RecordValues values, ByteBuffer buffer, int offset) {
        try (EncodeScratch scratch = scratch()) {
            int size = encodeOne(values, scratch);
            if (size >= 0) {
                Objects.checkFromIndexSize(offset, size, buffer.limit());
                buffer.put(offset, scratch.buffer, 0, size);
                return size;
            }
        }
        int size = encodedSize(values);
        Objects.checkFromIndexSize(offset, size, buffer.limit());
        return encoder.encodeAlone(values, buffer, offset);
    }

    /** The record's bytes, as the generated {@code of(bean).toByteArray()}. */
    public byte[] toByteArray(RecordValues values) {
        try (EncodeScratch scratch = scratch()) {
            int size = encodeOne(values, scratch);
            if (size >= 0) {
                return Arrays.copyOf(scratch.buffer.array(), size);
            }
        }
        ByteBuffer buffer = ByteBuffer.allocate(encodedSize(values));
        encoder.encodeAlone(values, buffer, 0);
        return buffer.array();
    }

    /**
     * Appends {@code values} to a store of this record's fixed-size records and returns its index; a record refused
     * leaves the store as it was.
     *
     * @throws IllegalArgumentException as {@link #encode} does, or when the record has variable-length data or the
     *     store's records are of another size
     */
    public long append(RecordValues values, RecordStore store) {
        if (encoder.variable() || store.recordSize() != encoder.fixedBytes()) {
            throw new IllegalArgumentException(record().simpleName() + " records " + (encoder.variable()
                    ? "vary in size: append them to a VariableRecordStore"
                    : "take " + encoder.fixedBytes() + " bytes, not the store's " + store.recordSize()));
        }
        checked(values);
        long index = store.appendBlank();
        try {
            encoder.encodeAlone(values, store.chunkOf(index), store.offsetOf(index));
        } catch (RuntimeException e) {
            store.truncate(index);
            throw e;
        }
        return index;
    }

    /**
     * Appends {@code values} to a store of records of variable size and returns its index; a record refused leaves
     * the store as it was.
     *
     * @throws IllegalArgumentException as {@link #encode} does, or when the store's records are of another fixed part
     */
    public long append(RecordValues values, VariableRecordStore store) {
        if (store.minRecordSize() != encoder.fixedBytes()) {
            throw new IllegalArgumentException(record().simpleName() + " records have a fixed part of "
                    + encoder.fixedBytes() + " bytes, not the store's " + store.minRecordSize());
        }
        try (EncodeScratch scratch = scratch()) {
            int size = encodeOne(values, scratch);
            if (size >= 0) {
                return store.append(scratch.buffer, 0, size);
            }
        }
        int size = encodedSize(values);
        long index = store.appendBlank(size);
        try {
            encoder.encodeAlone(values, store.chunkOf(index), store.offsetOf(index));
        } catch (RuntimeException e) {
            store.truncate(index);
            throw e;
        }
        return index;
    }

    /** The thread's scratch for a record of variable size, written in one pass; null for one of fixed size. */
    private EncodeScratch scratch() {
        return encoder.variable() ? EncodeScratch.take() : null;
    }

    /**
     * Encodes {@code values} in one pass at the start of {@code scratch}'s buffer (grown as it needs, up to
     * {@link EncodeScratch#MAX_BYTES}) and returns its size; -1 without a scratch (a record of fixed size), when a
     * value was refused, or when the record is larger than that, for the caller to size the record first and encode
     * it as before: the checks and messages are then those of the sizing pass, whatever the one pass met first.
     */
    private int encodeOne(RecordValues values, EncodeScratch scratch) {
        if (scratch == null) {
            return -1;
        }
        checked(values);
        while (true) {
            try {
                return encoder.encodeOne(values, scratch, 0);
            } catch (IndexOutOfBoundsException e) {
                scratch.top = 0;
                if (!scratch.grow()) {
                    return -1;
                }
            } catch (RuntimeException e) {
                assert sizedPathRefuses(values, e);
                return -1;
            }
        }
    }

    /**
     * Asserted (the tests run with {@code -ea}) when the one pass refused {@code values}: sized first and written, as
     * the caller will write them next, they are refused too. The one pass may refuse a value with another message than
     * that path, never a value that path accepts; without this, a bug in the one pass would show as a slower write,
     * not as a failure.
     */
    private boolean sizedPathRefuses(RecordValues values, RuntimeException refusal) {
        try {
            encoder.encodeAlone(values, ByteBuffer.allocate(encoder.encodedSizeAlone(values)), 0);
        } catch (RuntimeException expected) {
            return true;
        }
        throw new AssertionError("the one pass refused a record that sizing accepts", refusal);
    }

    private RecordValues checked(RecordValues values) {
        return encoder.values(record().simpleName(), Objects.requireNonNull(values, "values"));
    }

    /**
     * The exception for a value of another Java type than its field takes: {@code Trade.amount: decimal(18, 2) takes
     * a BigDecimal, not a String ("12.5")}.
     */
    static IllegalArgumentException wrongType(String label, String type, String expected, Object value) {
        String text = String.valueOf(value);
        String shown = value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                ? " (" + (text.length() > SHOWN_CHARACTERS ? text.substring(0, SHOWN_CHARACTERS) + "..." : text) + ")"
                : "";
        return new IllegalArgumentException(label + ": " + type + " takes " + expected + ", not "
                + (value == null ? "null" : "a " + value.getClass().getName() + shown));
    }
}
