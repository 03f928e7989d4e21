package dev.sdo.runtime.generic;

/**
 * One field of a described record: where it lives (bit offsets from the record's first bit) and how it is stored.
 *
 * @param name the field's name
 * @param index its position in the record, from 0
 * @param since the schema version that added it
 * @param presenceBit its presence bit's offset, or -1 for a field without one (required, or a union)
 * @param offset its value's offset
 * @param slotOffset its 32-bit end slot's offset, or -1 for a field without variable-length data, or a
 *     variable-length field of a compact record (whose end slot is in the record's slot table)
 * @param type how its values are stored
 * @param defaultText its default as text (ISO dates and times, plain decimals, an enum constant's name), which it
 *     holds when its presence bit is 0; null when it has none
 * @param optional whether its value may be absent: a presence bit and no default, or a union that may hold no
 *     alternative (tag 0). A version-1 descriptor does not say so for unions; its union fields are taken as optional
 * @param alias the name the field had before it was renamed ({@code @alias}), which its layout fingerprint keeps;
 *     null when it has none or the descriptor (version 1) does not say
 * @param defaultLiteral the default as the schema writes it ({@code "1.50"}, {@code 5}, {@code Buy}), which the
 *     layout fingerprint covers; null when it has none or the descriptor (version 1) does not say
 * @param slotBit for a variable-length field of a compact record (docs/record-format.md, section 8), its slot bit:
 *     {@code 2 + j} for the record's j-th variable-length field, which is 1 when the field has an end slot in the
 *     record's slot table (for an optional field, or one with a default, it is its presence bit); -1 otherwise
 */
public record FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
        FieldType type, String defaultText, boolean optional, String alias, String defaultLiteral, long slotBit) {

    /** A field of a record that is not compact: it has no slot bit. */
    public FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
            FieldType type, String defaultText, boolean optional, String alias, String defaultLiteral) {
        this(name, index, since, presenceBit, offset, slotOffset, type, defaultText, optional, alias, defaultLiteral,
                -1);
    }

    /**
     * A field as a version-1 descriptor describes it, and as the reader describes the values it finds inside lists
     * and unions: optional when it has a presence bit and no default, or is a union.
     */
    public FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
            FieldType type, String defaultText) {
        this(name, index, since, presenceBit, offset, slotOffset, type, defaultText,
                type instanceof FieldType.Union || presenceBit >= 0 && defaultText == null, null, null);
    }

    /** Whether the field is a variable-length field of a compact record, its end slot in the slot table. */
    public boolean compactSlot() {
        return slotBit >= 0;
    }

    /** For a variable-length field of a compact record, its index j among the record's variable-length fields. */
    public int slotIndex() {
        if (slotBit < 0) {
            throw new IllegalStateException(name + " has no slot bit");
        }
        return (int) (slotBit - dev.sdo.runtime.CompactSlots.WIDTH_BITS);
    }

    /**
     * The bits the value takes where the field is placed: its type's bits, less the 32-bit end slot for a
     * variable-length field of a compact record (0 bits, or a union's tag and inline place).
     */
    public long width() {
        return slotBit >= 0 ? type.bits() - dev.sdo.runtime.VariableData.SLOT_BITS : type.bits();
    }

    /** The field's name in the layout fingerprint: its {@link #alias} if it has one, else its name. */
    public String layoutName() {
        return alias == null ? name : alias;
    }
}
