package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * Writes a batch file of variable-size records (format version 2, see docs/batch-file-format.md) to a channel:
 * the header when opened, then a block each time it holds {@code recordsPerBlock} records or the next record
 * would take its records past {@code blockDataBytes} bytes (a larger record gets a block of its own), then on
 * {@link #finish()} the last block, the footer and the trailer. Where the records stand is decided by the record
 * sequence alone, not by how a store's chunks divide it.
 *
 * <p>Records are copied in bulk: a block whose records lie together in one chunk of a store is written from the
 * chunk as it is, with an offsets table rebased to the block; records given one at a time, or that a block takes
 * from two chunks, are gathered into one block buffer first. Every block reaches the channel whole before the next
 * one starts, so the complete blocks of a writer that dies are recoverable. As {@link BatchFileWriter}, the writer
 * is not {@link AutoCloseable}, refuses to go on after a failed write and does not close the channel.
 */
public final class VariableBatchFileWriter {
    private final BlockOutput output;
    private final int minRecordSize;
    private final int recordsPerBlock;
    private final int blockDataBytes;
    private ByteBuffer pending = ByteBuffer.allocate(0);
    /** Starts of the pending records in {@link #pending}, then their end: {@code pendingCount + 1} entries. */
    private int[] pendingStarts = new int[16];
    private int pendingCount;

    private VariableBatchFileWriter(BlockOutput output, int blockDataBytes) {
        this.output = output;
        this.minRecordSize = output.header().identity().recordSize();
        this.recordsPerBlock = output.header().recordsPerBlock();
        this.blockDataBytes = blockDataBytes;
    }

    /**
     * A writer of records whose fixed part is {@code identity.recordSize()} bytes, with blocks of about 1 MiB of
     * records and a random sync marker.
     */
    public static VariableBatchFileWriter open(WritableByteChannel out, RecordIdentity identity) throws IOException {
        return open(out, identity, BatchFileWriter.defaultRecordsPerBlock(identity.recordSize()),
                BatchFormat.DEFAULT_BLOCK_PAYLOAD, BatchFileWriter.randomSyncMarker());
    }

    /**
     * A writer of blocks of at most {@code recordsPerBlock} records and, unless one record is larger, at most
     * {@code blockDataBytes} bytes of records, marked by {@code syncMarker} (16 bytes unique to the file; fixed ones
     * only in tests). Writes the file header at once.
     */
    public static VariableBatchFileWriter open(WritableByteChannel out, RecordIdentity identity, int recordsPerBlock,
            int blockDataBytes, byte[] syncMarker) throws IOException {
        Objects.requireNonNull(out, "out");
        BlockOutput.checkSyncMarker(syncMarker);
        if (recordsPerBlock <= 0 || (long) recordsPerBlock * identity.recordSize() > BatchFormat.MAX_BLOCK_PAYLOAD
                || blockDataBytes <= 0 || blockDataBytes > BatchFormat.MAX_BLOCK_PAYLOAD) {
            throw new IllegalArgumentException(recordsPerBlock + " records and " + blockDataBytes + " bytes per "
                    + "block of records of at least " + identity.recordSize() + " bytes: both must be positive, "
                    + "with at most " + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes per block");
        }
        return new VariableBatchFileWriter(BlockOutput.open(out, identity, recordsPerBlock, syncMarker, true),
                blockDataBytes);
    }

    /** Writes all records of {@code store} to {@code out} as one complete batch file with default settings. */
    public static void write(VariableRecordStore store, RecordIdentity identity, WritableByteChannel out)
            throws IOException {
        VariableBatchFileWriter writer = open(out, identity);
        writer.write(store);
        writer.finish();
    }

    /** Writes all records of {@code store} to a new or replaced {@code file}. */
    public static void write(VariableRecordStore store, RecordIdentity identity, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            write(store, identity, channel);
        }
    }

    /** Appends every record of {@code store}, whose records must have this file's fixed part. */
    public void write(VariableRecordStore store) throws IOException {
        if (store.minRecordSize() != minRecordSize) {
            throw new IllegalArgumentException("this file holds records of at least " + minRecordSize
                    + " bytes, the store records of at least " + store.minRecordSize());
        }
        output.beginWrite();
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            int count = store.chunkRecords(c);
            int j = 0;
            while (j < count) {
                int run = pendingCount == 0 ? completeBlockAt(store, c, j) : 0;
                if (run > 0) {
                    writeBlockFromChunk(store, c, j, run);
                    j += run;
                } else {
                    int start = store.chunkRecordOffset(c, j);
                    addPending(chunk, start, store.chunkRecordOffset(c, j + 1) - start);
                    j++;
                }
            }
        }
        output.endWrite();
    }

    /**
     * The records from record {@code j} of chunk {@code c} that make a complete block (one that ends because it
     * holds {@code recordsPerBlock} records or the next record does not fit), or 0 if the chunk ends first.
     */
    private int completeBlockAt(VariableRecordStore store, int c, int j) {
        int count = store.chunkRecords(c);
        int first = store.chunkRecordOffset(c, j);
        int n = 0;
        while (j + n < count && n < recordsPerBlock) {
            long end = store.chunkRecordOffset(c, j + n + 1);
            if (n > 0 && end - first > blockDataBytes) {
                return n;
            }
            n++;
        }
        return n == recordsPerBlock ? n : 0;
    }

    /** Appends one record: the {@code length} bytes at {@code offset} of {@code source}. */
    public void write(ByteBuffer source, int offset, int length) throws IOException {
        output.checkUsable();
        Objects.checkFromIndexSize(offset, length, source.limit());
        if (length < minRecordSize || length > BatchFormat.MAX_BLOCK_PAYLOAD) {
            throw new IllegalArgumentException("a record of " + length + " bytes: records of this file take "
                    + minRecordSize + ".." + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes");
        }
        output.beginWrite();
        addPending(source, offset, length);
        output.endWrite();
    }

    private void addPending(ByteBuffer source, int offset, int length) throws IOException {
        int pendingBytes = pendingStarts[pendingCount];
        if (pendingCount > 0 && (long) pendingBytes + length > blockDataBytes) {
            flushPending();
            pendingBytes = 0;
        }
        if (pending.capacity() < pendingBytes + length) {
            ByteBuffer grown = ByteBuffer.allocate((int) Math.min(BatchFormat.MAX_BLOCK_PAYLOAD,
                    Math.max(pendingBytes + length, 2L * pending.capacity())));
            grown.put(0, pending, 0, pendingBytes);
            pending = grown;
        }
        pending.put(pendingBytes, source, offset, length);
        if (pendingCount + 2 > pendingStarts.length) {
            pendingStarts = Arrays.copyOf(pendingStarts, pendingStarts.length * 2);
        }
        pendingStarts[++pendingCount] = pendingBytes + length;
        if (pendingCount == recordsPerBlock) {
            flushPending();
        }
    }

    /**
     * Writes the last block (if records are pending), the footer and the trailer, completing the file. The
     * channel stays open.
     */
    public void finish() throws IOException {
        output.beginWrite();
        flushPending();
        output.finish();
    }

    private void flushPending() throws IOException {
        if (pendingCount > 0) {
            int dataBytes = pendingStarts[pendingCount];
            ByteBuffer tail = tail(dataBytes, pendingCount);
            int at = BatchFormat.align4(dataBytes) - dataBytes;
            for (int j = 0; j <= pendingCount; j++) {
                tail.putInt(at + 4 * j, pendingStarts[j]);
            }
            writeBlock(pending.duplicate().limit(dataBytes).position(0), tail, pendingCount);
            pendingCount = 0;
        }
    }

    private void writeBlockFromChunk(VariableRecordStore store, int c, int j, int records) throws IOException {
        int first = store.chunkRecordOffset(c, j);
        int dataBytes = store.chunkRecordOffset(c, j + records) - first;
        ByteBuffer tail = tail(dataBytes, records);
        int at = BatchFormat.align4(dataBytes) - dataBytes;
        for (int k = 0; k <= records; k++) {
            tail.putInt(at + 4 * k, store.chunkRecordOffset(c, j + k) - first);
        }
        writeBlock(store.chunk(c).duplicate().limit(first + dataBytes).position(first), tail, records);
    }

    /**
     * A zeroed little-endian buffer for what follows {@code dataBytes} bytes of records up to the block's end:
     * padding to a multiple of 4, room for the offsets table of {@code records + 1} entries, padding to a multiple
     * of 8.
     */
    private static ByteBuffer tail(int dataBytes, int records) {
        long payload = VariableBlock.payloadLength(dataBytes, records);
        long tail = BatchFormat.blockBytes(payload) - BLOCK_HEADER_BYTES - dataBytes;
        return ByteBuffer.allocate((int) tail).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes a block of {@code records} records: header, the records in {@code data}, then {@code tail}. */
    private void writeBlock(ByteBuffer data, ByteBuffer tail, int records) throws IOException {
        int dataBytes = data.remaining();
        long payloadLength = VariableBlock.payloadLength(dataBytes, records);
        CRC32C crc = new CRC32C();
        crc.update(data.duplicate());
        crc.update(tail.duplicate().limit((int) (payloadLength - dataBytes)).position(0));
        output.writeBlock(records, payloadLength, (int) crc.getValue(), data, tail);
    }
}
