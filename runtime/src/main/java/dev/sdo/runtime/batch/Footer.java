package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_ENTRY_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_FIXED_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_MAGIC;
import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.TRAILER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * The footer: the index of the blocks (offset, record count and payload CRC32C of each), with copies of the sync
 * marker, fingerprint, record size and records per block so that the blocks can be found even if the file
 * header is damaged. Its CRC32C is in the trailer. The record size is the field as stored: with
 * {@link BatchFormat#VARIABLE_SIZE_FLAG} set in a file of variable-size records.
 */
record Footer(byte[] syncMarker, long fingerprint, int recordSize, int recordsPerBlock, long totalRecords,
        long[] blockOffsets, int[] blockCounts, int[] blockCrcs) {
    static final String SECTION = "footer";
    private static final String RECOVERABLE = " (BatchFileRecovery gets its complete blocks back)";
    private static final int SYNC_AT = 8;
    private static final int FINGERPRINT_AT = 24;
    private static final int RECORD_SIZE_AT = 32;
    private static final int RECORDS_PER_BLOCK_AT = 36;
    private static final int BLOCK_COUNT_AT = 40;
    private static final int TOTAL_RECORDS_AT = 48;
    /** The shortest file header: where the first block starts at the earliest. */
    private static final int MIN_HEADER_BYTES = 64;

    int blockCount() {
        return blockOffsets.length;
    }

    static int length(int blockCount) {
        return FOOTER_FIXED_BYTES + blockCount * FOOTER_ENTRY_BYTES;
    }

    ByteBuffer encode() {
        ByteBuffer buffer = BatchFormat.littleEndian(length(blockCount()));
        buffer.put(0, FOOTER_MAGIC)
                .put(SYNC_AT, syncMarker)
                .putLong(FINGERPRINT_AT, fingerprint)
                .putInt(RECORD_SIZE_AT, recordSize)
                .putInt(RECORDS_PER_BLOCK_AT, recordsPerBlock)
                .putLong(BLOCK_COUNT_AT, blockCount())
                .putLong(TOTAL_RECORDS_AT, totalRecords);
        for (int k = 0; k < blockCount(); k++) {
            int at = FOOTER_FIXED_BYTES + k * FOOTER_ENTRY_BYTES;
            buffer.putLong(at, blockOffsets[k]).putInt(at + 8, blockCounts[k]).putInt(at + 12, blockCrcs[k]);
        }
        return buffer;
    }

    /** The trailer that points at this footer, written at {@code footerOffset}. */
    ByteBuffer encodeTrailer(long footerOffset, ByteBuffer encodedFooter) {
        ByteBuffer trailer = BatchFormat.littleEndian(TRAILER_BYTES);
        trailer.putLong(0, footerOffset)
                .putInt(8, encodedFooter.capacity())
                .putInt(12, BatchFormat.crc32c(encodedFooter, 0, encodedFooter.capacity()))
                .put(16, BatchFormat.END_MAGIC);
        return trailer;
    }

    /**
     * Reads the trailer at the end of a file of {@code fileSize} bytes and the footer it points at, checking the
     * end magic, the footer's place and CRC32C, and the footer's fields.
     */
    static Footer readFromEnd(FileChannel channel, long fileSize, String source) throws IOException {
        long trailerAt = fileSize - TRAILER_BYTES;
        long smallest = 64 + FOOTER_FIXED_BYTES + TRAILER_BYTES;
        if (fileSize < smallest || fileSize % 8 != 0) {
            String why = fileSize < smallest
                    ? "shorter than the " + smallest + " bytes of the smallest complete batch file"
                    : "not a multiple of 8";
            throw new TruncatedBatchException(source, "trailer", -1, Math.max(0, trailerAt), "the file is "
                    + fileSize + " bytes long, " + why + ": it is truncated or its writer did not finish"
                    + RECOVERABLE);
        }
        ByteBuffer trailer = readAt(channel, trailerAt, TRAILER_BYTES);
        if (!BatchFormat.bytesEqual(trailer, 16, BatchFormat.END_MAGIC)) {
            throw new TruncatedBatchException(source, "trailer", -1, trailerAt + 16, "expected the end magic "
                    + hex(BatchFormat.END_MAGIC) + ", found " + hex(BatchFormat.bytes(trailer, 16, 8))
                    + ": the file is damaged at its end, truncated, or its writer did not finish" + RECOVERABLE);
        }
        long footerAt = trailer.getLong(0);
        int footerLength = trailer.getInt(8);
        if (footerLength < FOOTER_FIXED_BYTES || (footerLength - FOOTER_FIXED_BYTES) % FOOTER_ENTRY_BYTES != 0
                || footerAt < 64 || footerAt + footerLength != trailerAt) {
            throw new CorruptBatchException(source, "trailer", -1, trailerAt, "footer offset " + footerAt
                    + " and length " + Integer.toUnsignedString(footerLength)
                    + " do not describe a footer ending where the trailer starts");
        }
        ByteBuffer footer = readAt(channel, footerAt, footerLength);
        int stored = trailer.getInt(12);
        int computed = BatchFormat.crc32c(footer, 0, footerLength);
        if (stored != computed) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt, "CRC32C of the footer's " + footerLength
                    + " bytes is " + hex(computed) + ", but the trailer stores " + hex(stored) + " at byte offset "
                    + (trailerAt + 12));
        }
        return decode(footer, footerAt, source);
    }

    /** The fields of footer bytes whose CRC32C has been checked. */
    static Footer decode(ByteBuffer footer, long footerAt, String source) throws CorruptBatchException {
        if (!BatchFormat.bytesEqual(footer, 0, FOOTER_MAGIC)) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt, "expected the footer magic "
                    + hex(FOOTER_MAGIC) + ", found " + hex(BatchFormat.bytes(footer, 0, 8)));
        }
        long blockCount = footer.getLong(BLOCK_COUNT_AT);
        if (blockCount != (footer.capacity() - FOOTER_FIXED_BYTES) / FOOTER_ENTRY_BYTES) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt + BLOCK_COUNT_AT, "block count "
                    + blockCount + " does not match the footer's length of " + footer.capacity() + " bytes");
        }
        int blocks = (int) blockCount;
        long[] offsets = new long[blocks];
        int[] counts = new int[blocks];
        int[] crcs = new int[blocks];
        long previousEnd = MIN_HEADER_BYTES;
        for (int k = 0; k < blocks; k++) {
            int at = FOOTER_FIXED_BYTES + k * FOOTER_ENTRY_BYTES;
            offsets[k] = footer.getLong(at);
            counts[k] = footer.getInt(at + 8);
            crcs[k] = footer.getInt(at + 12);
            // Every reader, and recovery, seeks to these offsets: they must lie in the file, ascending, before it.
            if (offsets[k] < previousEnd || offsets[k] % 8 != 0 || offsets[k] > footerAt - BLOCK_HEADER_BYTES) {
                throw new CorruptBatchException(source, SECTION, -1, footerAt + at, "block " + k + " is indexed at "
                        + "byte offset " + offsets[k] + ", expected an 8-aligned offset from " + previousEnd
                        + " that leaves room for a block header before the footer at " + footerAt);
            }
            previousEnd = offsets[k] + BLOCK_HEADER_BYTES;
        }
        return new Footer(BatchFormat.bytes(footer, SYNC_AT, SYNC_BYTES), footer.getLong(FINGERPRINT_AT),
                footer.getInt(RECORD_SIZE_AT), footer.getInt(RECORDS_PER_BLOCK_AT), footer.getLong(TOTAL_RECORDS_AT),
                offsets, counts, crcs);
    }

    /**
     * Checks that the footer agrees with the file header and indexes exactly the blocks that a writer lays out
     * back to back from the end of the header to the footer: every block full but the last.
     */
    void checkLayout(FileHeader header, long footerAt, String source) throws CorruptBatchException {
        int size = header.identity().recordSize();
        int perBlock = header.recordsPerBlock();
        if (!Arrays.equals(syncMarker, header.syncMarker()) || fingerprint != header.identity().fingerprint()
                || recordSize != header.recordSizeField() || recordsPerBlock != perBlock) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt, "sync marker, fingerprint, record size "
                    + "or records per block differ from the file header's");
        }
        if (header.variableSize()) {
            checkVariableLayout(header, footerAt, source);
            return;
        }
        long expectedOffset = header.blocksStart();
        long records = 0;
        for (int k = 0; k < blockCount(); k++) {
            long entryAt = footerAt + FOOTER_FIXED_BYTES + (long) k * FOOTER_ENTRY_BYTES;
            if (blockOffsets[k] != expectedOffset) {
                throw new CorruptBatchException(source, SECTION, -1, entryAt, "block " + k + " is indexed at byte "
                        + "offset " + blockOffsets[k] + ", expected " + expectedOffset);
            }
            boolean last = k == blockCount() - 1;
            if (last ? blockCounts[k] <= 0 || blockCounts[k] > perBlock : blockCounts[k] != perBlock) {
                throw new CorruptBatchException(source, SECTION, -1, entryAt + 8, "block " + k + " is indexed with "
                        + Integer.toUnsignedString(blockCounts[k]) + " records, expected "
                        + (last ? "1.." + perBlock : perBlock));
            }
            records += blockCounts[k];
            expectedOffset += BatchFormat.blockBytes((long) blockCounts[k] * size);
        }
        if (expectedOffset != footerAt || records != totalRecords) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt, "the indexed blocks hold " + records
                    + " records and end at byte offset " + expectedOffset + ", but the footer says "
                    + totalRecords + " records and starts at " + footerAt);
        }
    }

    /**
     * For a file of variable-size records: the blocks are indexed back to back from the end of the header, each
     * long enough for a block header and a record, with 1..B records each (any block may hold fewer than B: a
     * block also ends when its records reach the writer's byte limit). Each block's exact length is checked
     * against its header by the reader, which knows its payload length.
     */
    private void checkVariableLayout(FileHeader header, long footerAt, String source) throws CorruptBatchException {
        int perBlock = header.recordsPerBlock();
        long smallestBlock = BatchFormat.blockBytes(header.identity().recordSize() + VariableBlock.tableBytes(1));
        long expectedOffset = header.blocksStart();
        long records = 0;
        for (int k = 0; k < blockCount(); k++) {
            long entryAt = footerAt + FOOTER_FIXED_BYTES + (long) k * FOOTER_ENTRY_BYTES;
            boolean placed = k == 0 ? blockOffsets[k] == expectedOffset
                    : blockOffsets[k] >= expectedOffset && blockOffsets[k] % 8 == 0;
            if (!placed) {
                throw new CorruptBatchException(source, SECTION, -1, entryAt, "block " + k + " is indexed at byte "
                        + "offset " + blockOffsets[k] + ", expected " + (k == 0 ? "" : "an 8-aligned offset from ")
                        + expectedOffset);
            }
            if (blockCounts[k] <= 0 || blockCounts[k] > perBlock) {
                throw new CorruptBatchException(source, SECTION, -1, entryAt + 8, "block " + k + " is indexed with "
                        + Integer.toUnsignedString(blockCounts[k]) + " records, expected 1.." + perBlock);
            }
            records += blockCounts[k];
            expectedOffset = blockOffsets[k] + smallestBlock;
        }
        if (expectedOffset > footerAt || records != totalRecords) {
            throw new CorruptBatchException(source, SECTION, -1, footerAt, "the indexed blocks hold " + records
                    + " records and end at byte offset " + expectedOffset + " or later, but the footer says "
                    + totalRecords + " records and starts at " + footerAt);
        }
    }

    /** Where block {@code k} ends (the next block's offset, or the footer's for the last block). */
    long blockEnd(int k, long footerAt) {
        return k + 1 < blockCount() ? blockOffsets[k + 1] : footerAt;
    }

    /** Exactly {@code length} bytes at {@code offset} of the file, as a little-endian buffer. */
    static ByteBuffer readAt(FileChannel channel, long offset, int length) throws IOException {
        ByteBuffer buffer = BatchFormat.littleEndian(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new EOFException("file shrank while being read, at byte offset "
                        + (offset + buffer.position()));
            }
        }
        return buffer.clear();
    }
}
