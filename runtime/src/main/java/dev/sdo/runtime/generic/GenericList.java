package dev.sdo.runtime.generic;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A list field read by a {@link GenericRecord}: a read-only view over the record's bytes, element i found in
 * constant time. {@link #get} gives each element as a field's value ({@link GenericRecord#get}); a list of
 * fixed-width values also reads them as numbers without allocating ({@link #getLong}, {@link #getDouble}).
 */
public final class GenericList extends AbstractList<Object> implements RandomAccess {
    private final ListReader reader;
    private final ByteBuffer buffer;
    private final int start;
    private final int end;
    private final int size;
    /** The width of the list's count and end offsets (docs/record-format.md, sections 3 and 8.5). */
    private final int numberBytes;

    GenericList(ListReader reader, ByteBuffer buffer, int start, int end, int size, int numberBytes) {
        this.reader = reader;
        this.buffer = buffer;
        this.start = start;
        this.end = end;
        this.size = size;
        this.numberBytes = numberBytes;
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * Element {@code index}: as a field of its type reads, a {@code Long}, {@code String}, {@link GenericRecord},
     * {@link GenericList}, {@link GenericUnion} and so on.
     */
    @Override
    public Object get(int index) {
        return reader.element(buffer, start, end, size, numberBytes, Objects.checkIndex(index, size));
    }

    /** Element {@code index} of a list of fixed-width values as a number (see {@link GenericRecord#getLong}). */
    public long getLong(int index) {
        return reader.longElement(buffer, start, numberBytes, Objects.checkIndex(index, size));
    }

    /** Element {@code index} of a list of floats. */
    public double getDouble(int index) {
        return reader.doubleElement(buffer, start, numberBytes, Objects.checkIndex(index, size));
    }
}
