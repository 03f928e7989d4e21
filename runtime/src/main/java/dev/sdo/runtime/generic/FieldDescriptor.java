package dev.sdo.runtime.generic;

/**
 * One field of a described record: where it lives (bit offsets from the record's first bit) and how it is stored.
 *
 * @param name the field's name
 * @param index its position in the record, from 0
 * @param since the schema version that added it
 * @param presenceBit its presence bit's offset, or -1 for a field without one (required, or a union)
 * @param offset its value's offset
 * @param slotOffset its 32-bit end slot's offset, or -1 for a field without variable-length data
 * @param type how its values are stored
 * @param defaultText its default as text (ISO dates and times, plain decimals, an enum constant's name), which it
 *     holds when its presence bit is 0; null when it has none
 * @param optional whether its value may be absent: a presence bit and no default, or a union that may hold no
 *     alternative (tag 0). A version-1 descriptor does not say so for unions; its union fields are taken as optional
 * @param alias the name the field had before it was renamed ({@code @alias}), which its layout fingerprint keeps;
 *     null when it has none or the descriptor (version 1) does not say
 * @param defaultLiteral the default as the schema writes it ({@code "1.50"}, {@code 5}, {@code Buy}), which the
 *     layout fingerprint covers; null when it has none or the descriptor (version 1) does not say
 */
public record FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
        FieldType type, String defaultText, boolean optional, String alias, String defaultLiteral) {

    /**
     * A field as a version-1 descriptor describes it, and as the reader describes the values it finds inside lists
     * and unions: optional when it has a presence bit and no default, or is a union.
     */
    public FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
            FieldType type, String defaultText) {
        this(name, index, since, presenceBit, offset, slotOffset, type, defaultText,
                type instanceof FieldType.Union || presenceBit >= 0 && defaultText == null, null, null);
    }

    /** The field's name in the layout fingerprint: its {@link #alias} if it has one, else its name. */
    public String layoutName() {
        return alias == null ? name : alias;
    }
}
