package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * The end slots of a compact record (docs/record-format.md, section 8): bits 0..1 of the record hold its slot width
 * code w, bits 2.. one slot bit per variable-length field, and at byte {@code fixedBytes} a table holds one end slot
 * of {@code w + 1} bytes (unsigned, little-endian) for each field whose slot bit is 1, in declaration order, but the
 * last such field: its data ends where the record does, at the size its container gives (a holder's slot, a list's
 * end offset, a batch's offsets index, the bytes of a serial form), which the record does not repeat. A field's slot
 * is found by counting the slot bits up to its own: a {@code Long.bitCount} per 56 variable-length fields.
 *
 * <p>Every method that takes a field takes its index j among the record's variable-length fields (its slot bit is
 * bit {@code 2 + j}), and {@code slotBits}, the number of them; every method that reads where data ends takes the
 * record's {@code size}.
 */
public final class CompactSlots {
    /** The bits of the slot width code, the record's first bits. */
    public static final int WIDTH_BITS = 2;
    /** The widest end slot, in bytes: 4 bytes hold the size of any record (at most 2^31 - 1 bytes). */
    public static final int MAX_WIDTH = 4;
    /** Slot bits counted per load: 56 bits, with their shift, always lie within one 8-byte load. */
    private static final int BITS_PER_LOAD = 56;

    private CompactSlots() {}

    /** The width in bytes (1..4) of the end slots of the compact record at {@code base}. */
    public static int width(ByteBuffer buffer, int base) {
        return (buffer.get(base) & 3) + 1;
    }

    /** How many of the record's first {@code count} slot bits are 1: the slots of the first {@code count} fields. */
    public static int slotsBefore(ByteBuffer buffer, int base, int count) {
        int slots = 0;
        long bit = WIDTH_BITS;
        for (int left = count; left > 0; left -= BITS_PER_LOAD, bit += BITS_PER_LOAD) {
            slots += Long.bitCount(BitFields.read(buffer, base, bit, Math.min(left, BITS_PER_LOAD)));
        }
        return slots;
    }

    /** Whether field {@code field}'s slot bit is 1: it has an end slot, and data (which may be empty). */
    public static boolean hasSlot(ByteBuffer buffer, int base, int field) {
        return BitFields.read(buffer, base, WIDTH_BITS + field, 1) != 0;
    }

    /** The value of the end slot of {@code width} bytes at byte {@code index}. */
    public static int slot(ByteBuffer buffer, int index, int width) {
        switch (width) {
            case 1:
                return buffer.get(index) & 0xFF;
            case 2:
                return BitFields.getShort(buffer, index) & 0xFFFF;
            case 3:
                return (buffer.get(index) & 0xFF) | (BitFields.getShort(buffer, index + 1) & 0xFFFF) << 8;
            default:
                return BitFields.getInt(buffer, index);
        }
    }

    /**
     * The number of end slots in the table of a record whose fields with a slot bit 1 are {@code withData}: one
     * fewer, since the last one's data ends at the record's size (none for none).
     */
    public static int tableSlots(int withData) {
        return Math.max(withData - 1, 0);
    }

    /** Where the data starts: after the fixed part and the table of the record's slots. */
    public static int dataStart(ByteBuffer buffer, int base, int fixedBytes, int slotBits) {
        return fixedBytes + tableSlots(slotsBefore(buffer, base, slotBits)) * width(buffer, base);
    }

    /**
     * Where the data of field {@code field} ends, counted from the record's first byte: its slot's value, the
     * record's {@code size} for the last field with a slot, or for a field without a slot, where the data of the
     * fields before it ends (it has none).
     */
    public static int end(ByteBuffer buffer, int base, int fixedBytes, int slotBits, int field, int size) {
        int slots = slotsBefore(buffer, base, field + 1);
        if (slots == 0) {
            return dataStart(buffer, base, fixedBytes, slotBits);
        }
        if (slots == slotsBefore(buffer, base, slotBits)) {
            return size;
        }
        int width = width(buffer, base);
        return slot(buffer, base + fixedBytes + (slots - 1) * width, width);
    }

