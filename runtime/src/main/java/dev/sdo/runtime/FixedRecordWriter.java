package dev.sdo.runtime;

import dev.sdo.runtime.batch.RecordStore;
import java.nio.ByteBuffer;

/**
 * A generated writer of a record of fixed width (docs/generated-writer.md): how it starts a new record, finishes it
 * with {@link #done}, and writes one that {@code XBatch.append()} added to a batch in place, taking it back out when
 * {@code done()} refuses it.
 */
public abstract class FixedRecordWriter extends RecordWriter {
    /** The batch store that {@code append} added the record to, until it is done. */
    private RecordStore appendedTo;
    /** The record's index in {@link #appendedTo}. */
    private long appendedIndex;

    /** A writer on no record yet. */
    protected FixedRecordWriter() {}

    /**
     * Starts a new record at byte {@code offset} of {@code buffer}, every field 0 until set.
     *
     * @throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit
     * @throws java.nio.ReadOnlyBufferException if the buffer is read-only
     */
    protected final void startNew(ByteBuffer buffer, int offset) {
        checkWritable(buffer, offset);
        hold(buffer, offset);
        appendedTo = null;
    }

    /** Starts the new record {@code index} of {@code store}, just appended with its bytes 0. */
    protected final void startAppended(RecordStore store, long index) {
        hold(store.chunkOf(index), store.offsetOf(index));
        appendedTo = store;
        appendedIndex = index;
    }

    /**
     * Starts on the existing, complete record at byte {@code offset} of {@code buffer}, changed in place.
     *
     * @throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit
     */
    protected final void startComplete(ByteBuffer buffer, int offset) {
        place(buffer, offset);
        appendedTo = null;
    }

    /** {@link #done} of the record {@code append} added last, unless it is done already. */
    protected final void doneIfAppended() {
        if (appendedTo != null) {
            done();
        }
    }

    /**
     * Finishes the record: refuses it if a required field was never set (and then, if {@code XBatch.append()}
     * added it, takes it back out of the batch; a new record refused is not stored), else stores a new record's
     * bytes. A record is complete once done; it may still be changed through this writer, each setter's change
     * stored as it returns.
     *
     * @throws IllegalStateException naming every required field never set
     */
    public final void done() {
        String missing = missingRequired();
        if (missing != null) {
            if (appendedTo != null && appendedIndex == appendedTo.size() - 1) {
                appendedTo.truncate(appendedIndex);
            }
            appendedTo = null;
            throw new IllegalStateException(missing + ": required, never set");
        }
        store();
        appendedTo = null;
    }
}
