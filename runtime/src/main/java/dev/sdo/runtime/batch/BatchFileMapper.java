package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Memory-maps a batch file as a read-only {@link RecordStore} whose records are read in place: each block's
 * payload becomes one chunk (a slice of the mapping that also covers the 8 bytes after it, which the layout
 * guarantees exist), so nothing is copied.
 *
 * <p>Opening finds the footer from the trailer at the end of the file and checks the header, the footer, the
 * block layout it indexes, every block header and its padding, and (unless asked not to) every payload's CRC32C,
 * which reads the whole file once. A file that fails any check throws a {@link BatchFileException}.
 */
public final class BatchFileMapper {
    /** The most bytes mapped at once; blocks are grouped into mappings of at most this size. */
    private static final long MAX_MAPPING = Integer.MAX_VALUE - 8;

    private BatchFileMapper() {}

    /**
     * Maps {@code file}, verifying every payload's CRC32C. The file may have been written by another schema version
     * of the record that {@code expected} can read: its records are then the writer's size.
     */
    public static RecordStore map(Path file, RecordIdentity expected) throws IOException {
        return map(file, expected, true);
    }

    /**
     * {@link #map(Path, RecordIdentity, boolean)}, and what the file says wrote the records: their schema version
     * and size, which code of another version needs to read them.
     */
    public static WrittenBatch mapWritten(Path file, RecordIdentity expected, boolean verifyPayloads)
            throws IOException {
        return map(file, expected, verifyPayloads, MAX_MAPPING);
    }

    /**
     * Maps {@code file}; with {@code verifyPayloads} false the payload CRCs are not computed (the headers, footer
     * and layout are still checked), so opening touches only the blocks' headers.
     */
    public static RecordStore map(Path file, RecordIdentity expected, boolean verifyPayloads) throws IOException {
        return map(file, expected, verifyPayloads, MAX_MAPPING).store();
    }

    /** {@link #map(Path, RecordIdentity, boolean)} with mappings of at most {@code maxMapping} bytes (for tests). */
    static WrittenBatch map(Path file, RecordIdentity expected, boolean verifyPayloads, long maxMapping)
            throws IOException {
        String source = file.toString();
        try (FileChannel channel = FileChannel.open(file)) {
            FileHeader header = FileHeader.read(new ChannelInput(channel.position(0), source, 0));
            header.checkMatches(expected, source);
            long fileSize = channel.size();
            Footer footer = Footer.readFromEnd(channel, fileSize, source);
            long footerAt = fileSize - BatchFormat.TRAILER_BYTES - Footer.length(footer.blockCount());
            footer.checkLayout(header, footerAt, source);
            ByteBuffer[] chunks = new ByteBuffer[footer.blockCount()];
            int first = 0;
            while (first < chunks.length) {
                int last = lastBlockOfMapping(footer, first, header.identity().recordSize(), maxMapping);
                mapBlocks(channel, header, footer, first, last, chunks, verifyPayloads, source);
                first = last + 1;
            }
            return new WrittenBatch(header.identity(), RecordStore.readOnly(header.identity().recordSize(),
                    header.recordsPerBlock(), chunks, footer.totalRecords()));
        }
    }

    /**
     * The last block that fits in one mapping of at most {@code maxMapping} bytes starting at block {@code first},
     * with the slack after it; at least {@code first} itself.
     */
    private static int lastBlockOfMapping(Footer footer, int first, int recordSize, long maxMapping) {
        long start = footer.blockOffsets()[first];
        int last = first;
        while (last + 1 < footer.blockCount()
                && mappingEnd(footer, last + 1, recordSize) - start <= maxMapping) {
            last++;
        }
        return last;
    }

    /** The end of a mapping whose last block is {@code block}: past its padding and 8 more bytes of slack. */
    private static long mappingEnd(Footer footer, int block, int recordSize) {
        long payload = (long) footer.blockCounts()[block] * recordSize;
        return footer.blockOffsets()[block] + BatchFormat.blockBytes(payload) + RecordStore.SLACK;
    }

    private static void mapBlocks(FileChannel channel, FileHeader header, Footer footer, int first, int last,
            ByteBuffer[] chunks, boolean verifyPayloads, String source) throws IOException {
        int recordSize = header.identity().recordSize();
        long start = footer.blockOffsets()[first];
        MappedByteBuffer mapping = channel.map(FileChannel.MapMode.READ_ONLY, start,
                mappingEnd(footer, last, recordSize) - start);
        ByteBuffer view = mapping.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        for (int k = first; k <= last; k++) {
            long blockAt = footer.blockOffsets()[k];
            int at = (int) (blockAt - start);
            BlockHeader block = BlockHeader.readChecked(view, at, blockAt, k, header, source);
            if (block.recordCount() != footer.blockCounts()[k] || block.payloadCrc() != footer.blockCrcs()[k]) {
                throw new CorruptBatchException(source, "block " + k, k, blockAt, "the block header says "
                        + block.recordCount() + " records with payload CRC32C " + BatchFormat.hex(block.payloadCrc())
                        + ", the footer " + footer.blockCounts()[k] + " with "
                        + BatchFormat.hex(footer.blockCrcs()[k]));
            }
            int payloadAt = at + BLOCK_HEADER_BYTES;
            int payloadEnd = payloadAt + (int) block.payloadLength();
            if (verifyPayloads) {
                crc.reset();
                crc.update(view.duplicate().limit(payloadEnd).position(payloadAt));
                block.checkPayload((int) crc.getValue(), blockAt, source);
            }
            int blockEnd = at + (int) BatchFormat.blockBytes(block.payloadLength());
            block.checkPadding(view, payloadEnd, blockEnd, blockAt + (payloadEnd - at), source);
            chunks[k] = mapping.slice(payloadAt, (int) block.payloadLength() + RecordStore.SLACK);
        }
    }
}
