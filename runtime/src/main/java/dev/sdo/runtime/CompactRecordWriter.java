package dev.sdo.runtime;

/**
 * A generated writer of a {@code @compact} record with variable-length data (docs/generated-writer.md,
 * docs/record-format.md section 8). A compact record's slot table, between its fixed part and its data, holds one
 * slot for each field with data, as wide as the record's size needs, neither known before the record is done. So a
 * new record's data is written first right after the fixed part, its ends kept in an array the writer holds
 * (nothing is allocated per record), and {@link #done} moves the data up to make room for the table, writes the
 * table and the slot width code: the bytes {@code XSdo.of} gives the same values. Every byte it writes lies within
 * the finished record.
 *
 * <p>A complete record (changed in place, or a new one after {@code done()}) keeps every byte where it is: a field's
 * data may be rewritten only with as many bytes as it has, and only when it keeps having (or not having) an end
 * slot; else the setter refuses, since the change would move the data or the slot table.
 */
public abstract class CompactRecordWriter extends DataRecordWriter {
    /** The ends of the data of a new record's fields that have a slot, in order, counted before the table is made. */
    private final int[] ends;
    /** How many of {@link #ends} a new record has so far. */
    private int slots;

    /**
     * A writer of the compact records {@code record} whose variable-length fields are {@code fields}; on no record
     * yet.
     */
    protected CompactRecordWriter(String record, String[] fields) {
        super(record, fields);
        this.ends = new int[fields.length];
    }

    @Override
    void startData() {
        super.startData();
        slots = 0;
    }

    /**
     * Where the data of variable-length field number {@code field}, {@code size} bytes, starts; {@code slot} says
     * whether the field has an end slot (its slot bit). In a new record: where the data ends so far, room made for
     * it; in a complete record: where its data is, if it has exactly {@code size} bytes and keeps its slot or its
     * lack of one.
     *
     * @throws IllegalStateException if the field comes after a later one, or in a complete record the change would
     *     change its data's size or the slot table
     * @throws IllegalArgumentException if the record would pass the largest record size
     * @throws IndexOutOfBoundsException if the data does not fit the buffer's limit
     */
    protected final int dataStart(int field, long size, boolean slot) {
        if (complete) {
            int slotBits = fields.length;
            if (CompactSlots.hasSlot(buffer, base, field) != slot) {
                throw new IllegalStateException(qualified(field) + ": " + (slot ? "a value where it has none"
                        : "no value where it has one") + " would change the slot table and move the data after it, "
                        + "in this record and the ones after it; a complete " + record
                        + " keeps its fields' slots and data sizes: encode it anew to change them");
            }
            int start = field == 0 ? CompactSlots.dataStart(buffer, base, fixedBytes(), slotBits)
                    : CompactSlots.end(buffer, base, fixedBytes(), slotBits, field - 1);
            checkSameSize(field, size, CompactSlots.end(buffer, base, fixedBytes(), slotBits, field) - start);
            return start;
        }
        checkOrder(field);
        room(size);
        return end;
    }

    /**
     * The data of variable-length field number {@code field} written, ending at byte {@code end} of the record (of
     * its data so far, in a new record); its slot bit set to {@code slot}.
     */
    protected final void dataEnd(int field, int end, boolean slot) {
        putBit(CompactSlots.WIDTH_BITS + field, slot);
        if (!complete) {
            this.end = end;
            this.nextVariable = field + 1;
            if (slot) {
                ends[slots++] = end;
            }
        }
    }

    /**
     * Makes a new record's slot table: its data moved up after it, its slots as narrow as its size allows, and its
     * slot width code.
     *
     * @throws IndexOutOfBoundsException if the record with its slot table does not fit the buffer's limit
     */
    @Override
    final int finishData() {
        int fixed = fixedBytes();
        int data = end - fixed;
        int width = CompactSlots.widthFor(fixed, slots, data);
        int table = slots * width;
        int size = VariableData.recordSize(record, fixed, (long) table + data);
        ensure(size);
        if (table > 0) {
            buffer.put(base + fixed + table, buffer, base + fixed, data);
            for (int i = 0; i < slots; i++) {
                CompactSlots.writeSlot(buffer, base + fixed + i * width, width, ends[i] + table);
            }
        }
        putBits(0, CompactSlots.WIDTH_BITS, width - 1);
        return size;
    }

    @Override
    final int completeSize() {
        return CompactSlots.size(buffer, base, fixedBytes(), fields.length);
    }
}
