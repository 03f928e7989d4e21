package dev.sdo.benchmarks;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Packed streams the way POF and Protocol Buffers store fields: unsigned integers as little-endian base-128
 * varints, strings as a varint length then their UTF-8 bytes, one after the other with no offsets. Reading field N
 * means skipping the N - 1 fields before it, which is the cost the field-position curves show.
 */
final class PackedStream {
    private PackedStream() {
    }

    /** Packs {@code values} one after the other. */
    static byte[] pack(long[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(values.length * 5);
        for (long value : values) {
            writeVarint(out, value);
        }
        return out.toByteArray();
    }

    /** Field {@code position} (1-based): skips the fields before it, then decodes it. */
    static long read(byte[] stream, int position) {
        int index = 0;
        for (int skipped = 1; skipped < position; skipped++) {
            while (stream[index++] < 0) {
                // a continuation byte: the varint goes on
            }
        }
        return readVarint(stream, index);
    }

    /** Packs each string as a varint length then its UTF-8 bytes. */
    static byte[] packStrings(String[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String value : values) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            writeVarint(out, bytes.length);
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    /** String {@code position} (1-based) of {@link #packStrings}: skips the strings before it, one length at a time. */
    static String readString(byte[] stream, int position) {
        int index = 0;
        for (int n = 1; ; n++) {
            int length = (int) readVarint(stream, index);
            index += varintSize(length);
            if (n == position) {
                return new String(stream, index, length, StandardCharsets.UTF_8);
            }
            index += length;
        }
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    private static long readVarint(byte[] stream, int start) {
        int index = start;
        long value = 0;
        int shift = 0;
        byte b;
        do {
            b = stream[index++];
            value |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return value;
    }

    private static int varintSize(long value) {
        return value == 0 ? 1 : (64 - Long.numberOfLeadingZeros(value) + 6) / 7;
    }
}
