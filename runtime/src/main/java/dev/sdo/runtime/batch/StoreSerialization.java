package dev.sdo.runtime.batch;

import java.io.InvalidObjectException;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.nio.ByteBuffer;

/**
 * The Java serial form of a {@link RecordStore}, used by a generated batch's {@code writeObject} and
 * {@code readObject}: the record count as a {@code long}, then the records' bytes back to back, exactly
 * {@code count * recordSize} of them, with no per-record framing. The layout check is the batch class's
 * {@code serialVersionUID} (the layout fingerprint), so the form carries no identity of its own.
 */
public final class StoreSerialization {
    /** Records are copied through a buffer of about this many bytes, so a large store needs no second copy. */
    private static final int BLOCK_BYTES = 1 << 16;

    private StoreSerialization() {}

    /** Writes the record count and every record's bytes, chunk by chunk. */
    public static void write(RecordStore store, ObjectOutput out) throws IOException {
        out.writeLong(store.size());
        byte[] block = new byte[blockRecords(store.recordSize()) * store.recordSize()];
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            int end = store.chunkRecords(c) * store.recordSize();
            for (int from = 0; from < end; from += block.length) {
                int length = Math.min(block.length, end - from);
                chunk.get(from, block, 0, length);
                out.write(block, 0, length);
            }
        }
    }

    /**
     * Reads what {@link #write} wrote into a new growing heap store of {@code recordSize}-byte records. The
     * store grows as records arrive, so a forged count costs no memory the stream does not back.
     *
     * @throws InvalidObjectException if the count is negative
     * @throws java.io.EOFException if the stream ends before the count's records
     */
    public static RecordStore read(ObjectInput in, int recordSize) throws IOException {
        long count = in.readLong();
        if (count < 0) {
            throw new InvalidObjectException("a serialised batch of " + count + " records: the count is negative");
        }
        RecordStore store = RecordStore.heap(recordSize);
        int perBlock = blockRecords(recordSize);
        byte[] block = new byte[perBlock * recordSize];
        for (long remaining = count; remaining > 0; ) {
            int records = (int) Math.min(remaining, perBlock);
            in.readFully(block, 0, records * recordSize);
            store.appendAll(ByteBuffer.wrap(block), 0, records);
            remaining -= records;
        }
        return store;
    }

    private static int blockRecords(int recordSize) {
        return Math.max(1, BLOCK_BYTES / recordSize);
    }
}
