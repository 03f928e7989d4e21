package dev.sdo.benchmarks;

import java.io.ByteArrayOutputStream;

/**
 * A packed stream of unsigned integers, the way POF and Protocol Buffers store them: each value as a
 * little-endian base-128 varint, no offsets. Reading field N means decoding the N - 1 fields before it, which is
 * the cost the field-position curve shows.
 */
final class PackedStream {
    private PackedStream() {
    }

    /** Packs {@code values} one after the other. */
    static byte[] pack(long[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(values.length * 5);
        for (long value : values) {
            long rest = value;
            while ((rest & ~0x7FL) != 0) {
                out.write((int) ((rest & 0x7F) | 0x80));
                rest >>>= 7;
            }
            out.write((int) rest);
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
}
