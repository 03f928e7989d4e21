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

    GenericList(ListReader reader, ByteBuffer buffer, int start, int end, int size) {
        this.reader = reader;
        this.buffer = buffer;
        this.start = start;
        this.end = end;
        this.size = size;
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
        return reader.element(buffer, start, end, size, Objects.checkIndex(index, size));
    }

    /** Element {@code index} of a list of fixed-width values as a number (see {@link GenericRecord#getLong}). */
    public long getLong(int index) {
        return reader.longElement(buffer, start, Objects.checkIndex(index, size));
    }

    /** Element {@code index} of a list of floats. */
    public double getDouble(int index) {
        return reader.doubleElement(buffer, start, Objects.checkIndex(index, size));
    }
}
