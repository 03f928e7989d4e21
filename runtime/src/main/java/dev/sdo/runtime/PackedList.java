package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A read-only view of a {@code list<T>} of fixed-width elements (see {@code docs/record-format.md}): a 32-bit count,
 * then the elements packed at their bit width, element i at bit {@code 32 + i * width} of the list's data. Both
 * {@link #size()} and {@link #get(int)} are constant time; {@link #bits(int)} reads an element's stored bits without
 * allocating.
 *
 * @param <T> the element's Java type
 */
public final class PackedList<T> extends AbstractList<T> implements RandomAccess {
    /** The width of the count in front of the elements. */
    public static final int COUNT_BITS = 32;

    /** Turns an element's stored bits into its Java value. */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(long bits);
    }

    private final ByteBuffer buffer;
    private final int base;
    private final int size;
    private final int width;
    /** Where element 0's bits start: after the count. */
    private final int first;
    private final Decoder<T> decoder;

    private PackedList(ByteBuffer buffer, int base, int size, int width, int countBytes, Decoder<T> decoder) {
        this.buffer = buffer;
        this.base = base;
        this.size = size;
        this.width = width;
        this.first = countBytes * Byte.SIZE;
        this.decoder = decoder;
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}.
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> PackedList<T> of(String field, ByteBuffer buffer, int record, int start, int end, int width,
            Decoder<T> decoder) {
        return of(field, buffer, record, start, end, COUNT_BITS / Byte.SIZE, width, decoder);
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}, its count
     * {@code countBytes} bytes wide: 4, or the slot width of the compact record that holds it (docs/record-format.md,
     * section 8.5).
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> PackedList<T> of(String field, ByteBuffer buffer, int record, int start, int end,
            int countBytes, int width, Decoder<T> decoder) {
        int length = VariableData.length(field, buffer, record, start, end);
        if (length < countBytes) {
            throw new CorruptDataException(field + ": a list's data of " + length + " bytes has no room for its count");
        }
        long count = ListNumbers.read(buffer, record + start, countBytes);
        if (byteSize(count, width, countBytes) != length) {
            throw new CorruptDataException(field + ": " + count + " elements of " + width + " bits do not take the "
                    + length + " bytes the list's data has");
        }
        return new PackedList<>(buffer, record + start, (int) count, width, countBytes, decoder);
    }

    /** The bytes a list of {@code count} elements of {@code width} bits takes: its count and its packed elements. */
    public static long byteSize(long count, int width) {
        return byteSize(count, width, COUNT_BITS / Byte.SIZE);
    }

    /** {@link #byteSize(long, int)} with a count of {@code countBytes} bytes (0: the elements alone). */
    public static long byteSize(long count, int width, int countBytes) {
        return countBytes + (count * width + Byte.SIZE - 1) / Byte.SIZE;
    }

    /** The stored bits of element {@code index}, unsigned, read without allocating. */
    public long bits(int index) {
        Objects.checkIndex(index, size);
        return BitFields.read(buffer, base, first + (long) index * width, width);
    }

    @Override
    public T get(int index) {
        return decoder.decode(bits(index));
    }

    @Override
    public int size() {
        return size;
    }
}
