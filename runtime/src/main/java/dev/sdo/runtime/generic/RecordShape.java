package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.VariableData;
import java.nio.ByteBuffer;

/**
 * How a {@link GenericRecord} reads one described record stored {@code shift} bits after its byte base (0, except
 * for a record of fixed width nested inline in another): a {@link FieldReader} per field, and the record's end
 * slots (docs/record-format.md, section 2), which give each variable-length field's data in constant time and the
 * record's size.
 */
final class RecordShape {
    private final RecordDescriptor record;
    private final long shift;
    private final String label;
    private FieldReader[] fields;
    /** The bit offsets (shifted) of the record's end slots, in declaration order. */
    private long[] slots;
    /** The labels of the fields of those slots, for messages. */
    private String[] slotLabels;

    RecordShape(RecordDescriptor record, long shift) {
        this.record = record;
        this.shift = shift;
        this.label = record.simpleName();
    }

    /** Makes the field readers, once the shape is registered (a recursive record's fields find it). */
    void build(Readers readers) {
        FieldReader[] made = new FieldReader[record.fields().size()];
        long[] slotOffsets = record.fields().stream().filter(f -> f.slotOffset() >= 0)
                .mapToLong(f -> shift + f.slotOffset()).toArray();
        long previousSlot = -1;
        for (FieldDescriptor field : record.fields()) {
            made[field.index()] = new FieldReader(label, field, shift, previousSlot, readers);
            if (field.slotOffset() >= 0) {
                previousSlot = shift + field.slotOffset();
            }
        }
        this.slots = slotOffsets;
        this.slotLabels = record.fields().stream().filter(f -> f.slotOffset() >= 0)
                .map(f -> label + "." + f.name()).toArray(String[]::new);
        this.fields = made;
    }

    RecordDescriptor record() {
        return record;
    }

    String label() {
        return label;
    }

    FieldReader field(int index) {
        return fields[index];
    }

    int fieldCount() {
        return fields.length;
    }

    /** Whether the record has variable-length data (end slots). */
    boolean variable() {
        return slots.length > 0;
    }

    /** The value of the end slot at bit {@code slot} (shifted) of the record at {@code base}. */
    static int slot(ByteBuffer buffer, int base, long slot) {
        return (int) BitFields.read(buffer, base, slot, VariableData.SLOT_BITS);
    }

    /** Where the data after the slot {@code previousSlot} starts: that slot's end, or the fixed part's end. */
    int dataStart(ByteBuffer buffer, int base, long previousSlot) {
        return previousSlot < 0 ? record.fixedBytes() : slot(buffer, base, previousSlot);
    }

    /**
     * The size of the record at {@code base} as it says itself, unchecked: its last end slot, or its fixed part when
     * it has none (as a generated {@code byteSize()} reads it).
     */
    int size(ByteBuffer buffer, int base) {
        return slots.length == 0 ? record.fixedBytes() : slot(buffer, base, slots[slots.length - 1]);
    }

    /**
     * The size of the record at {@code base} as it says itself, after checking that its end slots ascend from its
     * fixed part (as a generated {@code checkedByteSize()} does): its last slot, or its fixed part when it has none.
     *
     * @throws dev.sdo.runtime.CorruptDataException naming the field whose slot is out of order
     */
    int checkedSize(ByteBuffer buffer, int base) {
        int end = record.fixedBytes();
        for (int i = 0; i < slots.length; i++) {
            end = VariableData.nextEnd(slotLabels[i], end, slot(buffer, base, slots[i]));
        }
        return end;
    }
}
