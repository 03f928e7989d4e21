package dev.sdo.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian word loads and bit-field reads and writes on {@link ByteBuffer}s, the primitives of every
 * generated SDO.
 *
 * <p>Word loads go through byte-buffer view {@link VarHandle}s with a fixed little-endian order, so they neither
 * depend on nor change the buffer's byte order, position or limit, and the JIT turns each into one unaligned load.
 * The generated getters choose at compile time which word to load so that a load never leaves the record; the
 * general {@link #read(ByteBuffer, int, long, int)} never reads beyond the buffer's limit, and the writes change
 * only the bytes that hold the field.
 */
public final class BitFields {
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT =
            MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private BitFields() {}

    /** The 8 bytes at {@code index} as a little-endian long. */
    public static long getLong(ByteBuffer buffer, int index) {
        return (long) LONG.get(buffer, index);
    }

    /** The 4 bytes at {@code index} as a little-endian int. */
    public static int getInt(ByteBuffer buffer, int index) {
        return (int) INT.get(buffer, index);
    }

    /** The 2 bytes at {@code index} as a little-endian short. */
    public static short getShort(ByteBuffer buffer, int index) {
        return (short) SHORT.get(buffer, index);
    }

    /** The byte at {@code index}. */
    public static byte getByte(ByteBuffer buffer, int index) {
        return buffer.get(index);
    }

    /** Stores {@code value} little-endian in the 8 bytes at {@code index}. */
    public static void putLong(ByteBuffer buffer, int index, long value) {
        LONG.set(buffer, index, value);
    }

    /** A mask of the low {@code width} bits, 0 &lt;= width &lt;= 64. */
    public static long mask(int width) {
        return width >= 64 ? -1L : (1L << width) - 1;
    }

    /**
     * Reads the {@code width}-bit unsigned field (1..64) whose least significant bit is bit {@code bitOffset} of
     * the record starting at byte {@code base}. It reads nothing beyond the buffer's limit: one long load when the
     * field lies within eight bytes that do, otherwise only the bytes that hold the field.
     */
    public static long read(ByteBuffer buffer, int base, long bitOffset, int width) {
        int first = base + (int) (bitOffset >>> 3);
        int last = base + (int) ((bitOffset + width - 1) >>> 3);
        if (last - first < Long.BYTES && first <= buffer.limit() - Long.BYTES) {
            return (getLong(buffer, first) >>> (bitOffset & 7)) & mask(width);
        }
        int position = -(int) (bitOffset & 7);
        long result = 0;
        for (int index = first; index <= last; index++, position += 8) {
            long octet = buffer.get(index) & 0xFFL;
            result |= position < 0 ? octet >>> -position : octet << position;
        }
        return result & mask(width);
    }

    /**
     * Writes the low {@code width} bits (1..64) of {@code value} at bit {@code bitOffset} of the record starting
     * at byte {@code base}, leaving every other bit as it was. Bits of {@code value} above {@code width} are
     * ignored: callers check ranges before they write.
     *
     * <p>It reads and stores back no byte before {@code base} and none after the field's last byte, so threads that
     * write different records of one buffer never change each other's bytes, wherever the records start and end
     * (docs/record-format.md, section 1). Within those bounds it is one little-endian long read-modify-write of the
     * eight bytes that end with the field's last byte; only a field that ends within the record's first seven bytes
     * is written with narrower loads and stores.
     */
    public static void write(ByteBuffer buffer, int base, long bitOffset, int width, long value) {
        int shift = (int) (bitOffset & 7);
        if (shift + width > Long.SIZE) {
            // Over nine bytes (a 64-bit word of a record encoded where it does not start on a byte): the bits up to
            // a byte boundary, then the rest.
            int lowWidth = Long.SIZE - shift;
            write(buffer, base, bitOffset, lowWidth, value);
            write(buffer, base, bitOffset + lowWidth, width - lowWidth, value >>> lowWidth);
            return;
        }
        int first = base + (int) (bitOffset >>> 3);
        int last = base + (int) ((bitOffset + width - 1) >>> 3);
        int window = last - (Long.BYTES - 1);
        if (window >= base) {
            int at = shift + Byte.SIZE * (first - window);
            long fieldMask = mask(width) << at;
            putLong(buffer, window, (getLong(buffer, window) & ~fieldMask) | ((value << at) & fieldMask));
        } else {
            writeNear(buffer, base, bitOffset, width, value);
        }
    }

    /**
     * {@link #write} of a field of at most 64 bits that ends within the first seven bytes of its record: one byte,
     * short or int read-modify-write that holds the field, ends with its last byte and starts within the record;
     * where none does (a field of five to seven bytes, or of three at the record's start), the field's low bits
     * up to a byte boundary, then the rest.
     */
    private static void writeNear(ByteBuffer buffer, int base, long bitOffset, int width, long value) {
        int first = base + (int) (bitOffset >>> 3);
        int last = base + (int) ((bitOffset + width - 1) >>> 3);
        int shift = (int) (bitOffset & 7);
        int span = last - first + 1;
        if (span == 1) {
            int fieldMask = (int) (mask(width) << shift);
            buffer.put(first, (byte) ((buffer.get(first) & ~fieldMask) | ((int) (value << shift) & fieldMask)));
        } else if (span == 2) {
            int fieldMask = (int) (mask(width) << shift);
            SHORT.set(buffer, first,
                    (short) ((getShort(buffer, first) & ~fieldMask) | ((int) (value << shift) & fieldMask)));
        } else if (span <= 4 && last - 3 >= base) {
            int window = last - 3;
            int at = shift + Byte.SIZE * (first - window);
            int fieldMask = (int) (mask(width) << at);
            INT.set(buffer, window, (getInt(buffer, window) & ~fieldMask) | ((int) (value << at) & fieldMask));
        } else {
            int lowWidth = (span == 3 ? Short.SIZE : Integer.SIZE) - shift;
            write(buffer, base, bitOffset, lowWidth, value);
            write(buffer, base, bitOffset + lowWidth, width - lowWidth, value >>> lowWidth);
        }
    }

    /**
     * Writes all 64 bits of {@code value} at bit {@code bitOffset} of the record starting at byte {@code base}:
     * {@link #write} with a width of 64, for the full words of a generated encode. Where the word starts on a
     * byte, it replaces eight whole bytes, so it is one store, without reading the bytes it overwrites.
     */
    public static void writeWord(ByteBuffer buffer, int base, long bitOffset, long value) {
        if ((bitOffset & 7) == 0) {
            putLong(buffer, base + (int) (bitOffset >>> 3), value);
        } else {
            write(buffer, base, bitOffset, Long.SIZE, value);
        }
    }

    /**
     * The bits of a {@code width}-bit field whose least significant bit is bit {@code offset} of a record that fall
     * within the record's 64-bit word number {@code word} (its bits {@code 64 * word} to {@code 64 * word + 63}),
     * moved to their place in that word; 0 when the field lies outside it. Bits of {@code value} above
     * {@code width} are ignored. Generated encoders OR these together to write a record a word at a time; all
     * arguments but the value are constants there, so the JIT reduces each call to a mask and a shift.
     */
    public static long wordBits(long value, int width, long offset, int word) {
        long shift = offset - (long) word * Long.SIZE;
        if (shift >= Long.SIZE || shift + width <= 0) {
            return 0;
        }
        long bits = value & mask(width);
        return shift >= 0 ? bits << shift : bits >>> -shift;
    }

    /**
     * Copies {@code bits} bits (any number) from bit {@code srcBitOffset} of the record at {@code srcBase} to bit
     * {@code dstBitOffset} of the record at {@code dstBase}, leaving every other bit of the destination as it was.
     * Used for nested records that do not start on a byte boundary.
     */
    public static void copyBits(ByteBuffer src, int srcBase, long srcBitOffset, ByteBuffer dst, int dstBase,
            long dstBitOffset, long bits) {
        for (long done = 0; done < bits; done += Long.SIZE) {
            int width = (int) Math.min(Long.SIZE, bits - done);
            write(dst, dstBase, dstBitOffset + done, width, read(src, srcBase, srcBitOffset + done, width));
        }
    }

    /** Sets {@code bits} bits (any number) from bit {@code bitOffset} of the record at {@code base} to 0. */
    public static void clear(ByteBuffer buffer, int base, long bitOffset, long bits) {
        for (long done = 0; done < bits; done += Long.SIZE) {
            write(buffer, base, bitOffset + done, (int) Math.min(Long.SIZE, bits - done), 0);
        }
    }

    /**
     * The {@code ceil(bits / 8)} bytes of the record at {@code base} whose fields take {@code bits} bits, with the
     * unused high bits of the last byte set to 0 whatever the buffer holds there (a nested record's last byte may
     * be shared with the next field of its enclosing record).
     */
    public static byte[] recordBytes(ByteBuffer buffer, int base, long bits) {
        byte[] bytes = new byte[byteCount(bits)];
        buffer.get(base, bytes);
        bytes[bytes.length - 1] &= (byte) lastByteMask(bits);
        return bytes;
    }

    /**
     * Writes the record at {@code srcBase} whose fields take {@code bits} bits to {@code dst} at {@code dstBase}:
     * {@code ceil(bits / 8)} bytes, the unused high bits of the last byte set to 0. Neither buffer's position,
     * limit or byte order changes.
     */
    public static void copyRecord(ByteBuffer src, int srcBase, ByteBuffer dst, int dstBase, long bits) {
        int last = byteCount(bits) - 1;
        dst.put(dstBase, src, srcBase, last);
        dst.put(dstBase + last, (byte) (src.get(srcBase + last) & lastByteMask(bits)));
    }

    /**
     * Whether the records at {@code baseA} of {@code a} and {@code baseB} of {@code b}, whose fields take
     * {@code bits} bits, hold the same bits; the unused high bits of the last byte are ignored.
     */
    public static boolean equalRecords(ByteBuffer a, int baseA, ByteBuffer b, int baseB, long bits) {
        int last = byteCount(bits) - 1;
        return a.slice(baseA, last).equals(b.slice(baseB, last))
                && ((a.get(baseA + last) ^ b.get(baseB + last)) & lastByteMask(bits)) == 0;
    }

    /** A hash code of the record at {@code base} whose fields take {@code bits} bits, consistent with {@link #equalRecords}. */
    public static int hashRecord(ByteBuffer buffer, int base, long bits) {
        int last = byteCount(bits) - 1;
        int hash = 1;
        for (int i = 0; i < last; i++) {
            hash = 31 * hash + buffer.get(base + i);
        }
        return 31 * hash + (buffer.get(base + last) & lastByteMask(bits));
    }

    private static int byteCount(long bits) {
        return Math.toIntExact((bits + 7) >>> 3);
    }

    /** The bits of a record's last byte that hold fields: all of them when {@code bits} is a multiple of 8. */
    private static int lastByteMask(long bits) {
        int used = (int) (bits & 7);
        return used == 0 ? 0xFF : (1 << used) - 1;
    }

    /** Writes one bit: {@code 1} for true. */
    public static void writeBit(ByteBuffer buffer, int base, long bitOffset, boolean value) {
        write(buffer, base, bitOffset, 1, value ? 1 : 0);
    }
}
