package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A read-only view of a {@code list<T>} of fixed-width elements wider than 64 bits, such as a {@code char(n)} of
 * many characters (see {@code docs/record-format.md}): laid out as a {@link PackedList} is, a 32-bit count, then
 * element i at bit {@code 32 + i * width} of the list's data, but read by a {@link Reader} from the buffer since no
 * {@code long} holds an element. {@link #size()} and {@link #get(int)} are constant time.
 *
 * @param <T> the element's Java type
 */
public final class WideList<T> extends AbstractList<T> implements RandomAccess {

    /** Reads the element whose bits start at bit {@code bitOffset} of the bytes from {@code base}. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(ByteBuffer buffer, int base, long bitOffset);
    }

    private final ByteBuffer buffer;
    private final int base;
    private final int size;
    private final int width;
    /** Where element 0's bits start: after the count. */
    private final int first;
    private final Reader<T> reader;

    private WideList(ByteBuffer buffer, int base, int size, int width, int countBytes, Reader<T> reader) {
        this.buffer = buffer;
        this.base = base;
        this.size = size;
        this.width = width;
        this.first = countBytes * Byte.SIZE;
        this.reader = reader;
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record (or enclosing list) at
     * {@code record}.
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> WideList<T> of(String field, ByteBuffer buffer, int record, int start, int end, int width,
            Reader<T> reader) {
        return of(field, buffer, record, start, end, PackedList.COUNT_BITS / Byte.SIZE, width, reader);
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}, its count
     * {@code countBytes} bytes wide: 4, or the slot width of the compact record that holds it (docs/record-format.md,
     * section 8.5).
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> WideList<T> of(String field, ByteBuffer buffer, int record, int start, int end, int countBytes,
            int width, Reader<T> reader) {
        int length = VariableData.length(field, buffer, record, start, end);
        if (length < countBytes) {
            throw new CorruptDataException(field + ": a list's data of " + length + " bytes has no room for its count");
        }
        long count = ListNumbers.read(buffer, record + start, countBytes);
        if (PackedList.byteSize(count, width, countBytes) != length) {
            throw new CorruptDataException(field + ": " + count + " elements of " + width + " bits do not take the "
                    + length + " bytes the list's data has");
        }
        return new WideList<>(buffer, record + start, (int) count, width, countBytes, reader);
    }

    @Override
    public T get(int index) {
        Objects.checkIndex(index, size);
        return reader.read(buffer, base, first + (long) index * width);
    }

    @Override
    public int size() {
        return size;
    }
}
