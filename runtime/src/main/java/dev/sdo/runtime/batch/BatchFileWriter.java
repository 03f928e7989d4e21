package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * Writes a batch file ({@code .sdob}, see docs/batch-file-format.md) to a channel: the header when opened,
 * then a block each time {@code recordsPerBlock} records have been written, then on {@link #finish()} the last,
 * shorter block, the footer and the trailer. Records are copied in bulk, a whole chunk or block at a time, never
 * encoded one by one; full blocks taken straight from a store's chunks are not copied at all.
 *
 * <p>Every block reaches the channel whole before the next one starts, so if the writer dies midway the file
 * holds every complete block and {@link BatchFileRecovery} gets them back.
 *
 * <p>The writer is deliberately not {@link AutoCloseable}: only an explicit {@link #finish()} after the last
 * record writes the footer, so an exception between writes never leaves a file that looks complete but lacks
 * records. After a failed write the writer refuses to continue. The writer does not close the channel.
 */
public final class BatchFileWriter {
    private static final SecureRandom SYNC_MARKERS = new SecureRandom();

    private final BlockOutput output;
    private final int recordSize;
    private final int recordsPerBlock;
    private final ByteBuffer pending;
    private int pendingRecords;

    private BatchFileWriter(BlockOutput output) {
        this.output = output;
        this.recordSize = output.header().identity().recordSize();
        this.recordsPerBlock = output.header().recordsPerBlock();
        this.pending = ByteBuffer.allocate(recordsPerBlock * recordSize);
    }

    /** A writer with the default block size (about 1 MiB of records) and a random sync marker. */
    public static BatchFileWriter open(WritableByteChannel out, RecordIdentity identity) throws IOException {
        return open(out, identity, defaultRecordsPerBlock(identity.recordSize()), randomSyncMarker());
    }

    /**
     * A writer of blocks of {@code recordsPerBlock} records (the last one fewer) that marks them with
     * {@code syncMarker}, 16 bytes that should be unique to the file (give fixed ones only in tests). Writes the
     * file header at once.
     */
    public static BatchFileWriter open(WritableByteChannel out, RecordIdentity identity, int recordsPerBlock,
            byte[] syncMarker) throws IOException {
        Objects.requireNonNull(out, "out");
        BlockOutput.checkSyncMarker(syncMarker);
        if (recordsPerBlock <= 0 || (long) recordsPerBlock * identity.recordSize() > BatchFormat.MAX_BLOCK_PAYLOAD) {
            throw new IllegalArgumentException(recordsPerBlock + " records per block of " + identity.recordSize()
                    + " bytes: must be positive and at most " + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes per block");
        }
        return new BatchFileWriter(BlockOutput.open(out, identity, recordsPerBlock, syncMarker, false));
    }

    /** Writes all records of {@code store} to {@code out} as one complete batch file with default settings. */
    public static void write(RecordStore store, RecordIdentity identity, WritableByteChannel out) throws IOException {
        BatchFileWriter writer = open(out, identity);
        writer.write(store);
        writer.finish();
    }

    /** Writes all records of {@code store} to a new or replaced {@code file}. */
    public static void write(RecordStore store, RecordIdentity identity, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            write(store, identity, channel);
        }
    }

    /** Records per block of a default writer: as many as fit in 1 MiB, at least one. */
    public static int defaultRecordsPerBlock(int recordSize) {
        return Math.max(1, BatchFormat.DEFAULT_BLOCK_PAYLOAD / recordSize);
    }

    /** 16 bytes from a {@link SecureRandom}: a sync marker no other file shares. */
    public static byte[] randomSyncMarker() {
        byte[] marker = new byte[SYNC_BYTES];
        SYNC_MARKERS.nextBytes(marker);
        return marker;
    }

    /** Appends every record of {@code store}, which must hold records of this file's size. */
    public void write(RecordStore store) throws IOException {
        if (store.recordSize() != recordSize) {
            throw new IllegalArgumentException("this file holds " + recordSize + "-byte records, the store "
                    + store.recordSize() + "-byte ones");
        }
        for (int c = 0; c < store.chunkCount(); c++) {
            write(store.chunk(c), 0, store.chunkRecords(c));
        }
    }

    /** Appends {@code records} records that lie back to back from {@code offset} of {@code source}. */
    public void write(ByteBuffer source, int offset, int records) throws IOException {
        output.checkUsable();
        if (offset < 0 || records < 0 || offset + (long) records * recordSize > source.limit()) {
            throw new IndexOutOfBoundsException(records + " records of " + recordSize + " bytes at offset "
                    + offset + " do not fit in a buffer of limit " + source.limit());
        }
        output.beginWrite();
        int from = offset;
        int remaining = records;
        while (remaining > 0) {
            if (pendingRecords == 0 && remaining >= recordsPerBlock) {
                writeBlock(source, from, recordsPerBlock);
                from += recordsPerBlock * recordSize;
                remaining -= recordsPerBlock;
            } else {
                int count = Math.min(remaining, recordsPerBlock - pendingRecords);
                pending.put(pendingRecords * recordSize, source, from, count * recordSize);
                pendingRecords += count;
                from += count * recordSize;
                remaining -= count;
                if (pendingRecords == recordsPerBlock) {
                    flushPending();
                }
            }
        }
        output.endWrite();
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
        if (pendingRecords > 0) {
            writeBlock(pending, 0, pendingRecords);
            pendingRecords = 0;
        }
    }

    private void writeBlock(ByteBuffer source, int offset, int records) throws IOException {
        int payloadLength = records * recordSize;
        ByteBuffer payload = source.duplicate().limit(offset + payloadLength).position(offset);
        CRC32C crc = new CRC32C();
        crc.update(payload.duplicate());
        int padding = (int) (BatchFormat.blockBytes(payloadLength) - BLOCK_HEADER_BYTES - payloadLength);
        output.writeBlock(records, payloadLength, (int) crc.getValue(), payload, ByteBuffer.allocate(padding));
    }
}
