package dev.sdo.runtime.text;

/**
 * Where a writer of {@link XmlRecordMapping} may find a value field's text without its Java value: straight from
 * the bytes of a record read with no generated class ({@code dev.sdo.runtime.generic}), its numbers written as
 * digits into a reused buffer, its strings decoded into it, its enum constants' texts given as they are. Set on a
 * value field with {@link XmlRecordMapping.Builder#valueText(XmlValueText)}; a field with a default has none (a value
 * equal to the default is not written, which only the Java value tells) unless it {@link #tellsDefault}: says
 * {@link #DEFAULT} for a value equal to the field's default.
 *
 * <p>It must give exactly the text the field's {@link TextValue} formats from the value its getter gives; where it
 * cannot (a record of another kind, a value it does not format, one the text value would refuse), it says
 * {@link #OTHER} and the writer takes the getter's way, which formats the value or names the problem.
 *
 * @param <I> the record's type
 */
public interface XmlValueText<I> {
    /** The value is in {@link XmlText#chars}, {@link XmlText#length} characters from 0. */
    int CHARS = 1;
    /** The value is {@link XmlText#constant}. */
    int CONSTANT = 2;
    /**
     * The value is {@link XmlText#length} bytes of {@link XmlText#bytes} from {@link XmlText#offset}: well-formed
     * UTF-8 of characters XML can hold, copied to the document as they are (but for escaping).
     */
    int UTF8 = 3;
    /** The field holds no value (an absent optional field). */
    int ABSENT = 0;
    /** Not given here: the writer gets the value and formats it. */
    int OTHER = -1;
    /** The field holds a value equal to its default, which is not written ({@link #tellsDefault}). */
    int DEFAULT = -2;

    /**
     * Whether it tells a value equal to the field's default ({@link #DEFAULT}) from others, as the writer's
     * comparison of the Java value with the default would: then it is kept on a field with a default.
     */
    default boolean tellsDefault() {
        return false;
    }

    /**
     * Puts the text of the field's value in {@code record} into {@code text}.
     *
     * @return {@link #CHARS}, {@link #CONSTANT}, {@link #UTF8}, {@link #ABSENT}, {@link #DEFAULT} or {@link #OTHER}
     */
    int text(I record, XmlText text);

    /**
     * Puts the text of item {@code index} of {@code list}, the value of a field that is a list of values, into
     * {@code text}: as {@link #text}, {@link #OTHER} where the writer is to format the item from its Java value.
     */
    default int itemText(java.util.List<?> list, int index, XmlText text) {
        return OTHER;
    }
}
