package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;

/**
 * Where one field lives in its record.
 *
 * @param field the field
 * @param presenceBit the bit offset of its presence bit, or -1 for a required field
 * @param offset the bit offset of its value's least significant bit
 * @param width the number of value bits (without the presence bit)
 * @param variableLength whether the field is variable-length: its bits are a slot that locates its data after the
 *     fixed part (a string, bytes or list, or a record that holds one), or they hold one (a union with a slot)
 * @param slotOffset the bit offset of its 32-bit end slot: its offset, or within a union's bits, the union's slot;
 *     -1 for a fixed-width field
 */
public record FieldLayout(Field field, long presenceBit, long offset, long width, boolean variableLength,
        long slotOffset) {

    /** A field whose slot, when it is variable-length, is all its bits. */
    public FieldLayout(Field field, long presenceBit, long offset, long width, boolean variableLength) {
        this(field, presenceBit, offset, width, variableLength, variableLength ? offset : -1);
    }

    /** A field whose type alone says whether it is variable-length (any type but a record reference). */
    public FieldLayout(Field field, long presenceBit, long offset, long width) {
        this(field, presenceBit, offset, width, BitWidths.isVariableLength(field.type()));
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
        return offset + width;
    }
}
