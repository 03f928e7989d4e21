package dev.sdo.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * The variable-length data of {@code integer} and {@code decimal} without bounds (docs/record-format.md, section
 * 2): an {@code integer} is its two's-complement bytes, most significant first, as few as hold it (at least one);
 * a {@code decimal} is its scale as a zigzag LEB128 number (one byte for scales -64..63), then its unscaled value as
 * an {@code integer}. Every value comes back exactly, scale included ({@code 1.50} stays {@code 1.50}).
 */
public final class BigNumbers {
    /** A scale takes at most five LEB128 bytes (32 bits, 7 a byte). */
    private static final int MAX_SCALE_BYTES = 5;

    private BigNumbers() {}

    /** The bytes {@code value} takes, 0 for null (an absent optional field). */
    public static int integerLength(BigInteger value) {
        return value == null ? 0 : value.bitLength() / 8 + 1;
    }

    /** The bytes {@code value} takes, 0 for null (an absent optional field). */
    public static int decimalLength(BigDecimal value) {
        return value == null ? 0 : scaleLength(zigzag(value.scale())) + integerLength(value.unscaledValue());
    }

    /** Writes {@code value} at byte {@code index} of {@code buffer}; returns the bytes written. */
    public static int writeInteger(ByteBuffer buffer, int index, BigInteger value) {
        byte[] bytes = value.toByteArray();
        buffer.put(index, bytes);
        return bytes.length;
    }

    /** Writes {@code value} at byte {@code index} of {@code buffer}; returns the bytes written. */
    public static int writeDecimal(ByteBuffer buffer, int index, BigDecimal value) {
        int at = index;
        long scale = zigzag(value.scale());
        while (scale >= 0x80) {
            buffer.put(at++, (byte) (scale & 0x7F | 0x80));
            scale >>>= 7;
        }
        buffer.put(at++, (byte) scale);
        return at - index + writeInteger(buffer, at, value.unscaledValue());
    }

    /** The {@code integer} stored in bytes {@code start .. end - 1} of the record at {@code base}. */
    public static BigInteger integer(String field, ByteBuffer buffer, int base, int start, int end) {
        int length = VariableData.length(field, buffer, base, start, end);
        if (length == 0) {
            throw new CorruptDataException(field + ": an integer takes at least one byte, but its data is empty");
        }
        if (length <= Long.BYTES) {
            return BigInteger.valueOf(longOf(buffer, base + start, length));
        }
        byte[] bytes = new byte[length];
        buffer.get(base + start, bytes);
        return new BigInteger(bytes);
    }

    /**
     * The two's complement big-endian number in the {@code length} (1..8) bytes at {@code index}: what
     * {@code new BigInteger(bytes)} gives, without the copy and the magnitude array. An {@code integer} of up to 8
     * bytes is this number; so is the unscaled value of such a {@code decimal}, after its scale.
     */
    public static long longOf(ByteBuffer buffer, int index, int length) {
        long value = buffer.get(index);
        for (int i = 1; i < length; i++) {
            value = value << Byte.SIZE | buffer.get(index + i) & 0xFF;
        }
        return value;
    }

    /**
     * The bytes the scale of the {@code decimal} whose data starts at byte {@code index} takes: -1 when it does not
     * end before byte {@code end}, or within the five bytes a scale may take.
     */
    public static int scaleBytes(ByteBuffer buffer, int index, int end) {
        for (int at = index; at < end && at - index < MAX_SCALE_BYTES; at++) {
            if ((buffer.get(at) & 0x80) == 0) {
                return at - index + 1;
            }
        }
        return -1;
    }

    /**
     * The scale stored in the {@code length} bytes at {@code index} ({@link #scaleBytes}); a {@code long}, as damaged
     * data may hold one beyond an {@code int}.
     */
    public static long scale(ByteBuffer buffer, int index, int length) {
        long zigzag = 0;
        for (int i = 0; i < length; i++) {
            zigzag |= (long) (buffer.get(index + i) & 0x7F) << 7 * i;
        }
        return zigzag >>> 1 ^ -(zigzag & 1);
    }

    /** The {@code decimal} stored in bytes {@code start .. end - 1} of the record at {@code base}. */
    public static BigDecimal decimal(String field, ByteBuffer buffer, int base, int start, int end) {
        VariableData.length(field, buffer, base, start, end);
        int scaleBytes = scaleBytes(buffer, base + start, base + end);
        if (scaleBytes < 0) {
            throw new CorruptDataException(field + ": the decimal's scale does not end within its data");
        }
        long scale = scale(buffer, base + start, scaleBytes);
        if (scale != (int) scale) {
            throw new CorruptDataException(field + ": stored scale " + scale + " is beyond an int");
        }
        int at = start + scaleBytes;
        int length = end - at;
        if (length > 0 && length <= Long.BYTES) {
            // An unscaled value of up to 64 bits: a BigDecimal of a long, equal to the one of its BigInteger.
            return BigDecimal.valueOf(longOf(buffer, base + at, length), (int) scale);
        }
        return new BigDecimal(integer(field, buffer, base, at, end), (int) scale);
    }

    private static long zigzag(int value) {
        return Integer.toUnsignedLong(value << 1 ^ value >> 31);
    }

    private static int scaleLength(long zigzag) {
        int bytes = 1;
        for (long rest = zigzag >>> 7; rest != 0; rest >>>= 7) {
            bytes++;
        }
        return bytes;
    }
}
