package dev.sdo.runtime;

import dev.sdo.runtime.batch.VariableRecordStore;
import java.nio.ByteBuffer;

/**
 * What the generated writers of records with variable-length data share, whatever the layout of their end slots
 * ({@link VariableRecordWriter}: a 32-bit slot per field; {@link CompactRecordWriter}: a slot table,
 * docs/record-format.md section 8). A variable-length field's data starts where the previous one's ends, so a new
 * record's variable-length fields are written in declaration order, each at most once: the writer keeps where the
 * data ends so far and which field may come next, and refuses one that comes too late. A complete record (changed in
 * place, or a new one after {@code done()}) keeps every byte where it is. {@code XBatch.append()} has the writer
 * write the record into a buffer of its own, grown as needed, and appends it whole at {@code done()}, when its size
 * is known.
 */
public abstract class DataRecordWriter extends RecordWriter {
    /** The record's name, as messages give it. */
    final String record;
    /** The variable-length fields, in declaration order. */
    final String[] fields;
    /** Where a new record's data ends so far, from its first byte. */
    int end;
    /** The first variable-length field a new record may still be given, in declaration order. */
    int nextVariable;
    /** Whether the record is complete, its data in place: changed only where sizes stay. */
    boolean complete;
    /** Where {@code append} has a record written before it joins the batch, reused. */
    private ByteBuffer scratch;
    /** The batch store {@code append} adds the record to at {@code done()}, until then. */
    private VariableRecordStore appendTo;
    /**
     * Where a new record written apart ({@link #writesApart}) goes at {@code done()}, until then: the buffer and
     * offset {@code wrap} was given.
     */
    private ByteBuffer target;
    private int targetOffset;

    DataRecordWriter(String record, String[] fields) {
        this.record = record;
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
        if (writesApart()) {
            hold(scratch(), 0);
            target = buffer;
            targetOffset = offset;
        } else {
            hold(buffer, offset);
            target = null;
        }
        startData();
        appendTo = null;
    }

    /**
     * Whether a new record is written in a buffer of the writer's own and copied where it goes at {@code done()}:
     * for a compact record whose strings are shared when it is done, which may take more bytes while it is written
     * than when done (docs/record-format.md, section 8.6), so that no byte after the finished record is written. No, by
     * default.
     */
    boolean writesApart() {
        return false;
    }

    /** The writer's own buffer, for {@code append} and records written apart. */
    private ByteBuffer scratch() {
        if (scratch == null) {
            scratch = ByteBuffer.allocate(2 * fixedBytes() + 64);
        }
        return scratch;
    }

    /** Starts a new record that {@code done()} appends to {@code store}, written until then in a buffer of its own. */
    protected final void startAppended(VariableRecordStore store) {
        hold(scratch(), 0);
        target = null;
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
        target = null;
    }

    /** A new record: no data yet, every variable-length field still to come. */
    void startData() {
        end = fixedBytes();
        nextVariable = 0;
        complete = false;
    }

    /** {@code done()} of the record {@code append} started last, unless it is done already. */
    protected final void doneIfAppended() {
        if (appendTo != null) {
            done();
        }
    }

    /**
     * Finishes the record: refuses it if a required field was never set (a record {@code XBatch.append()} started
     * then never joins the batch), else finishes a new record's data and slots, stores its fixed part and, for
     * {@code append}, adds it to the batch. A record is complete once done; it may still be changed through this
     * writer, each setter's change stored as it returns.
     *
     * @return the record's size in bytes: where the next record may start
     * @throws IllegalStateException naming every required field never set
     * @throws IndexOutOfBoundsException if the finished record does not fit the buffer's limit
     */
    public final int done() {
        String missing = missingRequired();
        if (missing != null) {
            appendTo = null;
            throw new IllegalStateException(missing + ": required, never set");
        }
        boolean fresh = !complete;
        int size = complete ? completeSize() : finishData();
        store();
        if (fresh) {
            size = finishStored(size);
        }
        if (appendTo != null) {
            long index = appendTo.append(buffer, base, size);
            buffer = appendTo.chunkOf(index);
            base = appendTo.offsetOf(index);
            appendTo = null;
        } else if (target != null) {
            if ((long) targetOffset + size > target.limit()) {
                throw new IndexOutOfBoundsException(record + ": " + size + " bytes from byte " + targetOffset
                        + " do not fit the buffer's limit " + target.limit());
            }
            target.put(targetOffset, buffer, base, size);
            buffer = target;
            base = targetOffset;
            target = null;
        }
        complete = true;
        return size;
    }

    /** Gives a new record's data its final place and its slots, before its fixed part is stored; returns its size. */
    abstract int finishData();

    /** The size of the complete record, as its slots give it. */
    abstract int completeSize();

    /**
     * A new record of {@code size} bytes finished and its fixed part stored: what else it needs before it is done
     * (a compact record's strings shared, {@link CompactRecordWriter}); returns its size then. Nothing, by default.
     */
    int finishStored(int size) {
        return size;
    }

    /**
     * Refuses variable-length field number {@code field} in a new record when a later one was set already.
     *
     * @throws IllegalStateException naming both fields and the order they go in
     */
    final void checkOrder(int field) {
        if (field < nextVariable) {
            throw new IllegalStateException(qualified(field) + " comes after " + qualified(nextVariable - 1)
                    + ", set already: the variable-length fields of a new " + record
                    + " are set in declaration order (" + String.join(", ", fields) + "), each at most once");
        }
    }

    /**
     * Refuses data of {@code size} bytes in place of the {@code old} bytes field number {@code field} has in a complete
     * record.
     *
     * @throws IllegalStateException when the sizes differ: the data after it would move
     */
    final void checkSameSize(int field, long size, int old) {
        if (size != old) {
            throw new IllegalStateException(qualified(field) + ": " + size + " bytes of data in place of " + old
                    + " would move the data after it, in this record and the ones after it; a complete "
                    + record + " keeps its data's sizes: encode it anew to change them");
        }
    }

    /**
     * Makes sure {@code size} more bytes of data fit after the data so far: in the writer's own buffer by growing
     * it, else by refusing.
     */
    final void room(long size) {
        ensure(VariableData.recordSize(record, end, size));
    }

    /** Makes sure the record's first {@code needed} bytes fit the buffer: the writer's own by growing it. */
    final void ensure(int needed) {
        if ((long) base + needed <= buffer.limit()) {
            return;
        }
        if (appendTo == null && target == null) {
            throw new IndexOutOfBoundsException(record + ": " + needed + " bytes from byte " + base
                    + " do not fit the buffer's limit " + buffer.limit());
        }
        ByteBuffer grown = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8,
                Math.max(needed, 2L * buffer.capacity())));
        grown.put(0, buffer, 0, end);
        buffer = grown;
        scratch = grown;
    }

    final String qualified(int field) {
        return record + "." + fields[field];
    }
}
