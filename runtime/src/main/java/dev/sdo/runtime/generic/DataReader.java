package dev.sdo.runtime.generic;

import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.UnionValues;
import dev.sdo.runtime.VariableData;
import dev.sdo.runtime.text.XmlViews;
import java.nio.ByteBuffer;

/**
 * How a value stored as data bytes is read (docs/record-format.md, sections 2, 3 and 5): the data of a
 * variable-length field, of an element of a list of elements of variable size, or of a union's alternative behind
 * its slot. {@link #read} is given bytes {@code start .. end - 1} of the buffer, already checked to lie within it.
 */
final class DataReader {
    private final String label;
    private final FieldType type;
    /** A nested record's shape, a list's reader or a union's (shared: records and unions may recurse). */
    private final RecordShape shape;
    private final ListReader list;
    private final UnionReader union;
    /** A list's empty value, one per reader: it has no bytes, so nothing about it changes from record to record. */
    private final GenericList emptyList;
    /** What the data holds, one of the constants below: one load picks the way it is read. */
    private final int kind;
    /** A nested record's fixed part in bytes. */
    private final int fixedBytes;

    private static final int TEXT = 0;
    private static final int BLOB = 1;
    private static final int ANY_DECIMAL = 2;
    private static final int ANY_INTEGER = 3;
    private static final int LIST = 4;
    private static final int UNION = 5;
    /** A record of fixed width behind a union's slot. */
    private static final int FIXED_RECORD = 6;
    /** A record of variable length: its complete encoding. */
    private static final int RECORD = 7;

    DataReader(String label, FieldType type, Readers readers) {
        this.label = label;
        this.type = type;
        this.shape = type instanceof FieldType.Nested n ? readers.shape(n.record(), 0) : null;
        this.list = type instanceof FieldType.ListOf l ? new ListReader(label, l.element(), readers) : null;
        this.union = type instanceof FieldType.Union u ? readers.union(u.union(), 0, true, true) : null;
        this.emptyList = list == null ? null : new GenericList(list, ByteBuffer.allocate(0), 0, 0, 0, 4);
        this.fixedBytes = shape == null ? 0 : shape.fixedBytes();
        if (type instanceof FieldType.Text) {
            kind = TEXT;
        } else if (type instanceof FieldType.Blob) {
            kind = BLOB;
        } else if (type instanceof FieldType.AnyDecimal) {
            kind = ANY_DECIMAL;
        } else if (type instanceof FieldType.AnyInteger) {
            kind = ANY_INTEGER;
        } else if (list != null) {
            kind = LIST;
        } else if (union != null) {
            kind = UNION;
        } else {
            kind = ((FieldType.Nested) type).variableLength() ? RECORD : FIXED_RECORD;
        }
    }

    /** Whether the data is a value with no views in it: a string, bytes, an unbounded number. */
    boolean value() {
        return kind <= ANY_INTEGER;
    }

    /** The reader of a union stored on its own; null for other values. */
    UnionReader union() {
        return union;
    }

    /** Whether values of {@code type} are stored as data of their own length rather than at a fixed width. */
    static boolean variable(FieldType type) {
        return type instanceof FieldType.Text || type instanceof FieldType.Blob || type instanceof FieldType.ListOf
                || type instanceof FieldType.AnyDecimal || type instanceof FieldType.AnyInteger
                || type instanceof FieldType.Union || type instanceof FieldType.Nested n && n.variableLength();
    }

    /**
     * The empty value of a string, bytes or list: what a required one of a compact record holds when its slot bit is
     * 0 (docs/record-format.md, section 8.1).
     */
    Object empty() {
        if (kind == TEXT) {
            return "";
        } else if (kind == BLOB) {
            return new byte[0];
        } else if (kind == LIST) {
            return emptyList;
        }
        throw new IllegalStateException(label + " has no empty value");
    }

    /**
     * The value stored in bytes {@code start .. end - 1} of {@code buffer}: a {@code String}, a {@code byte[]}, a
     * {@code BigDecimal}, a {@code BigInteger}, a {@link GenericRecord}, a {@link GenericList} or a
     * {@link GenericUnion}.
     *
     * With {@code views}, a record, list or union is the view kept at {@code depth} ({@link Views}).
     *
     * @throws CorruptDataException naming the value when its bytes are not one
     */
    Object read(ByteBuffer buffer, int start, int end, XmlViews views, int depth) {
        switch (kind) {
            case RECORD:
                return record(buffer, start, end, views, depth);
            case TEXT:
                return VariableData.string(label, buffer, 0, start, end);
            case LIST:
                return list.read(buffer, start, end, views, depth);
            case UNION:
                return union.standalone(label, buffer, start, end, views, depth);
            case BLOB:
                return VariableData.bytes(label, buffer, 0, start, end);
            case ANY_DECIMAL:
                return BigNumbers.decimal(label, buffer, 0, start, end);
            case ANY_INTEGER:
                return BigNumbers.integer(label, buffer, 0, start, end);
            default:
                UnionValues.fixed(label, buffer, 0, start, end, fixedBytes);
                return Views.record(shape, buffer, start, fixedBytes, views, depth);
        }
    }

    /**
     * {@link #read} of a compact record's field (docs/record-format.md, section 8.5): a list's count and end offsets
     * are {@code numberBytes} bytes wide, the record's slot width; any other value is read as {@link #read} reads it.
     */
    Object readInCompact(ByteBuffer buffer, int start, int end, int numberBytes, XmlViews views, int depth) {
        return kind == LIST && list.countWithinData() ? list.read(buffer, start, end, numberBytes, views, depth)
                : read(buffer, start, end, views, depth);
    }

    /** A nested record's complete encoding. */
    private GenericRecord record(ByteBuffer buffer, int start, int end, XmlViews views, int depth) {
        RecordShape record = shape;
        int length = end - start;
        if (length < fixedBytes) {
            throw new CorruptDataException(label + ": its " + length + " bytes cannot hold a record of "
                    + fixedBytes + " fixed bytes");
        }
        if (record.compact()) {
            // Its size is its data's length: checked in constant time, its slots by the reads that use them.
            record.checkNested(label, buffer, start, length);
        } else {
            int size = record.checkedSize(buffer, start, length);
            if (size != length) {
                throw new CorruptDataException(label + ": the record says it takes " + Integer.toUnsignedString(size)
                        + " bytes, its data " + length);
            }
        }
        return Views.record(record, buffer, start, length, views, depth);
    }
}