    /**
     * Where the data of field {@code field} starts and ends, as {@link #end} of the field before it and of the field
     * itself give them, with one count of the slot bits ({@code start << 32 | end}), after checking that it lies
     * within the record's: that it starts at or after the end of the slot table, ends at or after its start, and ends
     * at or before {@code size}. What a generated getter
     * reads its field's data by: a record nested in another is not walked when its getter returns it
     * ({@link #checkNestedSize}), so each of its getters checks the slots it reads, and no getter reads bytes outside
     * the record. A record of up to 62 slot bits reads its width code and slot bits in one load, counts the slots up
     * to the field, and loads the slot before the field's and its own together.
     *
     * @param name the field, as the error names it ({@code "Trade.product"})
     * @param size the record's size, as its container gives it
     * @throws CorruptDataException naming the field when its data does not lie within the record's
     */
    public static long checkedSpan(String name, ByteBuffer buffer, int base, int size, int fixedBytes, int slotBits,
            int field) {
        if (slotBits > Long.SIZE - WIDTH_BITS) {
            return spanFieldByField(name, buffer, base, size, fixedBytes, slotBits, field);
        }
        long head = BitFields.read(buffer, base, 0, WIDTH_BITS + slotBits);
        int width = (int) (head & 3) + 1;
        long bits = head >>> WIDTH_BITS;
        int slots = Long.bitCount(bits & -1L >>> (Long.SIZE - 1 - field));
        int withData = Long.bitCount(bits);
        int table = base + fixedBytes;
        int dataStart = fixedBytes + tableSlots(withData) * width;
        int start;
        int end;
        if ((bits >>> field & 1) == 0) {
            // No slot: no data, where the data of the fields before it ends.
            end = slots == 0 ? dataStart : slots == withData ? size : slot(buffer, table + (slots - 1) * width, width);
            start = end;
        } else if (slots == 1) {
            start = dataStart;
            end = withData == 1 ? size : slot(buffer, table, width);
        } else if (slots == withData) {
            // The last field with data: it ends at the record's size.
            start = slot(buffer, table + (slots - 2) * width, width);
            end = size;
        } else {
            int at = table + (slots - 2) * width;
            if (at <= buffer.limit() - Long.BYTES) {
                // The slot before the field's and its own, side by side: one load.
                long pair = BitFields.getLong(buffer, at);
                int shift = Byte.SIZE * width;
                long mask = -1L >>> (Long.SIZE - shift);
                start = (int) (pair & mask);
                end = (int) (pair >>> shift & mask);
            } else {
                start = slot(buffer, at, width);
                end = slot(buffer, at + width, width);
            }
        }
        return within(name, start, end, dataStart, size);
    }

    /** {@link #checkedSpan} of a record of more than 62 slot bits, loading them 56 at a time. */
    private static long spanFieldByField(String name, ByteBuffer buffer, int base, int size, int fixedBytes,
            int slotBits, int field) {
        int slots = slotsBefore(buffer, base, field + 1);
        int withData = slotsBefore(buffer, base, slotBits);
        int before = hasSlot(buffer, base, field) ? slots - 1 : slots;
        int width = width(buffer, base);
        int table = base + fixedBytes;
        int dataStart = fixedBytes + tableSlots(withData) * width;
        int start = before == 0 ? dataStart
                : before == withData ? size : slot(buffer, table + (before - 1) * width, width);
        int end = slots == before ? start : slots == withData ? size : slot(buffer, table + (slots - 1) * width, width);
        return within(name, start, end, dataStart, size);
    }

    /**
     * The span {@code start << 32 | end}, after checking that it lies between {@code dataStart} and {@code size}
     * (slots of 4 bytes beyond 2^31 - 1 read as negative, and fail).
     */
    private static long within(String name, int start, int end, int dataStart, int size) {
        if (start < dataStart || end < start || end > size) {
            throw new CorruptDataException(name + ": its data " + Integer.toUnsignedString(start) + ".."
                    + Integer.toUnsignedString(end) + " does not lie within the record's data, bytes " + dataStart
                    + ".." + size + ": the record's end slots must ascend");
        }
        return (long) start << Integer.SIZE | end;
    }

