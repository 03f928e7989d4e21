package dev.sdo.runtime.generic;

import dev.sdo.runtime.text.XmlViews;
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
    /** Changed only for a view reused by the XML writer ({@link Views}), which moves it from list to list. */
    private ListReader reader;
    private ByteBuffer buffer;
    private int start;
    private int end;
    private int size;
    /** The width of the list's count and end offsets (docs/record-format.md, sections 3 and 8.5). */
    private int numberBytes;

    GenericList(ListReader reader, ByteBuffer buffer, int start, int end, int size, int numberBytes) {
        at(reader, buffer, start, end, size, numberBytes);
    }

    /** Moves the view to another list, whose count its reader checked: a view reused by the XML writer. */
    GenericList at(ListReader reader, ByteBuffer buffer, int start, int end, int size, int numberBytes) {
        this.reader = reader;
        this.buffer = buffer;
        this.start = start;
        this.end = end;
        this.size = size;
        this.numberBytes = numberBytes;
        return this;
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
        return reader.element(buffer, start, end, size, numberBytes, Objects.checkIndex(index, size), null, 0);
    }

    /**
     * Element {@code index} as {@link #get} gives it, but a record, list or union as the view {@code views} keeps at
     * {@code depth}, moved to it: for the XML writer ({@link Views}).
     */
    Object view(int index, XmlViews views, int depth) {
        return reader.element(buffer, start, end, size, numberBytes, Objects.checkIndex(index, size), views, depth);
    }

    /** The XML text of element {@code index} from its bytes, as {@code text} gives it ({@link GenericValueText}). */
    int itemText(GenericValueText text, int index, dev.sdo.runtime.text.XmlText into) {
        return reader.elementText(text, buffer, start, end, size, numberBytes, Objects.checkIndex(index, size), into);
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
