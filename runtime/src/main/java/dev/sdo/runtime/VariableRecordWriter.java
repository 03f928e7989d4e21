package dev.sdo.runtime;

/**
 * A generated writer of a record with variable-length data in the layout of docs/record-format.md sections 1 to 7
 * (docs/generated-writer.md): each variable-length field has its 32-bit end slot in the fixed part. The fields
 * skipped (and, at {@code done()}, those never set) get no data: their slots hold where their data would start. A
 * field's data in a complete record may be rewritten only with as many bytes as it has, else the setter refuses,
 * since more or fewer would move the data after it and the records after it.
 */
public abstract class VariableRecordWriter extends DataRecordWriter {
    /** The end slot of each variable-length field, in declaration order. */
    private final long[] slots;

    /**
     * A writer of the records {@code record} whose variable-length fields, named {@code fields} in declaration
     * order, have their end slots at bits {@code slots}; on no record yet.
     */
    protected VariableRecordWriter(String record, long[] slots, String[] fields) {
        super(record, fields);
        this.slots = slots;
    }

    /**
     * Where the data of variable-length field number {@code field}, {@code size} bytes, starts. In a new record:
     * where the data ends so far, the fields skipped given none, and room made for it; in a complete record: where
     * its data is, if it has exactly {@code size} bytes.
     *
     * @throws IllegalStateException if the field comes after a later one, or in a complete record its data would
     *     change size
     * @throws IllegalArgumentException if the record would pass the largest record size
     * @throws IndexOutOfBoundsException if the data does not fit the buffer's limit
     */
    protected final int dataStart(int field, long size) {
        if (complete) {
            int start = field == 0 ? fixedBytes() : slot(field - 1);
            checkSameSize(field, size, slot(field) - start);
            return start;
        }
        checkOrder(field);
        for (int skipped = nextVariable; skipped < field; skipped++) {
            putBits(slots[skipped], VariableData.SLOT_BITS, end);
        }
        room(size);
        return end;
    }

    /** The data of variable-length field number {@code field} written, ending at byte {@code end} of the record. */
    protected final void dataEnd(int field, int end) {
        if (!complete) {
            this.end = end;
            this.nextVariable = field + 1;
        }
    }

    /** The fields never set get no data: their slots hold where the data ends. */
    @Override
    final int finishData() {
        for (int field = nextVariable; field < slots.length; field++) {
            putBits(slots[field], VariableData.SLOT_BITS, end);
        }
        return end;
    }

    @Override
    final int completeSize() {
        return slot(slots.length - 1);
    }

    /** The end of variable-length field number {@code field}'s data, as its slot in the buffer holds it. */
    private int slot(int field) {
        return (int) BitFields.read(buffer, base, slots[field], VariableData.SLOT_BITS);
    }
}
