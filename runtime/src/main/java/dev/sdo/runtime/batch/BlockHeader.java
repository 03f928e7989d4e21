package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.nio.ByteBuffer;

/**
 * The 40 bytes before each block's payload: sync marker, block number, record count, payload length, payload
 * CRC32C, and the CRC32C of the header's first 36 bytes.
 */
record BlockHeader(int number, int recordCount, long payloadLength, int payloadCrc) {
    static final int NUMBER_AT = 16;
    static final int COUNT_AT = 20;
    static final int PAYLOAD_LENGTH_AT = 24;
    static final int PAYLOAD_CRC_AT = 32;
    static final int HEADER_CRC_AT = 36;

    ByteBuffer encode(byte[] syncMarker) {
        ByteBuffer buffer = BatchFormat.littleEndian(BLOCK_HEADER_BYTES);
        buffer.put(0, syncMarker)
                .putInt(NUMBER_AT, number)
                .putInt(COUNT_AT, recordCount)
                .putLong(PAYLOAD_LENGTH_AT, payloadLength)
                .putInt(PAYLOAD_CRC_AT, payloadCrc);
        buffer.putInt(HEADER_CRC_AT, BatchFormat.crc32c(buffer, 0, HEADER_CRC_AT));
        return buffer;
    }

    /**
     * The header at index {@code at} of {@code buffer} (little-endian) if its sync marker and CRC are intact, or
     * null: what a recovery scan asks of every candidate offset.
     */
    static BlockHeader parseIfIntact(ByteBuffer buffer, int at, byte[] syncMarker) {
        if (!BatchFormat.bytesEqual(buffer, at, syncMarker) || at + BLOCK_HEADER_BYTES > buffer.limit()
                || buffer.getInt(at + HEADER_CRC_AT) != BatchFormat.crc32c(buffer, at, at + HEADER_CRC_AT)) {
            return null;
        }
        return fields(buffer, at);
    }

    private static BlockHeader fields(ByteBuffer buffer, int at) {
        return new BlockHeader(buffer.getInt(at + NUMBER_AT), buffer.getInt(at + COUNT_AT),
                buffer.getLong(at + PAYLOAD_LENGTH_AT), buffer.getInt(at + PAYLOAD_CRC_AT));
    }

    /**
     * Reads and checks the header of block {@code expectedNumber}, which starts at file offset
     * {@code fileOffset} and at index {@code at} of {@code buffer}.
     */
    static BlockHeader readChecked(ByteBuffer buffer, int at, long fileOffset, int expectedNumber, FileHeader file,
            String source) throws CorruptBatchException {
        String section = "block " + expectedNumber;
        if (!BatchFormat.bytesEqual(buffer, at, file.syncMarker())) {
            throw new CorruptBatchException(source, section, expectedNumber, fileOffset, "expected the sync marker "
                    + hex(file.syncMarker()) + ", found "
                    + hex(BatchFormat.bytes(buffer, at, file.syncMarker().length)));
        }
        int stored = buffer.getInt(at + HEADER_CRC_AT);
        int computed = BatchFormat.crc32c(buffer, at, at + HEADER_CRC_AT);
        if (stored != computed) {
            throw new CorruptBatchException(source, section, expectedNumber, fileOffset, "block header CRC32C is "
                    + hex(computed) + ", but " + hex(stored) + " is stored at byte offset "
                    + (fileOffset + HEADER_CRC_AT));
        }
        BlockHeader header = fields(buffer, at);
        if (header.number != expectedNumber) {
            throw new CorruptBatchException(source, section, expectedNumber, fileOffset, "block number "
                    + Integer.toUnsignedString(header.number) + ", expected " + expectedNumber);
        }
        int perBlock = file.recordsPerBlock();
        if (header.recordCount <= 0 || header.recordCount > perBlock) {
            throw new CorruptBatchException(source, section, expectedNumber, fileOffset, "record count "
                    + Integer.toUnsignedString(header.recordCount) + ", expected 1.." + perBlock);
        }
        if (!header.hasPlausibleLength(file.variableSize(), file.identity().recordSize())) {
            throw new CorruptBatchException(source, section, expectedNumber, fileOffset, "payload length "
                    + header.payloadLength + ", expected " + header.expectedLength(file.variableSize(),
                            file.identity().recordSize()));
        }
        return header;
    }

    /**
     * True if the payload length fits the record count: exactly {@code count * recordSize} for fixed-size
     * records; for variable-size ones (records of at least {@code recordSize} bytes, then their offsets table) a
     * multiple of 4 between {@code count * recordSize + 4 * (count + 1)} and a full block's data plus that table.
     */
    boolean hasPlausibleLength(boolean variableSize, int recordSize) {
        if (!variableSize) {
            return payloadLength == (long) recordCount * recordSize;
        }
        long table = VariableBlock.tableBytes(recordCount);
        return payloadLength % 4 == 0 && payloadLength >= (long) recordCount * recordSize + table
                && payloadLength <= BatchFormat.MAX_BLOCK_PAYLOAD + table
                && payloadLength <= BatchFormat.MAX_VARIABLE_PAYLOAD;
    }

    private String expectedLength(boolean variableSize, int recordSize) {
        if (!variableSize) {
            return recordCount + " records of " + recordSize + " bytes";
        }
        return "a multiple of 4 holding " + recordCount + " records of at least " + recordSize
                + " bytes (at most " + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes of them) and their "
                + VariableBlock.tableBytes(recordCount) + "-byte offsets table, at most "
                + BatchFormat.MAX_VARIABLE_PAYLOAD + " bytes in all";
    }

    /** Throws if the payload's CRC32C, computed by the caller, is not the one stored. */
    void checkPayload(int computedCrc, long fileOffset, String source) throws CorruptBatchException {
        if (computedCrc != payloadCrc) {
            throw new CorruptBatchException(source, "block " + number, number, fileOffset, "payload CRC32C of bytes "
                    + (fileOffset + BLOCK_HEADER_BYTES) + ".." + (fileOffset + BLOCK_HEADER_BYTES + payloadLength)
                    + " is " + hex(computedCrc) + ", but the block header says " + hex(payloadCrc));
        }
    }

    /** Throws if the padding after the payload, at {@code [from, to)} of {@code buffer}, is not all zero. */
    void checkPadding(ByteBuffer buffer, int from, int to, long fileOffsetOfFrom, String source)
            throws CorruptBatchException {
        int bad = BatchFormat.firstNonZero(buffer, from, to);
        if (bad >= 0) {
            throw new CorruptBatchException(source, "block " + number, number, fileOffsetOfFrom + (bad - from),
                    "padding byte after the payload is " + hex(new byte[] {buffer.get(bad)}) + ", expected 00");
        }
    }
}
