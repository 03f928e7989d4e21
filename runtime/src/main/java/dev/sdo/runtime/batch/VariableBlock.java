package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.nio.ByteBuffer;

/**
 * The payload of a block of variable-size records (format version 2): the {@code n} records back to back
 * ({@code D} bytes), zero padding up to a multiple of 4, then the offsets table of {@code n + 1} unsigned 32-bit
 * little-endian offsets counted from the payload's first byte: where each record starts, and {@code D}. So the
 * payload is {@code align4(D) + 4 * (n + 1)} bytes, record j is bytes {@code offset[j] .. offset[j + 1] - 1},
 * and a block is found, checked and recovered on its own.
 */
final class VariableBlock {
    private VariableBlock() {}

    /** Bytes of the offsets table of a block of {@code records} records. */
    static long tableBytes(int records) {
        return 4L * (records + 1);
    }

    /** Where the offsets table starts in a payload of {@code payloadLength} bytes holding {@code records} records. */
    static int tableAt(long payloadLength, int records) {
        return (int) (payloadLength - tableBytes(records));
    }

    /** The payload length of {@code records} records of {@code dataBytes} bytes in all. */
    static long payloadLength(int dataBytes, int records) {
        return BatchFormat.align4(dataBytes) + tableBytes(records);
    }

    /**
     * Checks the offsets table of block {@code block} and the padding before it, and returns the records' bytes
     * {@code D}. The table's first entry is at index {@code tableIndex} of {@code table} (little-endian); the
     * payload's first byte at index {@code dataIndex} of {@code data}, which holds at least the payload's first
     * {@code tableAt} bytes.
     *
     * @param minRecordSize the least a record takes (its fixed part)
     * @param payloadFileOffset the file offset of the payload's first byte, for messages
     * @throws CorruptBatchException naming the block and the byte offset of the first bad entry or padding byte:
     *     an offset table that does not start at 0, a record shorter than {@code minRecordSize}, an end beyond
     *     the table's start or not the records' end
     */
    static int dataLength(ByteBuffer table, int tableIndex, int records, ByteBuffer data, int dataIndex,
            int tableAt, int minRecordSize, int block, long payloadFileOffset, String source)
            throws CorruptBatchException {
        String section = "block " + block;
        long tableFileOffset = payloadFileOffset + tableAt;
        long previous = Integer.toUnsignedLong(table.getInt(tableIndex));
        if (previous != 0) {
            throw new CorruptBatchException(source, section, block, tableFileOffset, "record 0 of the block starts "
                    + "at payload offset " + previous + ", expected 0");
        }
        for (int j = 1; j <= records; j++) {
            long start = Integer.toUnsignedLong(table.getInt(tableIndex + 4 * j));
            if (start - previous < minRecordSize || start > tableAt) {
                throw new CorruptBatchException(source, section, block, tableFileOffset + 4L * j, "offset " + j
                        + " of the block's table is " + start + ": record " + (j - 1) + " would take bytes "
                        + previous + ".." + start + ", expected at least " + minRecordSize + " bytes within the "
                        + tableAt + " bytes before the table");
            }
            previous = start;
        }
        int dataBytes = (int) previous;
        if (BatchFormat.align4(dataBytes) != tableAt) {
            throw new CorruptBatchException(source, section, block, tableFileOffset + 4L * records, "the records end "
                    + "at payload offset " + dataBytes + ", but the offsets table starts at " + tableAt
                    + ", which is not the next multiple of 4");
        }
        int bad = BatchFormat.firstNonZero(data, dataIndex + dataBytes, dataIndex + tableAt);
        if (bad >= 0) {
            throw new CorruptBatchException(source, section, block, payloadFileOffset + (bad - dataIndex),
                    "padding byte before the offsets table is " + hex(new byte[] {data.get(bad)}) + ", expected 00");
        }
        return dataBytes;
    }
}
