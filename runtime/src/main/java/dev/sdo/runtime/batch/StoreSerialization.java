package dev.sdo.runtime.batch;

import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.nio.ByteBuffer;

/**
 * The Java serial form of a {@link RecordStore}, used by a generated batch's {@code writeObject} and
 * {@code readObject}: the record count as a {@code long}, then the records' bytes back to back, exactly
 * {@code count * recordSize} of them, with no per-record framing. A {@link VariableRecordStore}'s serial form is
 * the record count as a {@code long}, then each record as its size ({@code int}) and its bytes. The layout check
 * is the batch class's {@code serialVersionUID} (the layout fingerprint), so the form carries no identity of its
 * own.
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
            copy(store.chunk(c), 0, store.chunkRecords(c) * store.recordSize(), block, out);
        }
    }

    /** Writes the {@code length} bytes at {@code from} of {@code chunk} to {@code out}, through {@code block}. */
    private static void copy(ByteBuffer chunk, int from, int length, byte[] block, ObjectOutput out)
            throws IOException {
        for (int done = 0; done < length; done += block.length) {
            int part = Math.min(block.length, length - done);
            chunk.get(from + done, block, 0, part);
            out.write(block, 0, part);
        }
    }

    /** The record count of a serial form. @throws InvalidObjectException if it is negative */
    private static long readCount(ObjectInput in) throws IOException {
        long count = in.readLong();
        if (count < 0) {
            throw new InvalidObjectException("a serialised batch of " + count + " records: the count is negative");
        }
        return count;
    }

    /**
     * Reads what {@link #write} wrote into a new growing heap store of {@code recordSize}-byte records. The
     * store grows as records arrive, so a forged count costs no memory the stream does not back.
     *
     * @throws InvalidObjectException if the count is negative
     * @throws java.io.EOFException if the stream ends before the count's records
     */
    public static RecordStore read(ObjectInput in, int recordSize) throws IOException {
        long count = readCount(in);
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

    /** Writes the record count, then every record's size and bytes. */
    public static void write(VariableRecordStore store, ObjectOutput out) throws IOException {
        out.writeLong(store.size());
        byte[] block = new byte[BLOCK_BYTES];
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            for (int j = 0; j < store.chunkRecords(c); j++) {
                int start = store.chunkRecordOffset(c, j);
                int length = store.chunkRecordOffset(c, j + 1) - start;
                out.writeInt(length);
                copy(chunk, start, length, block, out);
            }
        }
    }

    /**
     * Reads what {@link #write(VariableRecordStore, ObjectOutput)} wrote into a new growing heap store of records
     * of at least {@code minRecordSize} bytes, which grows as records arrive.
     *
     * @throws InvalidObjectException if the count is negative or a record's size is out of range
     * @throws java.io.EOFException if the stream ends before the count's records
     */
    public static VariableRecordStore readVariable(ObjectInput in, int minRecordSize) throws IOException {
        long count = readCount(in);
        VariableRecordStore store = VariableRecordStore.heap(minRecordSize);
        byte[] block = new byte[BLOCK_BYTES];
        for (long i = 0; i < count; i++) {
            int length = in.readInt();
            if (length < minRecordSize || length > VariableRecordStore.MAX_CHUNK_RECORD_BYTES) {
                throw new InvalidObjectException("record " + i + " of a serialised batch has " + length
                        + " bytes, expected " + minRecordSize + ".." + VariableRecordStore.MAX_CHUNK_RECORD_BYTES);
            }
            if (length <= block.length) {
                in.readFully(block, 0, length);
                store.append(block, length);
            } else {
                store.append(readLarge(in, length));
            }
        }
        return store;
    }

    /** A record larger than the copy buffer, read in parts so that a forged size costs only what arrives. */
    private static byte[] readLarge(ObjectInput in, int length) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(BLOCK_BYTES);
        byte[] part = new byte[BLOCK_BYTES];
        for (int from = 0; from < length; from += part.length) {
            int size = Math.min(part.length, length - from);
            in.readFully(part, 0, size);
            bytes.write(part, 0, size);
        }
        return bytes.toByteArray();
    }
}
