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
        UnionView view = (UnionView) views.get(depth, UNION);
        if (view == null) {
            view = new UnionView();
            views.put(depth, UNION, view, Views::clear);
        }
        view.alternative = alternative;
        view.value = value;
        return view;
    }

    /** Has a view let go of the bytes (and value) it was last at, once the write is done. */
    private static void clear(Object view) {
        if (view instanceof GenericRecord record) {
            record.at(record.shape(), null, 0, 0);
        } else if (view instanceof GenericList list) {
            list.at(null, null, 0, 0, 0, 0);
        } else {
            ((UnionView) view).value = null;
        }
    }

    /**
     * A union's alternative and value as the XML writer reads them ({@link #union} with views), in place of a
     * {@link GenericUnion}: moved from union to union.
     */
    static final class UnionView {
        int alternative;
        Object value;

        /** The alternative (from 0) a {@link GenericUnion} or view holds. */
        static int alternative(Object union) {
            return union instanceof UnionView view ? view.alternative : ((GenericUnion) union).alternative();
        }

        /** The value a {@link GenericUnion} or view holds. */
        static Object value(Object union) {
            return union instanceof UnionView view ? view.value : ((GenericUnion) union).value();
        }
    }
}
