package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A read-only view of a {@code list<T>} of elements of variable size: blobs, lists, and records with variable-length
 * data (see {@code docs/record-format.md}). Its data is a 32-bit count n, then n 32-bit end offsets counted from the
 * list's first byte, then the elements' encodings back to back; element i is the bytes from element i - 1's end
 * (for element 0, {@code 4 + 4n}) to its own end. {@link #size()} and {@link #get(int)} are constant time, and
 * {@link #elementBuffer(int)} shows an element's bytes without decoding them.
 *
 * @param <T> the element's Java type
 */
public final class VariableList<T> extends AbstractList<T> implements RandomAccess {
    /** The bytes of the count and of each end offset. */
    public static final int SLOT_BYTES = 4;

    /**
     * Turns the bytes of an element into its Java value. The bytes {@code start .. end - 1} after {@code base} lie
     * within the list; {@code list} and {@code index} name the element in errors ({@link #elementName}).
     */
    @FunctionalInterface
    public interface ElementReader<T> {
        T read(String list, int index, ByteBuffer buffer, int base, int start, int end);
    }

    /** A {@code bytes} element: a copy of its bytes. */
    public static final ElementReader<byte[]> BLOBS = (list, index, buffer, base, start, end) -> {
        byte[] bytes = new byte[end - start];
        buffer.get(base + start, bytes);
        return bytes;
    };

    private final String field;
    private final ByteBuffer buffer;
    private final int base;
    private final int length;
    private final int size;
    private final ElementReader<T> reader;
    /** The width of the count and of each end offset: 4, or the holding compact record's slot width. */
    private final int numberBytes;

    private VariableList(String field, ByteBuffer buffer, int base, int length, int size, int numberBytes,
            ElementReader<T> reader) {
        this.field = field;
        this.buffer = buffer;
        this.base = base;
        this.length = length;
        this.size = size;
        this.numberBytes = numberBytes;
        this.reader = reader;
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record (or enclosing list) at
     * {@code record}.
     *
     * @throws CorruptDataException naming {@code field} when the data cannot hold the count and the end offsets
     */
    public static <T> VariableList<T> of(String field, ByteBuffer buffer, int record, int start, int end,
            ElementReader<T> reader) {
        return of(field, buffer, record, start, end, SLOT_BYTES, reader);
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}, its count and end
     * offsets {@code numberBytes} bytes wide: 4, or the slot width of the compact record that holds it
     * (docs/record-format.md, section 8.5).
     *
     * @throws CorruptDataException naming {@code field} when the data cannot hold the count and the end offsets
     */
    public static <T> VariableList<T> of(String field, ByteBuffer buffer, int record, int start, int end,
            int numberBytes, ElementReader<T> reader) {
        int length = VariableData.length(field, buffer, record, start, end);
        if (length < numberBytes) {
            throw new CorruptDataException(field + ": a list's data of " + length + " bytes has no room for its count");
        }
        long count = ListNumbers.read(buffer, record + start, numberBytes);
        if (numberBytes + numberBytes * count > length) {
            throw new CorruptDataException(field + ": " + count + " end offsets do not fit the list's " + length
                    + " bytes");
        }
        return new VariableList<>(field, buffer, record + start, length, (int) count, numberBytes, reader);
    }

    /**
     * The list of no elements: what a required list field added by a later schema version reads as in data written
     * before it (docs/record-format.md, "Versions"). One instance serves every element type, as it has no element.
     */
    @SuppressWarnings("unchecked")
    public static <T> VariableList<T> empty() {
        return (VariableList<T>) EMPTY;
    }

    private static final VariableList<?> EMPTY = new VariableList<>("", ByteBuffer.allocate(0), 0, 0, 0, SLOT_BYTES,
            (list, index, buffer, base, start, end) -> {
                throw new AssertionError("an empty list has no element " + index);
            });

    /** How errors name element {@code index} of the list {@code list}: {@code Record.field[index]}. */
    public static String elementName(String list, int index) {
        return list + "[" + index + "]";
    }

    /**
     * Where the record stored as element {@code index} (bytes {@code start .. end - 1} after {@code base}, within
     * the list) starts in the buffer, after checking that those bytes are exactly one record of
     * {@code fixedBytes} fixed bytes and the size {@code size} reads.
     *
     * @throws CorruptDataException naming the element otherwise
     */
    public static int recordAt(String list, int index, ByteBuffer buffer, int base, int start, int end,
            int fixedBytes, VariableData.RecordSize size) {
        String problem = VariableData.nestedProblem(buffer, base + start, end - start, fixedBytes, size);
        if (problem != null) {
            throw new CorruptDataException(elementName(list, index) + ": " + problem);
        }
        return base + start;
    }

    /** The end of element {@code index}, checked to lie after {@code start} and within the list. */
    private int end(int index, int start) {
        int end = (int) ListNumbers.read(buffer, base + numberBytes + numberBytes * index, numberBytes);
        if (start < 0 || end < start || end > length) {
            throw new CorruptDataException(elementName(field, index) + ": bytes " + Integer.toUnsignedString(start)
                    + ".." + Integer.toUnsignedString(end) + " do not lie within the list's " + length + " bytes");
        }
        return end;
    }

    private int start(int index) {
        return index == 0 ? numberBytes + numberBytes * size
                : (int) ListNumbers.read(buffer, base + numberBytes * index, numberBytes);
    }

    @Override
    public T get(int index) {
        Objects.checkIndex(index, size);
        int start = start(index);
        return reader.read(field, index, buffer, base, start, end(index, start));
    }

    /**
     * A read-only view of the bytes of element {@code index}, nothing copied (position 0, limit their number): for
     * a {@code list<bytes>}, the blob itself.
     */
    public ByteBuffer elementBuffer(int index) {
        Objects.checkIndex(index, size);
        int start = start(index);
        int end = end(index, start);
        return buffer.slice(base + start, end - start).asReadOnlyBuffer();
    }

    @Override
    public int size() {
        return size;
    }
}
