package dev.sdo.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

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
 * plain stores, reading nothing. It is how the writer of {@code Trade} came near SBE's encoder's time
 * (benchmarks/README.md, {@code WriterBenchmark}).
 */
public final class RecordWords {
    private static final VarHandle ARRAY_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

    /**
     * Sets the first {@code count} words of {@code words} to 0: a new record's bits before its fields are set. A
     * loop, not {@code Arrays.fill}, so that a count the JIT knows as a constant unrolls into that many stores.
     */
    public static void zero(long[] words, int count) {
        for (int i = 0; i < count; i++) {
            words[i] = 0;
        }
    }

    /** Sets {@code bits} bits (any number) from bit {@code bitOffset} of the record held in {@code words} to 0. */
    public static void clear(long[] words, long bitOffset, long bits) {
        for (long done = 0; done < bits; done += Long.SIZE) {
            set(words, bitOffset + done, (int) Math.min(Long.SIZE, bits - done), 0);
        }
    }

    /**
     * Stores 0 in the {@code bytes} bytes from byte {@code base} of {@code buffer} and in no other byte: whole longs
     * for eight bytes or more (the last one moved back to end with the last byte), else byte by byte. How a batch
     * blanks a record it appends, in a few stores rather than one per byte.
     *
     * @throws IndexOutOfBoundsException if the bytes do not lie within the buffer's limit
     */
    public static void storeZeros(ByteBuffer buffer, int base, int bytes) {
        Objects.checkFromIndexSize(base, bytes, buffer.limit());
        if (bytes < Long.BYTES) {
            for (int i = 0; i < bytes; i++) {
                buffer.put(base + i, (byte) 0);
            }
        } else if (buffer.hasArray()) {
            byte[] array = buffer.array();
            int start = buffer.arrayOffset() + base;
            for (int i = 0; i < bytes - Long.BYTES; i += Long.BYTES) {
                ARRAY_LONG.set(array, start + i, 0L);
            }
            ARRAY_LONG.set(array, start + bytes - Long.BYTES, 0L);
        } else {
            for (int i = 0; i < bytes - Long.BYTES; i += Long.BYTES) {
                buffer.putLong(base + i, 0L);
            }
            buffer.putLong(base + bytes - Long.BYTES, 0L);
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
     * <p>The record's bounds are checked once, here; a buffer with an accessible array (a heap buffer, as a
     * batch's chunks are) is stored to through its array, whose stores the JIT checks against the array's length
     * alone, not against the buffer's limit, read-only flag and memory session at every store as a buffer's are.
     *
     * @throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit
     */
    public static void store(long[] words, ByteBuffer buffer, int base, int bytes) {
        Objects.checkFromIndexSize(base, bytes, buffer.limit());
        if (bytes < Long.BYTES) {
            for (int i = 0; i < bytes; i++) {
                buffer.put(base + i, (byte) (words[0] >>> (i * Byte.SIZE)));
            }
            return;
        }
        int full = bytes >>> 3;
        int tailBits = (bytes & 7) * Byte.SIZE;
        // Whole words up to the last eight bytes, then those: the last full word, or the top of it and the tail's
        // bytes above it.
        int before = (bytes - 1) >>> 3;
        long last = tailBits == 0 ? words[full - 1]
                : (words[full - 1] >>> tailBits) | (words[full] << (Long.SIZE - tailBits));
        if (buffer.hasArray()) {
            byte[] array = buffer.array();
            int start = buffer.arrayOffset() + base;
            ARRAY_LONG.set(array, start + bytes - Long.BYTES, last);
            // Unrolled for records of up to 32 bytes: where the JIT inlines this into a generated writer, whose
            // fixedBytes() is a constant, the switch folds to its one case; where it does not, a loop of one to
            // three rounds over a size it does not know cost more than its stores.
            switch (before) {
                case 3:
                    ARRAY_LONG.set(array, start + 2 * Long.BYTES, words[2]);
                    // fall through
                case 2:
                    ARRAY_LONG.set(array, start + Long.BYTES, words[1]);
                    // fall through
                case 1:
                    ARRAY_LONG.set(array, start, words[0]);
                    // fall through
                case 0:
                    break;
                default:
                    for (int i = 0; i < before; i++) {
                        ARRAY_LONG.set(array, start + i * Long.BYTES, words[i]);
                    }
            }
        } else {
            for (int i = 0; i < before; i++) {
                BitFields.putLong(buffer, base + i * Long.BYTES, words[i]);
            }
            BitFields.putLong(buffer, base + bytes - Long.BYTES, last);
        }
    }
}