    /** The start of a {@link #checkedSpan}. */
    public static int spanStart(long span) {
        return (int) (span >>> Integer.SIZE);
    }

    /** The end of a {@link #checkedSpan}. */
    public static int spanEnd(long span) {
        return (int) span;
    }

    /**
     * Checks, for a generated {@code XSdo.wrap(buffer, offset, length)}, that the {@code length} bytes at
     * {@code offset} lie within the buffer's limit and can hold the record's fixed part; returns {@code length}.
     *
     * @throws IndexOutOfBoundsException when the bytes do not lie within the buffer's limit
     * @throws CorruptDataException naming {@code record} when they cannot hold its fixed part
     */
    public static int checkedLength(String record, ByteBuffer buffer, int offset, int length, int fixedBytes) {
        java.util.Objects.checkFromIndexSize(offset, length, buffer.limit());
        if (length < fixedBytes) {
            throw new CorruptDataException(record + ": its " + length + " bytes cannot hold its " + fixedBytes
                    + " fixed bytes");
        }
        return length;
    }

    /**
     * Checks, before any field is read, that the slot table of the compact record at {@code base} lies within
     * {@code available} bytes of the record, and returns where its data starts.
     *
     * @throws CorruptDataException naming {@code record} when it does not
     */
    public static int checkedDataStart(String record, ByteBuffer buffer, int base, int fixedBytes, int slotBits,
            int available) {
        int start = dataStart(buffer, base, fixedBytes, slotBits);
        if (start > available) {
            throw tableBeyond(record, start, available);
        }
        return start;
    }

    private static CorruptDataException tableBeyond(String record, int tableEnd, int available) {
        return new CorruptDataException(record + ": its slot table ends at byte " + tableEnd + ", beyond the "
                + available + " bytes available");
    }

    /**
     * {@code size}, the size of the compact record at {@code base} as its container gives it, after the checks of
     * docs/record-format.md section 8.3 in one walk of its slot bits and table, for a generated
     * {@code checkedByteSize()} and the generic reader alike: the size is one a record can have
     * ({@link VariableData#dataWithin}); the table lies within the record ({@link #checkedDataStart}); every field
     * whose bit is set in {@code required} has its slot (its slot bit 1); a record without data is its fixed part
     * alone; the slots ascend from where the data starts to the size ({@link VariableData#nextEnd}). The first
     * violation in field order is reported, as those methods report it. A call of {@link #end} per field counted the
     * slot bits before each; here a record of up to 62 slot bits reads them with its width code in one load and
     * visits only the slots there are.
     *
     * @param record the record's name
     * @param fields each slot bit's field, by slot index, named as the messages name it ({@code "Trade.product"})
     * @param required the slot bits that must be 1, bit {@code i & 63} of word {@code i >>> 6} for slot index
     *     {@code i}: the required fields other than a string, bytes or list (which have no slot when empty) and a
     *     union (whose tag says whether its alternative is behind the slot)
     * @throws CorruptDataException naming the record or the first field whose data does not lie within it
     */
    public static int checkedSize(String record, String[] fields, long[] required, ByteBuffer buffer, int base,
            int fixedBytes, int size) {
        VariableData.dataWithin(record, size, size);
        int slotBits = fields.length;
        if (slotBits > Long.SIZE - WIDTH_BITS) {
            return checkedFieldByField(record, fields, required, buffer, base, fixedBytes, size);
        }
        long head = BitFields.read(buffer, base, 0, WIDTH_BITS + slotBits);
        int width = (int) (head & 3) + 1;
        long bits = head >>> WIDTH_BITS;
        if (slotBits > 0 && (required[0] & ~bits) != 0) {
            // A required slot missing: field by field, which finds the first error in field order.
            return checkedFieldByField(record, fields, required, buffer, base, fixedBytes, size);
        }
        int withData = Long.bitCount(bits);
        int end = fixedBytes + tableSlots(withData) * width;
        if (end > size) {
            checkedDataStart(record, buffer, base, fixedBytes, slotBits, size);
        }
        int index = base + fixedBytes;
        int shift = Byte.SIZE * width;
        long mask = -1L >>> (Long.SIZE - shift);
        int lastLoad = buffer.limit() - Long.BYTES;
        boolean ascending = true;
        for (int left = tableSlots(withData); left > 0; ) {
            // As many slots as one 8-byte load holds (8, 4 or 2), or one where fewer than 8 bytes are left.
            long word;
            int count;
            if (index <= lastLoad) {
                word = BitFields.getLong(buffer, index);
                count = Math.min(left, Long.BYTES / width);
            } else {
                word = slot(buffer, index, width);
                count = 1;
            }
            left -= count;
            index += count * width;
            for (; count > 0; count--, word >>>= shift) {
                int next = (int) (word & mask);
                ascending &= Integer.compareUnsigned(next, end) >= 0;
                end = next;
            }
        }
        if (!ascending || Integer.compareUnsigned(end, size) > 0 || withData == 0 && size != fixedBytes) {
            // A slot before the one before it, or beyond the size: field by field, which names the field.
            return checkedFieldByField(record, fields, required, buffer, base, fixedBytes, size);
        }
        return size;
    }

