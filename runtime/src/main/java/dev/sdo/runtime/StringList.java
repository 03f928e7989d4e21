package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A read-only view of a {@code list<string>} (see {@code docs/record-format.md}): a 32-bit count n, then n 32-bit
 * end offsets (counted from the list's first byte), then the elements' UTF-8 bytes back to back; element i is the
 * bytes from element i - 1's end (for element 0, {@code 4 + 4n}) to its own end. {@link #size()} and
 * {@link #get(int)} are constant time.
 */
public final class StringList extends AbstractList<String> implements RandomAccess {
    private static final int SLOT_BYTES = 4;

    private final String field;
    private final ByteBuffer buffer;
    private final int base;
    private final int length;
    private final int size;
    /** The width of the count and of each end offset: 4, or the holding compact record's slot width. */
    private final int numberBytes;

    private StringList(String field, ByteBuffer buffer, int base, int length, int size, int numberBytes) {
        this.field = field;
        this.buffer = buffer;
        this.base = base;
        this.length = length;
        this.size = size;
        this.numberBytes = numberBytes;
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}.
     *
     * @throws CorruptDataException naming {@code field} when the count does not fit the data
     */
    public static StringList of(String field, ByteBuffer buffer, int record, int start, int end) {
        return of(field, buffer, record, start, end, SLOT_BYTES);
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}, its count and end
     * offsets {@code numberBytes} bytes wide: 4, or the slot width of the compact record that holds it
     * (docs/record-format.md, section 8.5).
     *
     * @throws CorruptDataException naming {@code field} when the count does not fit the data
     */
    public static StringList of(String field, ByteBuffer buffer, int record, int start, int end, int numberBytes) {
        int length = VariableData.length(field, buffer, record, start, end);
        if (length < numberBytes) {
            throw new CorruptDataException(field + ": a list's data of " + length + " bytes has no room for its count");
        }
        long count = ListNumbers.read(buffer, record + start, numberBytes);
        if (numberBytes + numberBytes * count > length) {
            throw new CorruptDataException(field + ": " + count + " end offsets do not fit the list's " + length
                    + " bytes");
        }
        return new StringList(field, buffer, record + start, length, (int) count, numberBytes);
    }

    /**
     * The bytes {@code values} takes as a list: its count, its end offsets and its UTF-8.
     *
     * @throws IllegalArgumentException naming the element ({@code field[i]}) for a null element or an unpaired
     *     surrogate
     */
    public static long byteSize(String field, List<String> values) {
        return byteSize(field, values, SLOT_BYTES);
    }

    /**
     * {@link #byteSize(String, List)} with a count and end offsets of {@code numberBytes} bytes each (0: the UTF-8
     * alone).
     */
    public static long byteSize(String field, List<String> values, int numberBytes) {
        long bytes = numberBytes + (long) numberBytes * values.size();
        for (int i = 0; i < values.size(); i++) {
            try {
                bytes += VariableData.utf8Length(field, FieldValues.requireElement(field, values.get(i)));
            } catch (IllegalArgumentException e) {
                throw FieldValues.inElement(field, i, e);
            }
        }
        return bytes;
    }

    /** Writes {@code values} as a list at byte {@code index} of {@code buffer}; returns the bytes written. */
    public static int write(String field, ByteBuffer buffer, int index, List<String> values) {
        return write(field, buffer, index, values, SLOT_BYTES);
    }

    /**
     * Writes {@code values} as a list at byte {@code index} of {@code buffer}, its count and end offsets
     * {@code numberBytes} bytes wide; returns the bytes written.
     */
    public static int write(String field, ByteBuffer buffer, int index, List<String> values, int numberBytes) {
        int count = values.size();
        ListNumbers.write(buffer, index, numberBytes, count);
        int end = numberBytes + numberBytes * count;
        for (int i = 0; i < count; i++) {
            try {
                end += VariableData.writeString(field, buffer, index + end,
                        FieldValues.requireElement(field, values.get(i)));
            } catch (IllegalArgumentException e) {
                throw FieldValues.inElement(field, i, e);
            }
            ListNumbers.write(buffer, index + numberBytes + numberBytes * i, numberBytes, end);
        }
        return end;
    }

    private int end(int index) {
        return (int) ListNumbers.read(buffer, base + numberBytes + numberBytes * index, numberBytes);
    }

    @Override
    public String get(int index) {
        Objects.checkIndex(index, size);
        int start = index == 0 ? numberBytes + numberBytes * size : end(index - 1);
        int end = end(index);
        if (start < 0 || end < start || end > length) {
            throw new CorruptDataException(field + "[" + index + "]: bytes " + Integer.toUnsignedString(start) + ".."
                    + Integer.toUnsignedString(end) + " do not lie within the list's " + length + " bytes");
        }
        return VariableData.string(field, buffer, base, start, end);
    }

    @Override
    public int size() {
        return size;
    }
}
