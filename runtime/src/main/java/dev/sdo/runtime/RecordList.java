package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A read-only view of a {@code list<R>} of a record R of fixed width (see {@code docs/record-format.md}): a 32-bit
 * count, then the elements one after the other, each R's {@code BYTES} bytes long and starting on a byte, so that
 * {@link #get(int)} wraps element i where it lies, copying nothing. {@link #size()} and {@link #get(int)} are
 * constant time.
 *
 * @param <T> the record's interface
 */
public final class RecordList<T> extends AbstractList<T> implements RandomAccess {
    /** The bytes of the count in front of the elements. */
    public static final int COUNT_BYTES = 4;

    /** A view of the record at byte {@code offset} of {@code buffer}: a generated {@code RSdo::wrap}. */
    @FunctionalInterface
    public interface View<T> {
        T wrap(ByteBuffer buffer, int offset);
    }

    private final ByteBuffer buffer;
    private final int base;
    private final int size;
    private final int stride;
    /** Where element 0 starts: after the count. */
    private final int first;
    private final View<T> view;

    private RecordList(ByteBuffer buffer, int base, int size, int stride, int countBytes, View<T> view) {
        this.buffer = buffer;
        this.base = base;
        this.size = size;
        this.stride = stride;
        this.first = countBytes;
        this.view = view;
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record (or enclosing list) at
     * {@code record}, of records of {@code stride} bytes each.
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> RecordList<T> of(String field, ByteBuffer buffer, int record, int start, int end, int stride,
            View<T> view) {
        return of(field, buffer, record, start, end, COUNT_BYTES, stride, view);
    }

    /**
     * The list whose data is the bytes {@code start .. end - 1} of the record at {@code record}, its count
     * {@code countBytes} bytes wide: 4, or the slot width of the compact record that holds it (docs/record-format.md,
     * section 8.5).
     *
     * @throws CorruptDataException naming {@code field} when the count and the data's length disagree
     */
    public static <T> RecordList<T> of(String field, ByteBuffer buffer, int record, int start, int end,
            int countBytes, int stride, View<T> view) {
        int length = VariableData.length(field, buffer, record, start, end);
        if (length < countBytes) {
            throw new CorruptDataException(field + ": a list's data of " + length + " bytes has no room for its count");
        }
        long count = ListNumbers.read(buffer, record + start, countBytes);
        if (byteSize(count, stride, countBytes) != length) {
            throw new CorruptDataException(field + ": " + count + " records of " + stride + " bytes do not take the "
                    + length + " bytes the list's data has");
        }
        return new RecordList<>(buffer, record + start, (int) count, stride, countBytes, view);
    }

    /** The bytes a list of {@code count} records of {@code stride} bytes takes: its count and its records. */
    public static long byteSize(long count, int stride) {
        return COUNT_BYTES + count * stride;
    }

    /** {@link #byteSize(long, int)} with a count of {@code countBytes} bytes (0: the records alone). */
    public static long byteSize(long count, int stride, int countBytes) {
        return countBytes + count * stride;
    }

    @Override
    public T get(int index) {
        Objects.checkIndex(index, size);
        return view.wrap(buffer, base + first + index * stride);
    }

    @Override
    public int size() {
        return size;
    }
}
