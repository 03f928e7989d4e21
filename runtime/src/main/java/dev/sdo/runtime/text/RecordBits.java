package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;

/**
 * Writes of a field's bits for the text readers, which write every field of every row: one little-endian long
 * read-modify-write when the field lies within eight bytes that the buffer holds (always, for records in a
 * {@code RecordStore}, whose chunks keep slack after the last record), else {@link BitFields#write}.
 */
final class RecordBits {
    private RecordBits() {}

    static void write(ByteBuffer buffer, int base, long bitOffset, int width, long value) {
        int first = base + (int) (bitOffset >>> 3);
        int shift = (int) (bitOffset & 7);
        if (shift + width <= Long.SIZE && first <= buffer.limit() - Long.BYTES) {
            long mask = BitFields.mask(width) << shift;
            long word = BitFields.getLong(buffer, first);
            BitFields.putLong(buffer, first, (word & ~mask) | ((value << shift) & mask));
        } else {
            BitFields.write(buffer, base, bitOffset, width, value);
        }
    }
}
