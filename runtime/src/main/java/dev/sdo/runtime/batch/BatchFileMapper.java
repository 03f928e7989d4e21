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
        return mapWritten(file, expected, verifyPayloads, WriterCheck.NONE);
    }

    /** {@link #mapWritten(Path, RecordIdentity, boolean)}, the header's writer checked too. */
    static WrittenBatch mapWritten(Path file, RecordIdentity expected, boolean verifyPayloads, WriterCheck writerCheck)
            throws IOException {
        return fixedStore(map(file, expected, verifyPayloads, MAX_MAPPING, false, writerCheck));
    }

    /**
     * Maps {@code file}; with {@code verifyPayloads} false the payload CRCs are not computed (the headers, footer
     * and layout are still checked), so opening touches only the blocks' headers.
     */
    public static RecordStore map(Path file, RecordIdentity expected, boolean verifyPayloads) throws IOException {
        return map(file, expected, verifyPayloads, MAX_MAPPING).store();
    }

    /**
     * Maps {@code file}, a batch file of variable-size records (format version 2), verifying every payload's
     * CRC32C and every block's offsets table. Record i is then found with a search of the blocks' first records
     * (none when it is in the last block) and one load from its block's table, all in place.
     */
    public static VariableRecordStore mapVariable(Path file, RecordIdentity expected) throws IOException {
        return mapVariable(file, expected, true);
    }

    /**
     * Maps {@code file}, a batch file of variable-size records; with {@code verifyPayloads} false the payload
     * CRCs are not computed (the headers, footer, layout and every offsets table are still checked).
     */
    public static VariableRecordStore mapVariable(Path file, RecordIdentity expected, boolean verifyPayloads)
            throws IOException {
        return mapVariable(file, expected, verifyPayloads, MAX_MAPPING).store();
    }

    /**
     * {@link #mapVariable(Path, RecordIdentity, boolean)}, and what the file says wrote the records: their schema
     * version and fixed size, which code of another version needs to read them.
     */
    public static WrittenVariableBatch mapVariableWritten(Path file, RecordIdentity expected, boolean verifyPayloads)
            throws IOException {
        return mapVariableWritten(file, expected, verifyPayloads, WriterCheck.NONE);
    }

    /** {@link #mapVariableWritten(Path, RecordIdentity, boolean)}, the header's writer checked too. */
    static WrittenVariableBatch mapVariableWritten(Path file, RecordIdentity expected, boolean verifyPayloads,
            WriterCheck writerCheck) throws IOException {
        return variableStore(map(file, expected, verifyPayloads, MAX_MAPPING, true, writerCheck));
    }

    /** {@link #mapVariable(Path, RecordIdentity, boolean)} with mappings of at most {@code maxMapping} bytes (for tests). */
    static WrittenVariableBatch mapVariable(Path file, RecordIdentity expected, boolean verifyPayloads,
            long maxMapping) throws IOException {
        return variableStore(map(file, expected, verifyPayloads, maxMapping, true, WriterCheck.NONE));
    }

    private static WrittenVariableBatch variableStore(Mapped mapped) {
        RecordIdentity writer = mapped.header.identity();
        return new WrittenVariableBatch(writer, VariableRecordStore.readOnly(writer.recordSize(), mapped.chunks,
                mapped.tables, mapped.counts));
    }

    /** {@link #map(Path, RecordIdentity, boolean)} with mappings of at most {@code maxMapping} bytes (for tests). */
    static WrittenBatch map(Path file, RecordIdentity expected, boolean verifyPayloads, long maxMapping)
            throws IOException {
        return fixedStore(map(file, expected, verifyPayloads, maxMapping, false, WriterCheck.NONE));
    }

    private static WrittenBatch fixedStore(Mapped mapped) {
        return new WrittenBatch(mapped.header.identity(), RecordStore.readOnly(mapped.header.identity().recordSize(),
                mapped.header.recordsPerBlock(), mapped.chunks, mapped.footer.totalRecords()));
    }

    /** The checked, mapped blocks of a file: one chunk per block, and for variable-size records their tables. */
    private record Mapped(FileHeader header, Footer footer, ByteBuffer[] chunks, ByteBuffer[] tables, int[] counts) {}

    private static Mapped map(Path file, RecordIdentity expected, boolean verifyPayloads, long maxMapping,
            boolean variableSize, WriterCheck writerCheck) throws IOException {
        String source = file.toString();
        try (FileChannel channel = FileChannel.open(file)) {
            FileHeader header = FileHeader.read(new ChannelInput(channel.position(0), source, 0));
            header.checkMatches(expected, variableSize, source);
            writerCheck.check(header.identity(), source);
            long fileSize = channel.size();
            Footer footer = Footer.readFromEnd(channel, fileSize, source);
            long footerAt = fileSize - BatchFormat.TRAILER_BYTES - Footer.length(footer.blockCount());
            footer.checkLayout(header, footerAt, source);
            Mapped mapped = new Mapped(header, footer, new ByteBuffer[footer.blockCount()],
                    new ByteBuffer[footer.blockCount()], footer.blockCounts());
            int first = 0;
            while (first < mapped.chunks.length) {
                long span = mappingEnd(footer, first, footerAt) - footer.blockOffsets()[first];
                if (span > BatchFormat.blockBytes(BatchFormat.MAX_VARIABLE_PAYLOAD) + RecordStore.SLACK) {
                    // Its header, read once mapped, would say so too; but no block is that long to map.
                    throw new CorruptBatchException(source, "block " + first, first, footer.blockOffsets()[first],
                            "the footer gives the block " + span + " bytes up to the next part, more than any block takes");
                }
                int last = lastBlockOfMapping(footer, first, footerAt, maxMapping);
                mapBlocks(channel, mapped, first, last, footerAt, verifyPayloads, source);
                first = last + 1;
            }
            return mapped;
        }
    }

    /**
     * The last block that fits in one mapping of at most {@code maxMapping} bytes starting at block {@code first},
     * with the slack after it; at least {@code first} itself.
     */
    private static int lastBlockOfMapping(Footer footer, int first, long footerAt, long maxMapping) {
        long start = footer.blockOffsets()[first];
        int last = first;
        while (last + 1 < footer.blockCount() && mappingEnd(footer, last + 1, footerAt) - start <= maxMapping) {
            last++;
        }
        return last;
    }

    /**
     * The end of a mapping whose last block is {@code block}: past its padding and 8 more bytes of slack (the
     * next block's header or the footer, which the layout guarantees).
     */
    private static long mappingEnd(Footer footer, int block, long footerAt) {
        return footer.blockEnd(block, footerAt) + RecordStore.SLACK;
    }

    private static void mapBlocks(FileChannel channel, Mapped mapped, int first, int last, long footerAt,
            boolean verifyPayloads, String source) throws IOException {
        FileHeader header = mapped.header;
        Footer footer = mapped.footer;
        long start = footer.blockOffsets()[first];
        MappedByteBuffer mapping = channel.map(FileChannel.MapMode.READ_ONLY, start,
                mappingEnd(footer, last, footerAt) - start);
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
            long blockBytes = BatchFormat.blockBytes(block.payloadLength());
            if (blockAt + blockBytes != footer.blockEnd(k, footerAt)) {
                throw new CorruptBatchException(source, "block " + k, k, blockAt, "the block's payload of "
                        + block.payloadLength() + " bytes ends it at byte offset " + (blockAt + blockBytes)
                        + ", but the footer places the next " + (k + 1 < footer.blockCount() ? "block" : "part")
                        + " at " + footer.blockEnd(k, footerAt));
            }
            int payloadAt = at + BLOCK_HEADER_BYTES;
            int payloadEnd = payloadAt + (int) block.payloadLength();
            if (verifyPayloads) {
                crc.reset();
                crc.update(view.duplicate().limit(payloadEnd).position(payloadAt));
                block.checkPayload((int) crc.getValue(), blockAt, source);
            }
            int blockEnd = at + (int) blockBytes;
            block.checkPadding(view, payloadEnd, blockEnd, blockAt + (payloadEnd - at), source);
            if (header.variableSize()) {
                int records = block.recordCount();
                int tableAt = VariableBlock.tableAt(block.payloadLength(), records);
                VariableBlock.dataLength(view, payloadAt + tableAt, records, view, payloadAt, tableAt,
                        header.identity().recordSize(), k, blockAt + BLOCK_HEADER_BYTES, source);
                // The chunk runs on over the padding and the table, at least 8 bytes: the slack getters need.
                mapped.chunks[k] = mapping.slice(payloadAt, (int) block.payloadLength());
                mapped.tables[k] = mapping.slice(payloadAt + tableAt, (int) VariableBlock.tableBytes(records))
                        .order(ByteOrder.LITTLE_ENDIAN);
            } else {
                mapped.chunks[k] = mapping.slice(payloadAt, (int) block.payloadLength() + RecordStore.SLACK);
            }
        }
    }
}
