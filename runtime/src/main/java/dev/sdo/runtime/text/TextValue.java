package dev.sdo.runtime.text;

/**
 * How one value of a field's type is read from text and written as text, as a Java value: the leaves of the XML
 * binding of records with nested records and lists ({@link XmlTreeBinding}), which reads into beans. It accepts
 * exactly the text the flat bindings' {@link TextField}s accept (the table of {@code docs/csv-and-xml.md}), and
 * checks every value against its field as encoding would, so that a bad value is reported where it was read.
 * The factories are in {@link TextValues}.
 *
 * <p>Messages start with the {@code field} they were given and a colon, so that a binding can name the field by
 * its whole path instead.
 *
 * @param <T> the field's Java type (boxed)
 */
public abstract class TextValue<T> {

    /** For subclasses in this package: the factories of {@link TextValues}. */
    TextValue() {}

    /**
     * The value of a text, the whole text of an element or attribute as it was read (subclasses trim it, except
     * for {@code string}, whose text is kept exactly).
     *
     * @param field how messages name the field, e.g. {@code Swap.swapStream[0].notional}
     * @throws TextValueException naming the field when the text is no value of it, or is empty and the type has
     *     no empty value
     */
    public abstract T parse(String text, String field);

    /**
     * The text of a value.
     *
     * @param field how messages name the field
     * @throws IllegalArgumentException naming the field when the value is not one of the field (as encoding
     *     would reject it)
     */
    public abstract String format(T value, String field);

    /**
     * The value of a text that {@link #format} writes back exactly as it is, or null for a text this type reads but
     * writes otherwise (trimmed, a {@code +} dropped, a zero added): how a union bound as one text picks the first
     * alternative that keeps the text as written ({@link UnionTextValue}). Types whose written form is fixed say so
     * without formatting the value.
     *
     * @throws TextValueException as {@link #parse} does
     */
    public T parseAsWritten(String text, String field) {
        T value = parse(text, field);
        return format(value, field).equals(text) ? value : null;
    }

    /** Whether the empty text is a value ({@code char} and {@code string}: the empty string; {@code bytes}: the empty blob). */
    public boolean hasEmptyValue() {
        return false;
    }

    /** The exception for a text that is no value of the field. */
    static TextValueException invalid(String field, String text, String problem) {
        return new TextValueException(field + ": " + show(text, -1) + " " + problem);
    }

    /** The characters of a text an error message shows at most. */
    static final int SHOWN_CHARACTERS = 100;

    /**
     * {@code text} in quotes for a message, or its first {@link #SHOWN_CHARACTERS} characters and how long it is
     * ({@code bytes}, its UTF-8 length when known, else -1) when it is longer.
     */
    static String show(String text, long bytes) {
        if (text.length() <= SHOWN_CHARACTERS && (bytes < 0 || bytes <= SHOWN_CHARACTERS * 4L)) {
            return "\"" + text + "\"";
        }
        int cut = Math.min(SHOWN_CHARACTERS, text.length());
        if (cut > 0 && Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return "\"" + text.substring(0, cut) + "...\" (" + (bytes >= 0 ? bytes + " bytes"
                : text.length() + " characters") + ")";
    }
}
