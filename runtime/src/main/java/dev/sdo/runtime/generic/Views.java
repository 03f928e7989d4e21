package dev.sdo.runtime.generic;

import dev.sdo.runtime.text.XmlViews;
import java.nio.ByteBuffer;

/**
 * The objects through which nested values are read: new ones for {@link GenericRecord#get} and
 * {@link GenericList#get}, or, for the XML writer, the views {@link XmlViews} keeps per depth and kind, moved to each
 * value in turn ({@link GenericRecord#view}): writing a document then makes no object per nested record, list or
 * union. A reader given no views ({@code null}) makes new objects.
 */
final class Views {
    private static final int RECORD = 0;
    private static final int LIST = 1;
    private static final int UNION = 2;

    private Views() {}

    /** A record of {@code shape} and {@code size} bytes at byte {@code base} of {@code buffer}, checked by its reader. */
    static GenericRecord record(RecordShape shape, ByteBuffer buffer, int base, int size, XmlViews views,
            int depth) {
        if (views == null) {
            return new GenericRecord(shape).at(buffer, base, size);
        }
        GenericRecord view = (GenericRecord) views.get(depth, RECORD);
        if (view == null) {
            view = new GenericRecord(shape);
            views.put(depth, RECORD, view, Views::clear);
        }
        return view.at(shape, buffer, base, size);
    }

    /** A list, its count checked by its reader. */
    static GenericList list(ListReader reader, ByteBuffer buffer, int start, int end, int size, int numberBytes,
            XmlViews views, int depth) {
        if (views == null) {
            return new GenericList(reader, buffer, start, end, size, numberBytes);
        }
        GenericList view = (GenericList) views.get(depth, LIST);
        if (view == null) {
            view = new GenericList(reader, buffer, start, end, size, numberBytes);
            views.put(depth, LIST, view, Views::clear);
            return view;
        }
        return view.at(reader, buffer, start, end, size, numberBytes);
    }

    /** Alternative {@code alternative} of a union (from 0), holding {@code value}. */
    static Object union(int alternative, String name, FieldType type, Object value, XmlViews views, int depth) {
        if (views == null) {
            return new GenericUnion(alternative, name, type, value);
        }
        return unionView(views, depth).at(alternative, value, null, null, null, 0, 0);
    }

    /**
     * Alternative {@code alternative} of a union, for the XML writer, its value left in its bytes: a scalar in the
     * union's inline place ({@code scalar}, read at {@code start}, the union's base) or data that {@code data} reads
     * from bytes {@code start .. end - 1}. The value is read if it is asked for ({@link UnionView#value(Object)});
     * the writer rather writes its text straight from the bytes ({@link GenericValueText}), making no object of it.
     */
    static Object unionInBytes(int alternative, ScalarField scalar, DataReader data, ByteBuffer buffer, int start,
            int end, XmlViews views, int depth) {
        return unionView(views, depth).at(alternative, null, scalar, data, buffer, start, end);
    }

    private static UnionView unionView(XmlViews views, int depth) {
        UnionView view = (UnionView) views.get(depth, UNION);
        if (view == null) {
            view = new UnionView();
            views.put(depth, UNION, view, Views::clear);
        }
        return view;
    }

    /** Has a view let go of the bytes (and value) it was last at, once the write is done. */
    private static void clear(Object view) {
        if (view instanceof GenericRecord record) {
            record.at(record.shape(), null, 0, 0);
        } else if (view instanceof GenericList list) {
            list.at(null, null, 0, 0, 0, 0);
        } else {
            ((UnionView) view).at(0, null, null, null, null, 0, 0);
        }
    }

    /**
     * A union's alternative and value as the XML writer reads them ({@link #union} with views), in place of a
     * {@link GenericUnion}: moved from union to union.
     */
    static final class UnionView {
        int alternative;
        /** The alternative's value; null while it is left in its bytes ({@link #unionInBytes}). */
        private Object value;
        /** A value left in its bytes: a scalar in the inline place, read at {@link #start}; else null. */
        ScalarField scalar;
        /** A value left in its bytes: data, read from bytes {@link #start} to {@link #end} - 1; else null. */
        DataReader data;
        ByteBuffer buffer;
        int start;
        int end;

        /** Moves the view to alternative {@code alternative}, holding {@code value} or left in its bytes. */
        private UnionView at(int alternative, Object value, ScalarField scalar, DataReader data, ByteBuffer buffer,
                int start, int end) {
            this.alternative = alternative;
            this.value = value;
            this.scalar = scalar;
            this.data = data;
            this.buffer = buffer;
            this.start = start;
            this.end = end;
            return this;
        }

        /** The alternative (from 0) a {@link GenericUnion} or view holds. */
        static int alternative(Object union) {
            return union instanceof UnionView view ? view.alternative : ((GenericUnion) union).alternative();
        }

        /** The value a {@link GenericUnion} or view holds. */
        static Object value(Object union) {
            return union instanceof UnionView view ? view.value() : ((GenericUnion) union).value();
        }

        /** The value, read from its bytes on the first call where it was left there. */
        private Object value() {
            Object read = value;
            if (read == null) {
                read = scalar != null ? scalar.value(buffer, start) : data.read(buffer, start, end, null, 0);
                value = read;
            }
            return read;
        }
    }
}
