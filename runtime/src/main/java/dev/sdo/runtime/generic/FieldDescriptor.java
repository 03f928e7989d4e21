package dev.sdo.runtime.generic;

/**
 * One field of a described record: where it lives (bit offsets from the record's first bit) and how it is stored.
 *
 * @param name the field's name
 * @param index its position in the record, from 0
 * @param since the schema version that added it
 * @param presenceBit its presence bit's offset, or -1 for a required field
 * @param offset its value's offset
 * @param slotOffset its 32-bit end slot's offset, or -1 for a field without variable-length data
 * @param type how its values are stored
 * @param defaultText its default as text (ISO dates and times, plain decimals, an enum constant's name), which it
 *     holds when its presence bit is 0; null when it has none
 */
public record FieldDescriptor(String name, int index, int since, long presenceBit, long offset, long slotOffset,
        FieldType type, String defaultText) {

    /** Whether the field has a presence bit and no default: its value may be absent. */
    public boolean optional() {
        return presenceBit >= 0 && defaultText == null;
    }
}
