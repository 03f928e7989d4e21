package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;

/**
 * How one fixed-width field of a record is read from text and written as text, straight between the text's bytes
 * and the record's bits: the common part of the CSV and XML bindings, used alike by generated bindings and by the
 * schema-driven converter of {@code sdoc}.
 *
 * <p>An empty text is an absent value of an optional field; a required field rejects it unless its type has an
 * empty value (a {@code char} field's empty string).
 */
public abstract class TextField {
    private final String label;
    private final long presenceBit;
    private final long offset;

    /**
     * @param label how messages name the field, e.g. {@code Trade.amount1}
     * @param presenceBit the bit offset of the presence bit, or -1 for a required field
     * @param offset the bit offset of the value's least significant bit
     */
    protected TextField(String label, long presenceBit, long offset) {
        this.label = label;
        this.presenceBit = presenceBit;
        this.offset = offset;
    }

    /** How messages name the field. */
    public final String label() {
        return label;
    }

    /** Whether the field has a presence bit. */
    public final boolean optional() {
        return presenceBit >= 0;
    }

    /** The bit offset of the value's least significant bit. */
    protected final long offset() {
        return offset;
    }

    /**
     * Sets the field of the record at {@code base} of {@code record}, whose bits are all 0, from the UTF-8 text
     * {@code text[start..end)}.
     *
     * @throws TextValueException naming the field when the text is no value of it
     */
    public final void read(byte[] text, int start, int end, ByteBuffer record, int base) {
        if (start == end) {
            if (optional()) {
                return;
            }
            if (!hasEmptyValue()) {
                throw new TextValueException(label + ": the value is missing; the field is required");
            }
        }
        if (optional()) {
            BitFields.write(record, base, presenceBit, 1, 1);
        }
        parse(text, start, end, record, base);
    }

    /** Appends the field's value in the record at {@code base} as text; nothing when the value is absent. */
    public final void write(ByteBuffer record, int base, StringBuilder out) {
        if (optional() && BitFields.read(record, base, presenceBit, 1) == 0) {
            return;
        }
        format(record, base, out);
    }

    /** Whether the field's value in the record at {@code base} is present (always, for a required field). */
    public final boolean present(ByteBuffer record, int base) {
        return !optional() || BitFields.read(record, base, presenceBit, 1) != 0;
    }

    /** Whether an empty text is a value of the type (the empty string of a {@code char} field). */
    protected boolean hasEmptyValue() {
        return false;
    }

    /**
     * The field's value in the record at {@code base} as a Java value, or null when it is absent: a {@code Boolean},
     * a {@code Long} for every integer, a {@code BigDecimal} (of the field's scale), a {@code Float} or
     * {@code Double}, a {@code LocalDate}, {@code LocalTime} or {@code Instant}, or a {@code String} for characters
     * and for an enum's constant (its name). What a writer of another format (JSON) starts from.
     *
     * @throws dev.sdo.runtime.CorruptDataException naming the field when the stored value is none the encoder writes
     */
    public final Object value(ByteBuffer record, int base) {
        return present(record, base) ? stored(record, base) : null;
    }

    /** Writes the value of a non-empty text (or the empty text, when {@link #hasEmptyValue()}). */
    protected abstract void parse(byte[] text, int start, int end, ByteBuffer record, int base);

    /** Appends a present value as text. */
    protected abstract void format(ByteBuffer record, int base, StringBuilder out);

    /** A present value as a Java value, as {@link #value} describes. */
    protected abstract Object stored(ByteBuffer record, int base);

    /** The text as a Java string, for messages. */
    protected static String show(byte[] text, int start, int end) {
        // A long text is shown by its start: a bad 100 MB cell makes an error line, not a 100 MB one.
        int shown = Math.min(end - start, TextValue.SHOWN_CHARACTERS * 4);
        return TextValue.show(new String(text, start, shown, java.nio.charset.StandardCharsets.UTF_8), end - start);
    }

    protected final TextValueException invalid(byte[] text, int start, int end, String problem) {
        return new TextValueException(label + ": " + show(text, start, end) + " " + problem);
    }
}
