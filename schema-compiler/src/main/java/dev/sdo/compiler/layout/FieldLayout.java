package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.DefaultValues;
import dev.sdo.compiler.model.Field;

/**
 * Where one field lives in its record, and how its value is stored.
 *
 * @param field the field
 * @param encoding how its value is stored
 * @param presenceBit the bit offset of its presence bit, or -1 for a required field
 * @param offset the bit offset of its value's least significant bit
 * @param slotOffset the bit offset of its 32-bit end slot: its offset, or within a union's bits, the union's slot;
 *     -1 for a fixed-width field
 */
public record FieldLayout(Field field, Encoding encoding, long presenceBit, long offset, long slotOffset) {

    /** A field whose slot, when it is variable-length, is where its encoding puts it. */
    public FieldLayout(Field field, Encoding encoding, long presenceBit, long offset) {
        this(field, encoding, presenceBit, offset, encoding.variableLength() ? offset + encoding.slotOffset() : -1);
    }

    /**
     * The field's default as a value of its type ({@code Boolean}, {@code Long}, {@code Double}, {@code BigDecimal},
     * {@code BigInteger}, {@code LocalDate}, {@code LocalTime}, {@code Instant}, or a {@code String} for strings and
     * enum constants), or null when it has none.
     */
    public Object defaultValue() {
        return field.defaultValue() == null ? null : DefaultValues.checkedValue(field);
    }

    /** The number of value bits (without the presence bit). */
    public long width() {
        return encoding.bits();
    }

    /**
     * Whether the field is variable-length: its bits are a slot that locates its data after the fixed part (a string,
     * bytes or list, or a record that holds one), or they hold one (a union with a slot).
     */
    public boolean variableLength() {
        return encoding.variableLength();
    }

    /** Whether the field has a presence bit: it is optional, or has a default (an optional union has none: tag 0). */
    public boolean optional() {
        return presenceBit >= 0;
    }

    /** The first bit the field occupies, its presence bit included. */
    public long start() {
        return optional() ? presenceBit : offset;
    }

    /** The bit after the field's last bit. */
    public long end() {
        return offset + width();
    }
}