    /**
     * Checks that the {@code length} bytes at {@code at}, which lie within the buffer (a field's or a list element's
     * data, checked by its container), can be one compact record of that size, in constant time: that they hold its
     * fixed part and its slot table, that every field whose bit is set in {@code required} has its slot, and that a
     * record without data is its fixed part alone. For a generated {@code XSdo.wrapNested}, the getter of a nested
     * record or the element of a list of records: the slots are not walked here but checked by the getter that reads
     * them ({@link #checkedSpan}, against {@code length}), so a getter returns a nested record without reading its
     * whole table, and no getter reads bytes outside it. A record of more than 62 slot bits is walked
     * ({@link #checkedSize}).
     *
     * @param field the field whose data the record is, as errors name it ({@code "Trade.product"})
     * @param index the element of the list {@code field} the record is, or -1 when it is the field's value
     * @param fields each slot bit's field, by slot index, as errors name it
     * @param required the slot bits that must be 1, as {@link #checkedSize} takes them
     * @throws CorruptDataException naming the field (or the element), or the record's field whose slot is missing
     */
    public static void checkNestedSize(String field, int index, String record, String[] fields, long[] required,
            ByteBuffer buffer, int at, int length, int fixedBytes) {
        if (length < fixedBytes) {
            throw new CorruptDataException(nestedName(field, index) + ": its " + length
                    + " bytes cannot hold a record of " + fixedBytes + " fixed bytes");
        }
        int slotBits = fields.length;
        if (slotBits > Long.SIZE - WIDTH_BITS) {
            checkedSize(record, fields, required, buffer, at, fixedBytes, length);
            return;
        }
        long head = BitFields.read(buffer, at, 0, WIDTH_BITS + slotBits);
        int width = (int) (head & 3) + 1;
        long bits = head >>> WIDTH_BITS;
        long missing = required.length == 0 ? 0 : required[0] & ~bits;
        if (missing != 0) {
            throw missingSlot(fields[Long.numberOfTrailingZeros(missing)]);
        }
        int withData = Long.bitCount(bits);
        int dataStart = fixedBytes + tableSlots(withData) * width;
        if (dataStart > length) {
            throw tableBeyond(record, dataStart, length);
        }
        if (withData == 0 && length != fixedBytes) {
            throw new CorruptDataException(nestedName(field, index) + ": the record stored in its " + length
                    + " bytes has no data after its " + fixedBytes + " fixed bytes");
        }
    }

    private static String nestedName(String field, int index) {
        return index < 0 ? field : VariableList.elementName(field, index);
    }

