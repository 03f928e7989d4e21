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
 *     -1 for a fixed-width field and for a variable-length field of a compact record
 * @param slotBit for a variable-length field of a {@code @compact} record, the bit that says whether it has an end
 *     slot in the record's slot table (docs/record-format.md, section 8); -1 otherwise
 */
public record FieldLayout(Field field, Encoding encoding, long presenceBit, long offset, long slotOffset,
        long slotBit) {

    /** A field whose slot, when it is variable-length, is where its encoding puts it. */
    public FieldLayout(Field field, Encoding encoding, long presenceBit, long offset) {
        this(field, encoding, presenceBit, offset, encoding.variableLength() ? offset + encoding.slotOffset() : -1, -1);
    }

    /** A variable-length field of a compact record, whose slot bit is {@code slotBit}. */
    static FieldLayout compact(Field field, Encoding encoding, long presenceBit, long offset, long slotBit) {
        return new FieldLayout(field, encoding, presenceBit, offset, -1, slotBit);
    }

    /** Whether the field is a variable-length field of a compact record: its end slot is in the slot table. */
    public boolean compactSlot() {
        return slotBit >= 0;
    }

    /**
     * Whether the field is a required string, bytes or list of a compact record (neither optional nor with a
     * default): its slot bit is 0 exactly when its value is empty, which then has no slot and no data, and a reader
     * gives the empty value for a slot bit 0 (docs/record-format.md, section 8.1). Every other required
     * variable-length field of a compact record always has its slot.
     */
    public boolean emptyWithoutSlot() {
        return compactSlot() && !optional() && field.defaultValue() == null
                && (encoding instanceof Encoding.Text || encoding instanceof Encoding.Blob
                        || encoding instanceof Encoding.ListOf);
    }

    /**
     * For a variable-length field of a compact record, its index among the record's variable-length fields: its
     * slot bit's offset from the first slot bit.
     */
    public int slotIndex() {
        if (slotBit < 0) {
            throw new IllegalStateException(field.name() + " has no slot bit");
        }
        return Math.toIntExact(slotBit - RecordLayout.SLOT_WIDTH_BITS);
    }

    /**
     * The field's default as a value of its type ({@code Boolean}, {@code Long}, {@code Double}, {@code BigDecimal},
     * {@code BigInteger}, {@code LocalDate}, {@code LocalTime}, {@code Instant}, or a {@code String} for strings and
     * enum constants), or null when it has none.
     */
    public Object defaultValue() {
        return field.defaultValue() == null ? null : DefaultValues.checkedValue(field);
    }

    /**
     * The number of bits the value takes in the fixed part (without the presence bit): the encoding's bits, less the
     * 32-bit end slot for a variable-length field of a compact record (whose slot is in the slot table).
     */
    public long width() {
        return compactSlot() ? encoding.bits() - BitWidths.END_SLOT_BITS : encoding.bits();
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

    /**
     * The first bit the field occupies, its presence bit included (a compact record's slot bit is apart from the
     * field's other bits: not included).
     */
    public long start() {
        return optional() && !compactSlot() ? presenceBit : offset;
    }

    /** The bit after the field's last bit. */
    public long end() {
        return offset + width();
    }
}
