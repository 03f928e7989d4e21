package dev.sdo.runtime.generic;

import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.UnionValues;
import dev.sdo.runtime.VariableData;
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

    DataReader(String label, FieldType type, Readers readers) {
        this.label = label;
        this.type = type;
        this.shape = type instanceof FieldType.Nested n ? readers.shape(n.record(), 0) : null;
        this.list = type instanceof FieldType.ListOf l ? new ListReader(label, l.element(), readers) : null;
        this.union = type instanceof FieldType.Union u ? readers.union(u.union(), 0, true, true) : null;
        this.emptyList = list == null ? null : new GenericList(list, ByteBuffer.allocate(0), 0, 0, 0);
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
        if (type instanceof FieldType.Text) {
            return "";
        } else if (type instanceof FieldType.Blob) {
            return new byte[0];
        } else if (list != null) {
            return emptyList;
        }
        throw new IllegalStateException(label + " has no empty value");
    }

    /**
     * The value stored in bytes {@code start .. end - 1} of {@code buffer}: a {@code String}, a {@code byte[]}, a
     * {@code BigDecimal}, a {@code BigInteger}, a {@link GenericRecord}, a {@link GenericList} or a
     * {@link GenericUnion}.
     *
     * @throws CorruptDataException naming the value when its bytes are not one
     */
    Object read(ByteBuffer buffer, int start, int end) {
        if (type instanceof FieldType.Text) {
            return VariableData.string(label, buffer, 0, start, end);
        } else if (type instanceof FieldType.Blob) {
            return VariableData.bytes(label, buffer, 0, start, end);
        } else if (type instanceof FieldType.AnyDecimal) {
            return BigNumbers.decimal(label, buffer, 0, start, end);
        } else if (type instanceof FieldType.AnyInteger) {
            return BigNumbers.integer(label, buffer, 0, start, end);
        } else if (list != null) {
            return list.read(buffer, start, end);
        } else if (union != null) {
            return union.standalone(label, buffer, start, end);
        }
        return record(buffer, start, end);
    }

    /** A nested record's complete encoding (variable), or a fixed record's bytes behind a union's slot. */
    private GenericRecord record(ByteBuffer buffer, int start, int end) {
        FieldType.Nested nested = (FieldType.Nested) type;
        RecordShape record = shape;
        int fixedBytes = record.record().fixedBytes();
        if (!nested.variableLength()) {
            UnionValues.fixed(label, buffer, 0, start, end, fixedBytes);
            return new GenericRecord(record).at(buffer, start);
        }
        int length = end - start;
        if (length < fixedBytes) {
            throw new CorruptDataException(label + ": its " + length + " bytes cannot hold a record of "
                    + fixedBytes + " fixed bytes");
        }
        int size = record.checkedSize(buffer, start, length);
        if (size != length) {
            throw new CorruptDataException(label + ": the record says it takes " + Integer.toUnsignedString(size)
                    + " bytes, its data " + length);
        }
        return new GenericRecord(record).at(buffer, start);
    }
}
