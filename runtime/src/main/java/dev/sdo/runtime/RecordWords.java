package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * A new record's bits held in {@code long}s while a generated writer sets its fields, then stored to the buffer at
 * once: word {@code i} holds the record's bits {@code 64 * i} to {@code 64 * i + 63}, as {@link BitFields} numbers
 * them.
 *
 * <p>Why: a writer that stores each field as it is set does one read-modify-write of the buffer per field, and
 * the 8-byte windows of neighbouring fields overlap without being the same, so each load waits for the store
 * before it to reach the cache (a failed store-to-load forwarding, about a dozen cycles each). Setting bits of a
 * {@code long[]} of whole, aligned words loads exactly what the previous store wrote, which the CPU forwards, and
 * once the setters are inlined the JIT keeps the words in registers; {@link #store} then writes the record with
 * plain stores, reading nothing. It is how the writer of {@code Trade} became as fast as SBE's encoder
 * (benchmarks/README.md, {@code WriterBenchmark}).
 */
public final class RecordWords {
    private RecordWords() {}

    /** The number of words that hold a record of {@code bytes} bytes. */
    public static int wordsFor(int bytes) {
        return (bytes + Long.BYTES - 1) / Long.BYTES;
    }

    /**
     * Sets the {@code width} bits (1..64) at bit {@code bitOffset} of the record held in {@code words} to the low
     * {@code width} bits of {@code value}, leaving every other bit as it was.
     */
    public static void set(long[] words, long bitOffset, int width, long value) {
        int index = (int) (bitOffset >>> 6);
        int shift = (int) (bitOffset & 63);
        long mask = BitFields.mask(width);
        long bits = value & mask;
        words[index] = (words[index] & ~(mask << shift)) | (bits << shift);
        if (shift + width > Long.SIZE) {
            int spill = Long.SIZE - shift;
            words[index + 1] = (words[index + 1] & ~(mask >>> spill)) | (bits >>> spill);
        }
    }

    /** Sets {@code bits} bits (any number) from bit {@code bitOffset} of the record held in {@code words} to 0. */
    public static void clear(long[] words, long bitOffset, long bits) {
        for (long done = 0; done < bits; done += Long.SIZE) {
            set(words, bitOffset + done, (int) Math.min(Long.SIZE, bits - done), 0);
        }
    }

    /**
     * Stores the record of {@code bytes} bytes held in {@code words} at byte {@code base} of {@code buffer}, every
     * one of its bytes (the unused high bits of its last byte as {@code words} holds them, 0 for a writer). It
     * stores only, reads nothing, and touches no byte outside {@code base .. base + bytes - 1}, so threads storing
     * different records of one buffer never change each other's bytes (docs/record-format.md, section 1): a
     * record of eight bytes or more is whole little-endian longs, the last one moved back to end with the record's
     * last byte; a shorter one is stored byte by byte.
     *
     * @throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit
     */
    public static void store(long[] words, ByteBuffer buffer, int base, int bytes) {
        int full = bytes >>> 3;
        for (int i = 0; i < full; i++) {
            BitFields.putLong(buffer, base + i * Long.BYTES, words[i]);
        }
        int tail = bytes & 7;
        if (tail == 0) {
            return;
        }
        if (full > 0) {
            // The last eight bytes: the top of the last full word and the tail's bytes above it.
            int tailBits = tail * Byte.SIZE;
            BitFields.putLong(buffer, base + bytes - Long.BYTES,
                    (words[full - 1] >>> tailBits) | (words[full] << (Long.SIZE - tailBits)));
        } else {
            for (int i = 0; i < tail; i++) {
                buffer.put(base + i, (byte) (words[0] >>> (i * Byte.SIZE)));
            }
        }
    }
}
