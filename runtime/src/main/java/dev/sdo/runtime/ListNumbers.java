package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * The numbers at the head of a list's data (docs/record-format.md, sections 3 and 8.5): its element count and, for
 * elements of variable size, one end offset per element. They are 4 bytes wide, unsigned little-endian, except in a
 * list that is a field of a compact record, where they are as wide as the record's end slots (1 to 4 bytes): the
 * list's data lies within the record, so any offset in it, and its count, fit the width that holds the record's size.
 */
public final class ListNumbers {
    /** The width of the numbers of a list that is not a compact record's field. */
    public static final int BYTES = 4;

    private ListNumbers() {}

    /** The unsigned number of {@code width} bytes (1..4) at byte {@code index}. */
    public static long read(ByteBuffer buffer, int index, int width) {
        return Integer.toUnsignedLong(CompactSlots.slot(buffer, index, width));
    }

    /** Writes {@code value} as a number of {@code width} bytes (1..4) at byte {@code index}, little-endian. */
    public static void write(ByteBuffer buffer, int index, int width, long value) {
        if (width == BYTES) {
            BitFields.write(buffer, index, 0, Integer.SIZE, value);
        } else {
            CompactSlots.writeSlot(buffer, index, width, (int) value);
        }
    }

    /**
     * How many numbers a list of {@code count} elements has: its count, and an end offset per element when
     * {@code table} (elements of variable size).
     */
    public static long numbers(long count, boolean table) {
        return table ? 1 + count : 1;
    }
}
