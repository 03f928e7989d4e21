package dev.sdo.compiler.generate;

/**
 * Where a getter loads a field of at most 64 bits from: one little-endian word load, or for a field that no
 * single word inside the record covers, a second load for the bits the first one misses. Chosen at compile time
 * so that no load ever reads outside the record's bytes, which makes a record that ends exactly at a buffer's limit
 * safe to read.
 *
 * @param low the first load
 * @param lowIndex its byte index in the record
 * @param shift how far to shift the first load right to bring the field's lowest bit to bit 0
 * @param high the second load, or null
 * @param highIndex its byte index in the record (meaningless without a second load)
 * @param highShift how far to shift the second load left to put its bits above the first load's
 * @param width the field's width in bits
 */
record BitWindow(WordLoad low, int lowIndex, int shift, WordLoad high, int highIndex, int highShift, int width) {

    /** The window of a field of {@code width} (1..64) bits at bit {@code bitOffset} of a record of {@code recordBytes}. */
    static BitWindow of(int recordBytes, long bitOffset, int width) {
        if (width < 1 || width > Long.SIZE) {
            throw new IllegalArgumentException("a window holds 1..64 bits, not " + width);
        }
        int first = Math.toIntExact(bitOffset >>> 3);
        int last = Math.toIntExact((bitOffset + width - 1) >>> 3);
        int bitShift = (int) (bitOffset & 7);
        if (width == 1) {
            return single(WordLoad.BYTE, first, bitShift, width);
        }
        if (recordBytes >= Long.BYTES) {
            // A long load ending no later than the record's end; moved back from the field's first byte when the
            // field sits in the record's last eight bytes.
            int index = Math.min(first, recordBytes - Long.BYTES);
            if (last - index < Long.BYTES) {
                return single(WordLoad.LONG, index, 8 * (first - index) + bitShift, width);
            }
            // The field spans nine bytes: a long load from its first byte and a byte load of its ninth.
            return pair(WordLoad.LONG, first, bitShift, WordLoad.BYTE, first + Long.BYTES, width);
        }
        WordLoad load = WordLoad.covering(last - first + 1);
        if (load.bytes() <= recordBytes) {
            // Moved back from the field's first byte as far as the record's end requires; it still covers the field.
            int index = Math.min(first, recordBytes - load.bytes());
            return single(load, index, 8 * (first - index) + bitShift, width);
        }
        // No single load fits inside a record under eight bytes: the largest load from the field's first byte,
        // then the smallest load that covers the rest, moved back so that it ends inside the record.
        WordLoad low = WordLoad.within(recordBytes - first);
        int rest = last - first - low.bytes() + 1;
        WordLoad high = WordLoad.covering(rest);
        int highIndex = Math.min(first + low.bytes(), recordBytes - high.bytes());
        return pair(low, first, bitShift, high, highIndex, width);
    }

    private static BitWindow single(WordLoad load, int index, int shift, int width) {
        return new BitWindow(load, index, shift, null, 0, 0, width);
    }

    private static BitWindow pair(WordLoad low, int lowIndex, int shift, WordLoad high, int highIndex, int width) {
        return new BitWindow(low, lowIndex, shift, high, highIndex, 8 * (highIndex - lowIndex) - shift, width);
    }

    boolean twoLoads() {
        return high != null;
    }

    /**
     * Whether the value is computed in {@code long} arithmetic: a long load, two loads (each zero-extended to a
     * long) or a 32-bit field, which needs a long mask to come out unsigned.
     */
    boolean wide() {
        return low == WordLoad.LONG || twoLoads() || width >= Integer.SIZE;
    }

    /** Whether the loaded bits above the field must be masked off. */
    boolean needsMask() {
        if (twoLoads()) {
            // Bits of the second load above the field; with a long first load a 64-bit field has none.
            return !(low == WordLoad.LONG && width == Long.SIZE);
        }
        // A long shifted right without sign extension has no bits left above the field when it ends at bit 63.
        return !(low == WordLoad.LONG && shift + width == Long.SIZE);
    }

    /** Whether the single load is exactly the field, so that the loaded value is the field's two's complement value. */
    boolean exact() {
        return !twoLoads() && shift == 0 && low.bits() == width;
    }

    /** The mask of the field's width. */
    long mask() {
        return width == Long.SIZE ? -1L : (1L << width) - 1;
    }
}
