package dev.sdo.runtime;

import dev.sdo.runtime.batch.VariableRecordStore;
import java.nio.ByteBuffer;

/**
 * A generated writer of a record with variable-length data (docs/generated-writer.md). A variable-length field's
 * data starts where the previous one's ends, so a new record's variable-length fields are written in declaration
 * order, each at most once: the writer keeps where the data ends so far and which field may come next, refuses one
 * that comes too late, and gives the fields skipped (and, at {@link #done}, those never set) no data. A complete
 * record (changed in place, or a new one after {@code done()}) keeps every byte where it is: a field's data may be
 * rewritten only with as many bytes as it has, else the setter refuses, since more or fewer would move the data
 * after it and the records after it. {@code XBatch.append()} has the writer write the record into a buffer of its
 * own, grown as needed, and appends it whole at {@code done()}, when its size is known.
 */
public abstract class VariableRecordWriter extends RecordWriter {
    /** The record's name, as messages give it. */
    private final String record;
    /** The end slot of each variable-length field, in declaration order. */
    private final long[] slots;
    /** The variable-length fields, in declaration order. */
    private final String[] fields;
    /** Where a new record's data ends so far, from its first byte. */
    private int end;
    /** The first variable-length field a new record may still be given, in declaration order. */
    private int nextVariable;
    /** Whether the record is complete, its data in place: changed only where sizes stay. */
    private boolean complete;
    /** Where {@code append} has a record written before it joins the batch, reused. */
    private ByteBuffer scratch;
    /** The batch store {@code append} adds the record to at {@code done()}, until then. */
    private VariableRecordStore appendTo;

    /**
     * A writer of the records {@code record} whose variable-length fields, named {@code fields} in declaration
     * order, have their end slots at bits {@code slots}; on no record yet.
     */
    protected VariableRecordWriter(String record, long[] slots, String[] fields) {
        this.record = record;
        this.slots = slots;
        this.fields = fields;
    }

    /**
     * Starts a new record at byte {@code offset} of {@code buffer}: every field 0 until set, no data yet.
     *
     * @throws IndexOutOfBoundsException if the record's fixed part does not lie within the buffer's limit
     * @throws java.nio.ReadOnlyBufferException if the buffer is read-only
     */
    protected final void startNew(ByteBuffer buffer, int offset) {
        checkWritable(buffer, offset);
        hold(buffer, offset);
        startData();
        appendTo = null;
    }

    /** Starts a new record that {@link #done} appends to {@code store}, written until then in a buffer of its own. */
    protected final void startAppended(VariableRecordStore store) {
        if (scratch == null) {
            scratch = ByteBuffer.allocate(2 * fixedBytes() + 64);
        }
        hold(scratch, 0);
        startData();
        appendTo = store;
    }

    /**
     * Starts on the existing, complete record at byte {@code offset} of {@code buffer}, changed in place.
     *
     * @throws IndexOutOfBoundsException if the record's fixed part does not lie within the buffer's limit
     */
    protected final void startComplete(ByteBuffer buffer, int offset) {
        place(buffer, offset);
        complete = true;
        appendTo = null;
    }

    private void startData() {
        end = fixedBytes();
        nextVariable = 0;
        complete = false;
    }

    /** {@link #done} of the record {@code append} started last, unless it is done already. */
    protected final void doneIfAppended() {
        if (appendTo != null) {
            done();
        }
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
            int old = slot(field) - start;
            if (size != old) {
                throw new IllegalStateException(qualified(field) + ": " + size + " bytes of data in place of " + old
                        + " would move the data after it, in this record and the ones after it; a complete "
                        + record + " keeps its data's sizes: encode it anew to change them");
            }
            return start;
        }
        if (field < nextVariable) {
            throw new IllegalStateException(qualified(field) + " comes after " + qualified(nextVariable - 1)
                    + ", set already: the variable-length fields of a new " + record
                    + " are set in declaration order (" + String.join(", ", fields) + "), each at most once");
        }
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

    /**
     * Makes sure {@code size} more bytes of data fit after the data so far: in the writer's own buffer by growing
     * it, else by refusing.
     */
    private void room(long size) {
        int needed = VariableData.recordSize(record, end, size);
        if ((long) base + needed <= buffer.limit()) {
            return;
        }
        if (appendTo == null) {
            throw new IndexOutOfBoundsException(record + ": " + needed + " bytes from byte " + base
                    + " do not fit the buffer's limit " + buffer.limit());
        }
        ByteBuffer grown = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8,
                Math.max(needed, 2L * buffer.capacity())));
        grown.put(0, buffer, 0, end);
        buffer = grown;
        scratch = grown;
    }

    /**
     * Finishes the record: refuses it if a required field was never set (a record {@code XBatch.append()} started
     * then never joins the batch), else gives a new record's variable-length fields never set no data, stores its
     * fixed part and, for {@code append}, adds it to the batch. A record is complete once done; it may still be
     * changed through this writer, each setter's change stored as it returns.
     *
     * @return the record's size in bytes: where the next record may start
     * @throws IllegalStateException naming every required field never set
     */
    public final int done() {
        String missing = missingRequired();
        if (missing != null) {
            appendTo = null;
            throw new IllegalStateException(missing + ": required, never set");
        }
        if (!complete) {
            for (int field = nextVariable; field < slots.length; field++) {
                putBits(slots[field], VariableData.SLOT_BITS, end);
            }
        }
        store();
        int size = complete ? slot(slots.length - 1) : end;
        if (appendTo != null) {
            long index = appendTo.append(buffer, base, size);
            buffer = appendTo.chunkOf(index);
            base = appendTo.offsetOf(index);
            appendTo = null;
        }
        complete = true;
        return size;
    }

    /** The end of variable-length field number {@code field}'s data, as its slot in the buffer holds it. */
    private int slot(int field) {
        return (int) BitFields.read(buffer, base, slots[field], VariableData.SLOT_BITS);
    }

    private String qualified(int field) {
        return record + "." + fields[field];
    }
}
