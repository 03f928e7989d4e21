package dev.sdo.runtime.query;

import dev.sdo.runtime.BitFields;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * Where a fixed-width field of at most 64 bits sits in its record, and how to read its stored bits: one little-endian
 * long load at the field's first byte, plus a byte load when the field runs into a ninth byte. It holds numbers only,
 * so that it travels to a process that has none of the generated classes (a storage member of a cluster).
 *
 * <p>The long load may read up to seven bytes past the record's end. That is safe where queries run: every chunk of
 * a batch, in memory or mapped from its file, has {@code RecordStore.SLACK} (8) bytes after its last record.
 */
public final class FieldBits implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final long bitOffset;
    private final int width;
    private final long presenceBit;
    private final int index;
    private final int shift;
    private final long mask;
    private final boolean ninthByte;

    /**
     * @param name the field's name, for messages
     * @param bitOffset the bit offset of the field's least significant bit in its record
     * @param width the field's width, 1..64 bits
     * @param presenceBit the bit offset of its presence bit (1 when a value is present), or -1 for a required field
     */
    private FieldBits(String name, long bitOffset, int width, long presenceBit) {
        if (width < 1 || width > Long.SIZE) {
            throw new IllegalArgumentException(name + ": a queried field has 1..64 bits, not " + width);
        }
        if (bitOffset < 0 || bitOffset + width > (long) Integer.MAX_VALUE * Byte.SIZE || presenceBit < -1) {
            throw new IllegalArgumentException(name + ": bit offset " + bitOffset + " is outside any record");
        }
        this.name = name;
        this.bitOffset = bitOffset;
        this.width = width;
        this.presenceBit = presenceBit;
        this.index = (int) (bitOffset >>> 3);
        this.shift = (int) (bitOffset & 7);
        this.mask = BitFields.mask(width);
        this.ninthByte = shift + width > Long.SIZE;
    }

    /** A required field of {@code width} bits whose least significant bit is bit {@code bitOffset} of its record. */
    public static FieldBits required(String name, long bitOffset, int width) {
        return new FieldBits(name, bitOffset, width, -1);
    }

    /** {@link #required}, for a field with a presence bit at {@code presenceBit} (1 when a value is present). */
    public static FieldBits optional(String name, long bitOffset, int width, long presenceBit) {
        if (presenceBit < 0) {
            throw new IllegalArgumentException(name + ": presence bit " + presenceBit + " is outside any record");
        }
        return new FieldBits(name, bitOffset, width, presenceBit);
    }

    /** The field's name. */
    public String name() {
        return name;
    }

    /** The bit offset of the field's least significant bit in its record. */
    public long bitOffset() {
        return bitOffset;
    }

    /** The field's width in bits. */
    public int width() {
        return width;
    }

    /** The largest stored number the field's bits hold: all of them set. */
    public long mask() {
        return mask;
    }

    /** Whether the field has a presence bit. */
    public boolean optional() {
        return presenceBit >= 0;
    }

    /** The bit offset of the presence bit, or -1 for a required field. */
    public long presenceBit() {
        return presenceBit;
    }

    /** Whether the field's bits, after {@link #index()} and {@link #shift()}, fit one long load. */
    boolean oneLoad() {
        return !ninthByte;
    }

    /** The byte index of the field's first byte in its record. */
    int index() {
        return index;
    }

    /** The field's lowest bit within its first byte. */
    int shift() {
        return shift;
    }

    /** The field's stored bits in the record at byte {@code base} of {@code chunk}, as an unsigned number. */
    public long raw(ByteBuffer chunk, int base) {
        long value = BitFields.getLong(chunk, base + index) >>> shift;
        if (ninthByte) {
            value |= (long) (chunk.get(base + index + Long.BYTES) & 0xFF) << (Long.SIZE - shift);
        }
        return value & mask;
    }

    /** Whether the record at byte {@code base} of {@code chunk} holds a value (always, for a required field). */
    public boolean present(ByteBuffer chunk, int base) {
        return presenceBit < 0 || (chunk.get(base + (int) (presenceBit >>> 3)) & (1 << (presenceBit & 7))) != 0;
    }

    /** Writes where the field is, for {@link #read}: its name, bit offset, width and presence bit. */
    void write(DataOutput out) throws IOException {
        out.writeUTF(name);
        out.writeLong(bitOffset);
        out.writeByte(width);
        out.writeLong(presenceBit);
    }

    /** The field {@link #write} wrote, checked as the factories check it. */
    static FieldBits read(DataInput in) throws IOException {
        String name = in.readUTF();
        long bitOffset = in.readLong();
        int width = in.readUnsignedByte();
        long presenceBit = in.readLong();
        try {
            return new FieldBits(name, bitOffset, width, presenceBit);
        } catch (IllegalArgumentException e) {
            throw new IOException("damaged field: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + width + " bits at bit " + bitOffset + ")";
    }
}
