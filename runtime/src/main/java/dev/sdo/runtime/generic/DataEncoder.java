package dev.sdo.runtime.generic;

import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.VariableData;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * How a {@link GenericWriter} writes a value stored as data bytes (docs/record-format.md, sections 2, 3 and 5): the
 * data of a variable-length field, of an element of a list of elements of variable size, or of a union's alternative
 * behind its slot. {@link #size} is the sizing pass of generated {@code encodedSize} (with its checks), {@link #write}
 * the writing pass of {@code encode}; both take the value as {@link RecordValues} holds it and name it {@code label}
 * in their messages.
 */
abstract class DataEncoder {

    /**
     * The bytes {@code value} (not null) takes.
     *
     * @throws IllegalArgumentException naming the value when it is of the wrong Java type, or when a string is not
     *     well-formed Unicode, or a list element is null
     */
    abstract long size(String label, Object value);

    /** Writes {@code value} (not null, sized first) at byte {@code at} of {@code buffer}; returns the bytes written. */
    abstract int write(String label, Object value, ByteBuffer buffer, int at);

    /**
     * Writes {@code value} (not null, not sized first) at byte {@code at} of {@code scratch}'s buffer in one pass
     * ({@link RecordEncoder#encodeOne}); returns the bytes written. It refuses what {@link #size} refuses, though not
     * always with the same exception (the caller then encodes again by sizing first, for the message), and throws
     * {@link IndexOutOfBoundsException} when the buffer is too small. By default {@link #write}, which checks what
     * sizing checks or fails on the cast.
     */
    int writeOne(String label, Object value, EncodeScratch scratch, int at) {
        return write(label, value, scratch.buffer, at);
    }

    /** The encoder of values of {@code type} stored as data, its records and unions those of {@code encoders}. */
    static DataEncoder of(FieldType type, Encoders encoders) {
        SchemaDescriptor schema = encoders.schema();
        if (type instanceof FieldType.Text) {
            return new Text();
        } else if (type instanceof FieldType.Blob) {
            return new Blob();
        } else if (type instanceof FieldType.AnyDecimal) {
            return new AnyDecimal();
        } else if (type instanceof FieldType.AnyInteger) {
            return new AnyInteger();
        } else if (type instanceof FieldType.ListOf list) {
            return new ListEncoder(list, encoders);
        } else if (type instanceof FieldType.Union union) {
            return encoders.union(union.union()).standalone();
        } else if (type instanceof FieldType.Nested nested) {
            RecordEncoder record = encoders.record(nested.record());
            return nested.variableLength() ? new Record(record) : new FixedRecord(record);
        }
        throw new IllegalArgumentException(TypeText.of(type, schema) + " is stored in bits, not as data");
    }

    /** {@code value} as a string's value; refused, naming {@code label}, when it is not a {@code String}. */
    static String text(String label, Object value) {
        if (!(value instanceof String text)) {
            throw GenericWriter.wrongType(label, "string", "a String", value);
        }
        return text;
    }

    /** {@code string}: its UTF-8. */
    private static final class Text extends DataEncoder {
        @Override
        long size(String label, Object value) {
            return VariableData.utf8Length(label, text(label, value));
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            return VariableData.writeString(label, buffer, at, (String) value);
        }


    }

    /** {@code bytes}: the blob itself. */
    private static final class Blob extends DataEncoder {
        @Override
        long size(String label, Object value) {
            if (!(value instanceof byte[] blob)) {
                throw GenericWriter.wrongType(label, "bytes", "a byte[]", value);
            }
            return VariableData.length(blob);
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            return VariableData.writeBytes(buffer, at, (byte[]) value);
        }
    }

    /** {@code decimal} without bounds: its scale, then its unscaled value. */
    private static final class AnyDecimal extends DataEncoder {
        @Override
        long size(String label, Object value) {
            if (!(value instanceof BigDecimal decimal)) {
                throw GenericWriter.wrongType(label, "decimal", "a BigDecimal", value);
            }
            return BigNumbers.decimalLength(decimal);
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            return BigNumbers.writeDecimal(buffer, at, (BigDecimal) value);
        }
    }

    /** {@code integer}: its two's-complement bytes. */
    private static final class AnyInteger extends DataEncoder {
        @Override
        long size(String label, Object value) {
            if (!(value instanceof BigInteger integer)) {
                throw GenericWriter.wrongType(label, "integer", "a BigInteger", value);
            }
            return BigNumbers.integerLength(integer);
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            return BigNumbers.writeInteger(buffer, at, (BigInteger) value);
        }
    }

    /** A record with variable-length data: its complete encoding. */
    private static final class Record extends DataEncoder {
        private final RecordEncoder record;

        Record(RecordEncoder record) {
            this.record = record;
        }

        @Override
        long size(String label, Object value) {
            return record.encodedSize(record.values(label, value));
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            return record.encode((RecordValues) value, buffer, at);
        }

        @Override
        int writeOne(String label, Object value, EncodeScratch scratch, int at) {
            return record.encodeOne(record.values(label, value), scratch, at);
        }
    }

    /** A record of fixed width behind a union's slot: its {@code BYTES} bytes. */
    private static final class FixedRecord extends DataEncoder {
        private final RecordEncoder record;

        FixedRecord(RecordEncoder record) {
            this.record = record;
        }

        @Override
        long size(String label, Object value) {
            record.values(label, value);
            return record.fixedBytes();
        }

        @Override
        int write(String label, Object value, ByteBuffer buffer, int at) {
            BitFields.clear(buffer, at, 0, 8L * record.fixedBytes());
            record.encodeFixed(record.values(label, value), buffer, at, 0);
            return record.fixedBytes();
        }
    }
}
