package dev.sdo.compiler.layout;

import java.math.BigInteger;

/**
 * The arithmetic of bit widths (docs/record-format.md, section 2): counts of values to bits, and the fixed widths.
 * {@link Encodings} applies it to every type of a schema.
 */
public final class BitWidths {
    /** {@code time}: milliseconds since midnight, below 86,400,000 &lt; 2^27. */
    public static final int TIME_BITS = 27;
    /** {@code timestamp}: 64-bit milliseconds since the epoch. */
    public static final int TIMESTAMP_BITS = 64;
    /**
     * {@code string}, {@code bytes}, {@code list<T>} and records with such fields: the fixed part holds a 32-bit slot, the byte offset within the record where
     * the field's data ends (docs/record-format.md); the data itself follows the fixed part.
     */
    public static final int END_SLOT_BITS = 32;

    private BitWidths() {}

    /** The number of bits needed for the values 0..count-1: ceil(log2(count)), at least 0. */
    public static int bitsForCount(BigInteger count) {
        if (count.signum() <= 0) {
            throw new IllegalArgumentException("count must be positive: " + count);
        }
        return count.subtract(BigInteger.ONE).bitLength();
    }

    /** {@link #bitsForCount(BigInteger)} for counts that fit a long. */
    public static int bitsForCount(long count) {
        return bitsForCount(BigInteger.valueOf(count));
    }

    /** The number of distinct values of {@code int(lo..hi)}: hi - lo + 1, computed without overflow. */
    public static BigInteger rangeCount(long lo, long hi) {
        return BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo)).add(BigInteger.ONE);
    }

    /** 10^exponent. */
    public static long powerOfTen(int exponent) {
        return BigInteger.TEN.pow(exponent).longValueExact();
    }

    /** The width of one character code of an alphabet of the given size: ceil(log2(size + 1)). */
    public static int charCodeBits(int alphabetSize) {
        return bitsForCount(alphabetSize + 1L);
    }
}
