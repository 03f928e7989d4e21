package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * Reading the string fields of compact records, whose repeated values are stored once (docs/record-format.md,
 * section 8.6): a string field whose data is three bytes, the first of them {@code 10xxxxxx} (a byte no UTF-8 text
 * starts with), holds a <em>reference</em> to the bytes of an earlier string field of the same document rather than
 * text: {@code xxxxxx} is the string's length in bytes less {@link #MIN_LENGTH}, the next two bytes (unsigned,
 * little-endian) how many bytes before the reference's first byte the string's first byte lies. Any other data is the
 * string's UTF-8 bytes, as in every other record.
 *
 * <p>A reference is resolved within the buffer alone, in constant time, without knowing where the document starts:
 * its target lies before it, so a record copied with the bytes before it (a whole document, a batch) keeps its
 * strings, and a record read out of its document (a nested view) still finds them where they are.
 */
public final class SharedStrings {
    /** The bytes of a reference. */
    public static final int REFERENCE_BYTES = 3;
    /** The shortest string stored by reference: a shorter one takes no more bytes than its reference. */
    public static final int MIN_LENGTH = 4;
    /** The longest string stored by reference: its length less {@link #MIN_LENGTH} fits the first byte's 6 bits. */
    public static final int MAX_LENGTH = MIN_LENGTH + 0x3F;
    /** The farthest a reference reaches back, and so the largest document whose strings are shared. */
    public static final int MAX_DISTANCE = 0xFFFF;

    private SharedStrings() {}

    /**
     * The string field {@code field} whose data lies at bytes {@code start..end} of the compact record at {@code base}:
     * its UTF-8 bytes, or those its reference points at.
     *
     * @throws CorruptDataException naming {@code field} when the data, or the bytes it refers to, do not lie within
     *     the buffer
     */
    public static String string(String field, ByteBuffer buffer, int base, int start, int end) {
        long span = span(field, buffer, base, start, end);
        return VariableData.string(field, buffer, 0, spanStart(span), spanStart(span) + spanLength(span));
    }

    /**
     * A read-only view of the UTF-8 bytes of string field {@code field}, as {@link #string} finds them: position 0,
     * limit their number.
     */
    public static ByteBuffer view(String field, ByteBuffer buffer, int base, int start, int end) {
        long span = span(field, buffer, base, start, end);
        return buffer.slice(spanStart(span), spanLength(span)).asReadOnlyBuffer();
    }

    /**
     * Where the UTF-8 bytes of string field {@code field}, whose data lies at bytes {@code start..end} of the record at
     * {@code base}, are in the buffer: the index of their first byte ({@link #spanStart}) and their number
     * ({@link #spanLength}), in one {@code long}.
     *
     * @throws CorruptDataException naming {@code field} when the data, or the bytes it refers to, do not lie within
     *     the buffer
     */
    public static long span(String field, ByteBuffer buffer, int base, int start, int end) {
        return resolve(field, buffer, base + start, VariableData.length(field, buffer, base, start, end));
    }

    /**
     * {@link #span} of the {@code length} bytes of data at index {@code at} of the buffer, already checked to lie
     * within it: the bytes a reference refers to, checked, or the data itself.
     */
    public static long resolve(String field, ByteBuffer buffer, int at, int length) {
        if (length == REFERENCE_BYTES && isReference(buffer.get(at))) {
            int target = MIN_LENGTH + (buffer.get(at) & 0x3F);
            int distance = buffer.get(at + 1) & 0xFF | (buffer.get(at + 2) & 0xFF) << Byte.SIZE;
            if (distance < target || distance > at) {
                throw new CorruptDataException(field + ": its reference to a string of " + target + " bytes "
                        + distance + " bytes before it, at byte " + at + " of the buffer, does not point at bytes"
                        + " that end before it and lie within the buffer");
            }
            return (long) (at - distance) << Integer.SIZE | target;
        }
        return (long) at << Integer.SIZE | length;
    }

    /** The index in the buffer of the first byte of a span that {@link #span} gives. */
    public static int spanStart(long span) {
        return (int) (span >>> Integer.SIZE);
    }

    /** The number of bytes of a span that {@link #span} gives. */
    public static int spanLength(long span) {
        return (int) span;
    }

    /** Whether a string field's data of {@link #REFERENCE_BYTES} bytes starting with {@code first} is a reference. */
    public static boolean isReference(byte first) {
        return (first & 0xC0) == 0x80;
    }

    /**
     * Writes at byte {@code at} of {@code buffer} the reference to the {@code length} bytes of a string that start
     * {@code distance} bytes before it; returns {@link #REFERENCE_BYTES}.
     */
    public static int writeReference(ByteBuffer buffer, int at, int length, int distance) {
        buffer.put(at, (byte) (0x80 | length - MIN_LENGTH));
        buffer.put(at + 1, (byte) distance);
        buffer.put(at + 2, (byte) (distance >>> Byte.SIZE));
        return REFERENCE_BYTES;
    }
}
