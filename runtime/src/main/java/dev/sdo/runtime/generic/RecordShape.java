package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.VariableData;
import java.nio.ByteBuffer;
import java.util.List;

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
    /** The record's fixed part in bytes, kept here: read for every nested record and compact field. */
    private final int fixedBytes;
    private FieldReader[] fields;
    /** The bit offsets (shifted) of the record's end slots, in declaration order. */
    private long[] slots;
    /** The labels of the fields of those slots, for messages. */
    private String[] slotLabels;
    /** For a record laid out compact (section 8): its slot bits, one per variable-length field; 0 otherwise. */
    private final int slotBits;
    /** The labels of a compact record's variable-length fields, by their index among them. */
    private String[] compactLabels;
    /**
     * Which of a compact record's variable-length fields must have their slot (required, not a union, not a string,
     * bytes or list, which has none when it is empty): bit {@code j & 63} of word {@code j >>> 6} for field j, as
     * {@link CompactSlots#checkedSize} takes them.
     */
    private long[] compactRequired;

    RecordShape(RecordDescriptor record, long shift) {
        this.record = record;
        this.shift = shift;
        this.label = record.simpleName();
        this.fixedBytes = record.fixedBytes();
        this.slotBits = record.slotBits();
        if (slotBits > 0 && shift != 0) {
            // The descriptor's reader refuses a compact record referenced as a record of fixed width.
            throw new IllegalStateException(label + " is compact: it is never stored inline");
        }
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
        List<FieldDescriptor> compactFields = record.fields().stream().filter(FieldDescriptor::compactSlot).toList();
        this.compactLabels = compactFields.stream().map(f -> label + "." + f.name()).toArray(String[]::new);
        this.compactRequired = new long[(compactFields.size() + Long.SIZE - 1) / Long.SIZE];
        for (int j = 0; j < compactFields.size(); j++) {
            FieldDescriptor field = compactFields.get(j);
            // A required string, bytes or list has no slot when it is empty (section 8.1).
            if (field.presenceBit() < 0 && !(field.type() instanceof FieldType.Union)
                    && !FieldReader.emptyWithoutSlot(field)) {
                compactRequired[j >>> 6] |= 1L << j;
            }
        }
        this.fields = made;
    }

    RecordDescriptor record() {
        return record;
    }

    /** The record's fixed part in bytes. */
    int fixedBytes() {
        return fixedBytes;
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
        return slots.length > 0 || slotBits > 0;
    }

    /** Whether the record is laid out compact: its end slots in a table after its fixed part (section 8). */
    boolean compact() {
        return slotBits > 0;
    }

    /**
     * Where the data of a compact record's variable-length field {@code field} (its index among them) starts and ends,
     * in the record of {@code size} bytes at {@code base}, as {@link CompactSlots#checkedSpan} gives them: from where
     * the field before it ends (after the slot table for the first) to its slot (its start, without a slot; the size,
     * for the last field with data), checked to lie within the record, an error naming {@code label}.
     */
    long compactSpan(String label, ByteBuffer buffer, int base, int size, int field) {
        return CompactSlots.checkedSpan(label, buffer, base, size, fixedBytes, slotBits, field);
    }

    /** The value of the end slot at bit {@code slot} (shifted) of the record at {@code base}. */
    static int slot(ByteBuffer buffer, int base, long slot) {
        return (int) BitFields.read(buffer, base, slot, VariableData.SLOT_BITS);
    }

    /** Where the data after the slot {@code previousSlot} starts: that slot's end, or the fixed part's end. */
    int dataStart(ByteBuffer buffer, int base, long previousSlot) {
        return previousSlot < 0 ? fixedBytes : slot(buffer, base, previousSlot);
    }

    /**
     * The size of the record at {@code base} as it says itself, unchecked: its last end slot, or its fixed part when
     * it has none (as a generated {@code byteSize()} reads it). Not for a compact record, whose size its container
     * gives.
     */
    int size(ByteBuffer buffer, int base) {
        return slots.length == 0 ? fixedBytes : slot(buffer, base, slots[slots.length - 1]);
    }

    /**
     * Checks in constant time that the {@code length} bytes at {@code at} can be one compact record of this shape,
     * stored as the data of {@code field} ({@link CompactSlots#checkNestedSize}).
     */
    void checkNested(String field, ByteBuffer buffer, int at, int length) {
        CompactSlots.checkNestedSize(field, -1, label, compactLabels, compactRequired, buffer, at, length, fixedBytes);
    }

    /**
     * The size of the record at {@code base} as it says itself, after checking that its end slots ascend from its
     * fixed part (as a generated {@code checkedByteSize()} does): its last slot, or its fixed part when it has none.
     * A compact record does not say its size: {@code available} is its size, as its container gives it, within which
     * its slot table must lie, each required field have its slot (section 8.3) and its slots ascend from the end of
     * the table.
     *
     * @throws dev.sdo.runtime.CorruptDataException naming the field whose slot is out of order or missing, or the
     *     record whose slot table lies beyond its bytes
     */
    int checkedSize(ByteBuffer buffer, int base, int available) {
        if (slotBits > 0) {
            return CompactSlots.checkedSize(label, compactLabels, compactRequired, buffer, base, fixedBytes, available);
        }
        int end = fixedBytes;
        for (int i = 0; i < slots.length; i++) {
            end = VariableData.nextEnd(slotLabels[i], end, slot(buffer, base, slots[i]));
        }
        return end;
    }
}
