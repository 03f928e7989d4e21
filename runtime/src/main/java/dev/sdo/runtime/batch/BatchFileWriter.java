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
import java.util.Arrays;
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

    private final WritableByteChannel out;
    private final FileHeader header;
    private final int recordSize;
    private final int recordsPerBlock;
    private final ByteBuffer pending;
    private int pendingRecords;
    private long position;
    private long totalRecords;
    private int blocks;
    private long[] blockOffsets = new long[16];
    private int[] blockCounts = new int[16];
    private int[] blockCrcs = new int[16];
    private boolean finished;
    /** Set while a write is under way; still set if it failed, which makes the writer refuse to go on. */
    private boolean writing;

    private BatchFileWriter(WritableByteChannel out, FileHeader header) {
        this.out = out;
        this.header = header;
        this.recordSize = header.identity().recordSize();
        this.recordsPerBlock = header.recordsPerBlock();
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
        if (syncMarker.length != SYNC_BYTES) {
            throw new IllegalArgumentException("a sync marker is " + SYNC_BYTES + " bytes, not " + syncMarker.length);
        }
        if (recordsPerBlock <= 0 || (long) recordsPerBlock * identity.recordSize() > BatchFormat.MAX_BLOCK_PAYLOAD) {
            throw new IllegalArgumentException(recordsPerBlock + " records per block of " + identity.recordSize()
                    + " bytes: must be positive and at most " + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes per block");
        }
        BatchFileWriter writer = new BatchFileWriter(out, FileHeader.of(identity, recordsPerBlock, syncMarker, false));
        writer.writeFully(writer.header.encode());
        return writer;
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
        checkUsable();
        if (offset < 0 || records < 0 || offset + (long) records * recordSize > source.limit()) {
            throw new IndexOutOfBoundsException(records + " records of " + recordSize + " bytes at offset "
                    + offset + " do not fit in a buffer of limit " + source.limit());
        }
        writing = true;
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
        writing = false;
    }

    private void checkUsable() {
        if (finished) {
            throw new IllegalStateException("the batch file is finished");
        }
        if (writing) {
            throw new IllegalStateException("an earlier write failed: the file holds only the blocks before it");
        }
    }

    /**
     * Writes the last block (if records are pending), the footer and the trailer, completing the file. The
     * channel stays open.
     */
    public void finish() throws IOException {
        checkUsable();
        writing = true;
        flushPending();
        finished = true;
        Footer footer = new Footer(header.syncMarker(), header.identity().fingerprint(), recordSize, recordsPerBlock,
                totalRecords, Arrays.copyOf(blockOffsets, blocks), Arrays.copyOf(blockCounts, blocks),
                Arrays.copyOf(blockCrcs, blocks));
        ByteBuffer encoded = footer.encode();
        long footerAt = position;
        writeFully(encoded.duplicate());
        writeFully(footer.encodeTrailer(footerAt, encoded));
        writing = false;
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
        BlockHeader block = new BlockHeader(blocks, records, payloadLength, (int) crc.getValue());
        long blockAt = position;
        writeFully(block.encode(header.syncMarker()));
        writeFully(payload);
        int padding = (int) (BatchFormat.blockBytes(payloadLength) - BLOCK_HEADER_BYTES - payloadLength);
        writeFully(ByteBuffer.allocate(padding));
        remember(blockAt, records, block.payloadCrc());
        totalRecords += records;
    }

    private void remember(long offset, int records, int payloadCrc) {
        if (blocks == blockOffsets.length) {
            blockOffsets = Arrays.copyOf(blockOffsets, blocks * 2);
            blockCounts = Arrays.copyOf(blockCounts, blocks * 2);
            blockCrcs = Arrays.copyOf(blockCrcs, blocks * 2);
        }
        blockOffsets[blocks] = offset;
        blockCounts[blocks] = records;
        blockCrcs[blocks] = payloadCrc;
        blocks++;
    }

    private void writeFully(ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            position += out.write(buffer);
        }
    }
}
