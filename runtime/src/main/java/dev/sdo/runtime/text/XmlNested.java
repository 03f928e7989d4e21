package dev.sdo.runtime.text;

import java.util.List;

/**
 * Where a writer of {@link XmlRecordMapping} may find a field's nested value (a record, a list, a union) without a
 * new object for it: from the bytes of a record read with no generated class ({@code dev.sdo.runtime.generic}),
 * through a view kept in {@link XmlViews} for the value's depth and moved to it. Set on a nested field with
 * {@link XmlRecordMapping.Builder#nested} (a union's alternative, {@link XmlUnionMapping.Builder#nested}).
 *
 * <p>It must give what the field's getter gives, or a view that the same mappings write the same way, with the same
 * checks of the bytes read; a view is only valid until the next value of its depth and kind is asked for.
 *
 * @param <I> the type holding the field: the record's, or the union's
 */
public interface XmlNested<I> {
    /**
     * The field's value in {@code record}, null when absent, as a view kept at {@code depth} (the depth of the
     * field's path) where it is one.
     */
    Object value(I record, XmlViews views, int depth);

    /**
     * Item {@code index} of {@code list}, a list {@link #value} gave, as a view kept at {@code depth} (the depth of
     * the item's path) where it is one.
     */
    default Object item(List<?> list, int index, XmlViews views, int depth) {
        return list.get(index);
    }
}
