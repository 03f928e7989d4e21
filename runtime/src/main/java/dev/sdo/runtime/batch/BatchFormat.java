package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * The constants of the {@code .sdob} layout (format version 2) and small helpers shared by the writer and the readers.
 * docs/batch-file-format.md describes the layout; every offset here is from that page.
 */
final class BatchFormat {
    /** First 8 bytes of every batch file: a non-ASCII byte, "SDOB", CR LF (catches newline conversion), SUB. */
    static final byte[] MAGIC = {(byte) 0x89, 'S', 'D', 'O', 'B', '\r', '\n', 0x1A};
    /**
     * The format version this runtime writes: format {@link #SECOND_VERSION}, and after the header the writer's
     * schema (the schema part), whose length the version table's reserved word holds. It reads this one,
     * {@link #SECOND_VERSION} and {@link #FIRST_VERSION}.
     */
    static final int VERSION = 3;
    /**
     * Format version 2: a table of the writer's version fingerprints after the record name, and for records of
     * variable size, {@link #VARIABLE_SIZE_FLAG} and an offsets table in every block; no schema part.
     */
    static final int SECOND_VERSION = 2;
    /** Format version 1: fixed-size records only, no table of version fingerprints after the record name. */
    static final int FIRST_VERSION = 1;
    /** Set in the header's and footer's record size field of a format-2 file of variable-size records. */
    static final int VARIABLE_SIZE_FLAG = 0x8000_0000;
    /** Bytes of the file header before the record name. */
    static final int HEADER_FIXED_BYTES = 56;
    static final int SYNC_BYTES = 16;
    static final int BLOCK_HEADER_BYTES = 40;
    /** First 8 bytes of the footer: where a reader going forward finds the end of the blocks. */
    static final byte[] FOOTER_MAGIC = {'S', 'D', 'O', 'B', 'I', 'N', 'D', 'X'};
    static final int FOOTER_FIXED_BYTES = 56;
    static final int FOOTER_ENTRY_BYTES = 16;
    static final int TRAILER_BYTES = 24;
    /** Last 8 bytes of every complete batch file. */
    static final byte[] END_MAGIC = {'S', 'D', 'O', 'B', 'E', 'N', 'D', 0x1A};
    /** The most record bytes in one block: a block maps to one chunk of a {@link RecordStore}. */
    static final int MAX_BLOCK_PAYLOAD = RecordStore.MAX_CHUNK_RECORD_BYTES;
    /**
     * The most payload bytes of a block of variable-size records (records and offsets table): so that a block, its
     * header and padding are one buffer. A block of many tiny records whose table would take it past this is
     * corrupt.
     */
    static final long MAX_VARIABLE_PAYLOAD = (1L << 31) - 64;
    /** Payload bytes a block of the default size holds at most. */
    static final int DEFAULT_BLOCK_PAYLOAD = 1 << 20;
    /**
     * The version table's count and a word that is reserved in format 2 and holds the schema part's length in format
     * 3, before its entries.
     */
    static final int VERSION_TABLE_FIXED_BYTES = 8;
    /** One entry of the version table: version, reserved word, fingerprint. */
    static final int VERSION_ENTRY_BYTES = 16;
    static final int MAX_HEADER_BYTES = align8(align8(HEADER_FIXED_BYTES + RecordIdentity.MAX_NAME_BYTES)
            + VERSION_TABLE_FIXED_BYTES + VERSION_ENTRY_BYTES * RecordIdentity.MAX_VERSIONS + Integer.BYTES);

    private BatchFormat() {}

    static int align8(int value) {
        return (value + 7) & ~7;
    }

    static long align8(long value) {
        return (value + 7) & ~7L;
    }

    static int align4(int value) {
        return (value + 3) & ~3;
    }

    /** Bytes from a block's start to the next 8-aligned offset after its payload. */
    static long blockBytes(long payloadLength) {
        return align8(BLOCK_HEADER_BYTES + payloadLength);
    }

    static ByteBuffer littleEndian(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** CRC32C of bytes {@code [from, to)} of {@code buffer}, not moving its position. */
    static int crc32c(ByteBuffer buffer, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(buffer.duplicate().limit(to).position(from));
        return (int) crc.getValue();
    }

    /** True if bytes {@code [at, at + expected.length)} of {@code buffer} equal {@code expected}. */
    static boolean bytesEqual(ByteBuffer buffer, int at, byte[] expected) {
        if (at < 0 || at + expected.length > buffer.limit()) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (buffer.get(at + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    static byte[] bytes(ByteBuffer buffer, int at, int length) {
        byte[] bytes = new byte[length];
        buffer.get(at, bytes);
        return bytes;
    }

    static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
    }

    static String hex(long value) {
        return "0x" + HexFormat.of().withUpperCase().toHexDigits(value);
    }

    static String hex(int value) {
        return "0x" + HexFormat.of().withUpperCase().toHexDigits(value);
    }

    /** The offset of the first non-zero byte in {@code [from, to)} of {@code buffer}, or -1. */
    static int firstNonZero(ByteBuffer buffer, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) != 0) {
                return i;
            }
        }
        return -1;
    }

    static boolean isMagicPrefix(byte[] found, int length) {
        return Arrays.equals(found, 0, length, MAGIC, 0, length);
    }
}
