package dev.sdo.runtime;

import dev.sdo.runtime.batch.VariableRecordStore;
import java.nio.ByteBuffer;

/**
 * A generated writer of a {@code @compact} record with variable-length data (docs/generated-writer.md,
 * docs/record-format.md section 8). As for {@link VariableRecordWriter}, a new record's variable-length fields are
 * written in declaration order, each at most once; but a compact record's slot table, between its fixed part and its
 * data, holds one slot for each field with data, as wide as the record's size needs, neither known before the
 * record is done. So a new record's data is written first right after the fixed part, its ends kept in an array the
 * writer holds (nothing is allocated per record), and {@link #done} moves the data up to make room for the table,
 * writes the table and the slot width code: the bytes {@code XSdo.of} gives the same values. Every byte it writes
 * lies within the finished record.
 *
 * <p>A complete record (changed in place, or a new one after {@code done()}) keeps every byte where it is: a field's
 * data may be rewritten only with as many bytes as it has, and only when it keeps having (or not having) an end
 * slot; else the setter refuses, since the change would move the data or the slot table.
 */
public abstract class CompactRecordWriter extends RecordWriter {
    /** The record's name, as messages give it. */
    private final String record;
    /** The variable-length fields, in declaration order. */
    private final String[] fields;
    /** The ends of the data of a new record's fields that have a slot, in order, counted before the table is made. */
    private final int[] ends;
    /** How many of {@link #ends} a new record has so far. */
    private int slots;
    /** Where a new record's data ends so far, from its first byte, before the table is made. */
    private int end;
    /** The first variable-length field a new record may still be given, in declaration order. */
    private int nextVariable;
    /** Whether the record is complete, its slot table and data in place: changed only where sizes stay. */
    private boolean complete;
    /** Where {@code append} has a record written before it joins the batch, reused. */
    private ByteBuffer scratch;
    /** The batch store {@code append} adds the record to at {@code done()}, until then. */
    private VariableRecordStore appendTo;

    /** A writer of the compact records {@code record} whose variable-length fields are {@code fields}; on no record yet. */
    protected CompactRecordWriter(String record, String[] fields) {
        this.record = record;
        this.fields = fields;
        this.ends = new int[fields.length];
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
        slots = 0;
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
            int old = CompactSlots.end(buffer, base, fixedBytes(), slotBits, field) - start;
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
     * Makes sure {@code size} more bytes of data fit after the data so far: in the writer's own buffer by growing
     * it, else by refusing.
     */
    private void room(long size) {
        ensure(VariableData.recordSize(record, end, size));
    }

    /** Makes sure the record's first {@code needed} bytes fit the buffer: the writer's own by growing it. */
    private void ensure(int needed) {
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
     * then never joins the batch), else makes a new record's slot table (its data moved up after it, its slots as
     * narrow as its size allows), stores its fixed part and, for {@code append}, adds it to the batch. A record is
     * complete once done; it may still be changed through this writer, each setter's change stored as it returns.
     *
     * @return the record's size in bytes: where the next record may start
     * @throws IllegalStateException naming every required field never set
     * @throws IndexOutOfBoundsException if the record with its slot table does not fit the buffer's limit
     */
    public final int done() {
        String missing = missingRequired();
        if (missing != null) {
            appendTo = null;
            throw new IllegalStateException(missing + ": required, never set");
        }
        int size;
        if (!complete) {
            int fixed = fixedBytes();
            int data = end - fixed;
            int width = CompactSlots.widthFor(fixed, slots, data);
            int table = slots * width;
            size = VariableData.recordSize(record, fixed, (long) table + data);
            ensure(size);
            if (table > 0) {
                buffer.put(base + fixed + table, buffer, base + fixed, data);
                for (int i = 0; i < slots; i++) {
                    CompactSlots.writeSlot(buffer, base + fixed + i * width, width, ends[i] + table);
                }
            }
            putBits(0, CompactSlots.WIDTH_BITS, width - 1);
        } else {
            size = CompactSlots.size(buffer, base, fixedBytes(), fields.length);
        }
        store();
        if (appendTo != null) {
            long index = appendTo.append(buffer, base, size);
            buffer = appendTo.chunkOf(index);
            base = appendTo.offsetOf(index);
            appendTo = null;
        }
        complete = true;
        return size;
    }

    private String qualified(int field) {
        return record + "." + fields[field];
    }
}
