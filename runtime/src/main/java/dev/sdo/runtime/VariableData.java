package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The variable part of a record (see {@code docs/record-format.md}): the bytes of its {@code string} and
 * {@code bytes} fields, which follow the fixed part and are found through 32-bit end slots in it. A field's data
 * is the bytes {@code start .. end - 1} of the record, where {@code end} is its slot's value and {@code start} the
 * previous variable field's end (the fixed part's size for the first one), so that any field is found with at
 * most two slot reads, whatever the lengths before it.
 *
 * <p>Generated SDOs call these methods; the reads check the slots against each other and against the buffer, and report
 * inconsistent ones as {@link CorruptDataException}, never by reading past the buffer. {@code wrap} and a batch's
 * cursors check, before any getter reads the record, that its end slots ascend from the fixed part to its own size
 * ({@link #nextEnd}, {@link Flyweight#checkedByteSize()}) and a batch that this size is the one its offsets index
 * gives, so no field's data reaches outside its record, into the next one.
 */
public final class VariableData {
    /** The width of an end slot in bits. */
    public static final int SLOT_BITS = 32;

    private VariableData() {}

    /**
     * Checks that the data {@code start .. end - 1} of the record at {@code base} is consistent and lies within
     * the buffer, and returns its length.
     *
     * @throws CorruptDataException naming {@code field} otherwise
     */
    public static int length(String field, ByteBuffer buffer, int base, int start, int end) {
        if (start < 0 || end < start || end > buffer.limit() - base) {
            throw new CorruptDataException(field + ": variable data " + Integer.toUnsignedString(start) + ".."
                    + Integer.toUnsignedString(end) + " is not a range within the record's "
                    + (buffer.limit() - base) + " available bytes");
        }
        return end - start;
    }

    /**
     * {@code end}, the end slot of {@code field}, after checking that it is at or after {@code start}, where the
     * field's data starts (the previous variable-length field's end, or the writer's fixed part): one step of a
     * record's {@code checkedByteSize()}, which walks its slots in order so that every field's data lies between the
     * fixed part and the record's size.
     *
     * @throws CorruptDataException naming {@code field} otherwise
     */
    public static int nextEnd(String field, int start, int end) {
        if (Integer.compareUnsigned(end, start) < 0) {
            throw new CorruptDataException(field + ": its data ends at byte " + Integer.toUnsignedString(end)
                    + ", before it starts at byte " + Integer.toUnsignedString(start)
                    + " (the end of the data before it): the record's end slots must ascend");
        }
        return end;
    }

    /**
     * {@code size}, the size of {@code record}, after checking that it is one a record can have (below 2^31: so
     * never negative, which {@link Flyweight#checkedByteSize()} keeps for records that do not say their size) and
     * that {@code dataEnd}, where the data of the fields this code knows ends, is within it: the last step of a
     * record's {@code checkedByteSize()}. A record of this code's version ends with its last field's data; a later
     * version's, whose size its container gives, may hold more.
     *
     * @throws CorruptDataException naming {@code record} otherwise
     */
    public static int dataWithin(String record, int dataEnd, int size) {
        if (size < 0) {
            throw new CorruptDataException(record + ": it says it takes " + Integer.toUnsignedString(size)
                    + " bytes; a record takes at most " + Integer.MAX_VALUE);
        }
        if (Integer.compareUnsigned(dataEnd, size) > 0) {
            throw new CorruptDataException(record + ": its fields' data ends at byte "
                    + Integer.toUnsignedString(dataEnd) + ", past the record's end at byte "
                    + Integer.toUnsignedString(size));
        }
        return size;
    }

    /**
     * Checks the record a generated {@code readObject} has just read, as {@code wrap} checks a record
     * ({@link Flyweight#checkedByteSize()}), so that no getter of a deserialised record indexes outside it.
     *
     * @throws java.io.InvalidObjectException naming {@code record} when a field's data does not lie within it
     */
    public static void checkSerialised(String record, Flyweight read) throws java.io.InvalidObjectException {
        try {
            read.checkedByteSize();
        } catch (CorruptDataException e) {
            throw new java.io.InvalidObjectException(record + ": damaged serial form: " + e.getMessage());
        }
    }

    /** The UTF-8 string stored in bytes {@code start .. end - 1} of the record at {@code base}. */
    public static String string(String field, ByteBuffer buffer, int base, int start, int end) {
        int length = length(field, buffer, base, start, end);
        if (buffer.hasArray()) {
            return new String(buffer.array(), buffer.arrayOffset() + base + start, length, StandardCharsets.UTF_8);
        }
        byte[] bytes = new byte[length];
        buffer.get(base + start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A copy of the bytes {@code start .. end - 1} of the record at {@code base}. */
    public static byte[] bytes(String field, ByteBuffer buffer, int base, int start, int end) {
        byte[] bytes = new byte[length(field, buffer, base, start, end)];
        buffer.get(base + start, bytes);
        return bytes;
    }

    /**
     * A read-only view of the bytes {@code start .. end - 1} of the record at {@code base}: position 0, limit the
     * length, nothing copied.
     */
    public static ByteBuffer view(String field, ByteBuffer buffer, int base, int start, int end) {
        int length = length(field, buffer, base, start, end);
        return buffer.slice(base + start, length).asReadOnlyBuffer();
    }

    /** The size of the record at byte {@code offset} of {@code buffer}, as a generated {@code XSdo::sizeOf} reads it. */
    @FunctionalInterface
    public interface RecordSize {
        int of(ByteBuffer buffer, int offset);
    }

    /**
     * Where the nested record stored in bytes {@code start .. end - 1} of the record at {@code base} starts in the
     * buffer, after checking that those bytes are exactly one record: its fixed part of {@code fixedBytes} fits, and
     * the size it reads from itself is the data's length.
     *
     * @throws CorruptDataException naming {@code field} otherwise
     */
    public static int nested(String field, ByteBuffer buffer, int base, int start, int end, int fixedBytes,
            RecordSize size) {
        int length = length(field, buffer, base, start, end);
        String problem = nestedProblem(buffer, base + start, length, fixedBytes, size);
        if (problem != null) {
            throw new CorruptDataException(field + ": " + problem);
        }
        return base + start;
    }

    /**
     * What is wrong with the {@code length} bytes at {@code at} (within the buffer) as one record of
     * {@code fixedBytes} fixed bytes, or null when nothing is.
     */
    static String nestedProblem(ByteBuffer buffer, int at, int length, int fixedBytes, RecordSize size) {
        if (length < fixedBytes) {
            return "its " + length + " bytes cannot hold a record of " + fixedBytes + " fixed bytes";
        }
        int recordSize = size.of(buffer, at);
        if (recordSize != length) {
            return "the record stored in its " + length + " bytes says it takes "
                    + Integer.toUnsignedString(recordSize);
        }
        return null;
    }

    /** The first piece {@link #readSerialised} reads a record into; it doubles as the bytes arrive. */
    private static final int FIRST_SERIAL_PIECE = 1 << 16;

    /**
     * The bytes of a record's Java serial form, whose size the form gave: read in pieces that double as they arrive,
     * so that a forged size costs no more than the bytes the stream holds, then checked as {@code wrap} checks a
     * record, so that the record's {@code hashCode}, {@code equals} and {@code toByteArray} never index outside it.
     * For the generated {@code readObject} of a record with variable-length data.
     *
     * @param record the record's name, for messages
     * @param size the size the serial form gives
     * @param fixedBytes the fixed part of the version that wrote the record, the least it takes
     * @param sizeOf reads the record's own size from its bytes; null for a later version's record, whose size only
     *     the form gives
     * @throws java.io.InvalidObjectException when the size is below {@code fixedBytes} or is not the record's own
     * @throws java.io.EOFException when the stream ends before {@code size} bytes
     */
    public static ByteBuffer readSerialised(String record, java.io.ObjectInput in, int size, int fixedBytes,
            RecordSize sizeOf) throws java.io.IOException {
        if (size < fixedBytes) {
            throw new java.io.InvalidObjectException(record + ": damaged serial form: a record of " + size
                    + " bytes is shorter than its " + fixedBytes + "-byte fixed part");
        }
        byte[] bytes = new byte[Math.min(size, FIRST_SERIAL_PIECE)];
        int read = 0;
        while (true) {
            in.readFully(bytes, read, bytes.length - read);
            read = bytes.length;
            if (read == size) {
                break;
            }
            bytes = java.util.Arrays.copyOf(bytes, (int) Math.min(size, 2L * read));
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (sizeOf != null) {
            int own = sizeOf.of(buffer, 0);
            if (own != size) {
                throw new java.io.InvalidObjectException(record + ": damaged serial form: the record says it takes "
                        + Integer.toUnsignedString(own) + " bytes, its serial form gives it " + size);
            }
        }
        return buffer;
    }

    /** The length of {@code value}, 0 for null (an absent optional field). */
    public static int length(byte[] value) {
        return value == null ? 0 : value.length;
    }

    /**
     * The number of bytes of {@code value} in UTF-8, 0 for null (an absent optional field).
     *
     * @throws IllegalArgumentException naming {@code field} when {@code value} holds an unpaired surrogate, which
     *     UTF-8 cannot encode (it is refused rather than replaced)
     */
    public static int utf8Length(String field, String value) {
        if (value == null) {
            return 0;
        }
        int length = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                length += 1;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                length += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException(field + ": the string holds an unpaired surrogate U+"
                        + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at index " + i
                        + "; allowed: well-formed Unicode text");
            } else {
                length += 3;
            }
        }
        return length;
    }

    /**
     * Writes {@code value} in UTF-8 at byte {@code index} of {@code buffer} and returns the number of bytes
     * written.
     *
     * @throws IllegalArgumentException naming {@code field} as {@link #utf8Length} does
     * @throws IndexOutOfBoundsException when the buffer has no room for the bytes
     */
    public static int writeString(String field, ByteBuffer buffer, int index, String value) {
        int at = index;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                buffer.put(at++, (byte) c);
            } else if (c < 0x800) {
                buffer.put(at++, (byte) (0xC0 | c >> 6));
                buffer.put(at++, (byte) (0x80 | c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == value.length()
                        || !Character.isLowSurrogate(value.charAt(i + 1))) {
                    utf8Length(field, value); // throws, naming the unpaired surrogate
                }
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                buffer.put(at++, (byte) (0xF0 | codePoint >> 18));
                buffer.put(at++, (byte) (0x80 | codePoint >> 12 & 0x3F));
                buffer.put(at++, (byte) (0x80 | codePoint >> 6 & 0x3F));
                buffer.put(at++, (byte) (0x80 | codePoint & 0x3F));
            } else {
                buffer.put(at++, (byte) (0xE0 | c >> 12));
                buffer.put(at++, (byte) (0x80 | c >> 6 & 0x3F));
                buffer.put(at++, (byte) (0x80 | c & 0x3F));
            }
        }
        return at - index;
    }

    /** Writes {@code value} at byte {@code index} of {@code buffer} and returns its length. */
    public static int writeBytes(ByteBuffer buffer, int index, byte[] value) {
        buffer.put(index, value);
        return value.length;
    }

    /**
     * The size of a record whose fixed part takes {@code fixedBytes}: {@code fixedBytes} plus {@code dataBytes},
     * checked to fit an {@code int}.
     *
     * @throws IllegalArgumentException naming {@code record} when the record would exceed 2^31 - 1 bytes
     */
    public static int recordSize(String record, int fixedBytes, long dataBytes) {
        long size = fixedBytes + dataBytes;
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(record + ": " + size + " bytes; allowed: at most "
                    + Integer.MAX_VALUE + " bytes per record");
        }
        return (int) size;
    }
}