    /** {@link #checkedSize} field by field, loading the slot bits 56 at a time. */
    private static int checkedFieldByField(String record, String[] fields, long[] required, ByteBuffer buffer,
            int base, int fixedBytes, int size) {
        int slotBits = fields.length;
        int end = checkedDataStart(record, buffer, base, fixedBytes, slotBits, size);
        int withData = slotsBefore(buffer, base, slotBits);
        int width = width(buffer, base);
        int index = base + fixedBytes;
        int seen = 0;
        for (int first = 0; first < slotBits; first += BITS_PER_LOAD) {
            int last = Math.min(first + BITS_PER_LOAD, slotBits);
            long bits = BitFields.read(buffer, base, WIDTH_BITS + first, last - first);
            for (int field = first; field < last; field++) {
                if ((bits >>> (field - first) & 1) != 0) {
                    // The last field with data ends at the record's size.
                    end = VariableData.nextEnd(fields[field], end, ++seen == withData ? size : slot(buffer, index,
                            width));
                    index += width;
                } else if ((required[field >>> 6] >>> field & 1) != 0) {
                    throw missingSlot(fields[field]);
                }
            }
        }
        if (withData == 0 && size != fixedBytes) {
            throw new CorruptDataException(record + ": a record without data takes its " + fixedBytes
                    + " fixed bytes, not " + size);
        }
        return size;
    }

    /**
     * The error of a required field whose slot bit is 0, as every encoder writes it for every required field but a
     * string, bytes or list, which has none when it is empty (docs/record-format.md, section 8.1).
     */
    private static CorruptDataException missingSlot(String name) {
        return new CorruptDataException(name + ": a required field without its end slot (slot bit 0)");
    }

    /**
     * The smallest slot width, in bytes, whose slots hold the size of a record of {@code fixedBytes}, {@code slots}
     * numbers of that width (its table's end slots, {@link #tableSlots}, and its lists' counts and end offsets) and
     * {@code dataBytes} of other data: what an encoder writes (section 8.2).
     */
    public static int widthFor(int fixedBytes, int slots, long dataBytes) {
        for (int width = 1; width < MAX_WIDTH; width++) {
            if (fixedBytes + (long) slots * width + dataBytes < 1L << (Byte.SIZE * width)) {
                return width;
            }
        }
        return MAX_WIDTH;
    }

    /**
     * The slot width, in bytes, of a compact record of {@code size} bytes as an encoder writes it: the smallest whose
     * slots hold the size (the one {@link #widthFor} gives for the parts that make up that size).
     */
    public static int widthOf(int size) {
        for (int width = 1; width < MAX_WIDTH; width++) {
            if (size < 1L << (Byte.SIZE * width)) {
                return width;
            }
        }
        return MAX_WIDTH;
    }

    /**
     * The size of a compact record of {@code fixedBytes}, {@code slots} numbers as wide as its slots (as
     * {@link #widthFor} takes them) and {@code dataBytes} of other data, its slots as wide as {@link #widthFor} makes
     * them.
     *
     * @throws IllegalArgumentException naming {@code record} when it would exceed 2^31 - 1 bytes
     */
    public static int recordSize(String record, int fixedBytes, int slots, long dataBytes) {
        return VariableData.recordSize(record, fixedBytes,
                (long) slots * widthFor(fixedBytes, slots, dataBytes) + dataBytes);
    }

    /** Writes the slot width code of the compact record at {@code base}, leaving the bits after it as they are. */
    public static void writeWidth(ByteBuffer buffer, int base, int width) {
        BitFields.write(buffer, base, 0, WIDTH_BITS, width - 1);
    }

    /**
     * Writes {@code end} as the end slot of field {@code field} of the compact record at {@code base}, whose slot
     * width code and slot bits are written already: the slot goes after the slots of the fields before it that have
     * one, unless the field is the last with a slot bit 1, whose end is the record's size and has no slot. How a
     * generated {@code encode} fills the table field by field.
     */
    public static void writeEnd(ByteBuffer buffer, int base, int fixedBytes, int slotBits, int field, int end) {
        int before = slotsBefore(buffer, base, field);
        if (before + 1 < slotsBefore(buffer, base, slotBits)) {
            int width = width(buffer, base);
            writeSlot(buffer, base + fixedBytes + before * width, width, end);
        }
    }

    /** Writes {@code end} as an end slot of {@code width} bytes at byte {@code index}, little-endian. */
    public static void writeSlot(ByteBuffer buffer, int index, int width, int end) {
        for (int i = 0; i < width; i++) {
            buffer.put(index + i, (byte) (end >>> (Byte.SIZE * i)));
        }
    }
}
