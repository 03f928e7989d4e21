package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * A generated writer of a {@code @compact} record with variable-length data (docs/generated-writer.md,
 * docs/record-format.md section 8). A compact record's slot table, between its fixed part and its data, holds one
 * slot for each field with data but the last, as wide as the record's size needs, neither known before the record is
 * done. So a
 * new record's data is written first right after the fixed part, its ends kept in an array the writer holds
 * (nothing is allocated per record), and {@link #done} moves the data up to make room for the table, writes the
 * table and the slot width code: the bytes {@code XSdo.of} gives the same values. Every byte it writes lies within
 * the finished record. A list field's count and end offsets are as wide as the slots (docs/record-format.md, section
 * 8.5): in a new record the list is written into a buffer of the writer's own, its elements copied into the record
 * and its numbers kept until {@code done()} puts them before the elements, at the width the record's size needs.
 *
 * <p>A complete record (changed in place, given with its size since the record does not hold it, or a new one after
 * {@code done()}) keeps every byte where it is: a field's
 * data may be rewritten only with as many bytes as it has, and only when it keeps having (or not having) an end
 * slot; else the setter refuses, since the change would move the data or the slot table.
 *
 * <p>Shared strings (docs/record-format.md, section 8.6): a string field of a compact record equal to an earlier one
 * of its document is stored as a reference to it. A writer whose record's document can hold string fields is made
 * with {@link #CompactRecordWriter(String, String[], byte[]) what each field shares}: a new record in which two string
 * fields of {@link SharedStrings#MIN_LENGTH} to {@link SharedStrings#MAX_LENGTH} bytes are equal, or which holds a
 * record whose document can hold strings ({@link #SHARING_PART}), is encoded anew at {@code done()} from its values
 * ({@link #encodeAnew}), its strings shared as {@code XSdo.of} shares them; any other new record is done as before,
 * allocating nothing. A complete record refuses to change in place a string field whose data is a reference or could
 * be one's target (4 to 67 bytes), and a field holding such a record in 4 bytes or more (whose strings could be,
 * whatever its value), since a reference
 * elsewhere in the document would then read other bytes.
 */
public abstract class CompactRecordWriter extends DataRecordWriter {
    /** The ends of the data of a new record's fields that have a slot, in order, counted before the table is made. */
    private final int[] ends;
    /** How many of {@link #ends} a new record has so far. */
    private int slots;
    /** For each of {@link #ends}, where its list's numbers start in {@link #numbers}; -1 when it is not a list. */
    private final int[] listNumbers;
    /** The count and element ends (counted from the first element's first byte) of a new record's lists. */
    private int[] numbers = new int[16];
    /** How many of {@link #numbers} a new record has so far. */
    private int numberCount;
    /** What {@link #listData} tells {@link #dataEnd} of the list it writes: where its numbers start, or -1. */
    private int pendingList = -1;
    /** Where a new record's lists are written with 4-byte numbers first ({@link #listScratch}). */
    private ByteBuffer listScratch = ByteBuffer.allocate(0);
    /** The size of the complete record: its container's, or what {@link #done} made it. */
    private int size;
    /** What each variable-length field shares ({@link #SHARING_STRING}, {@link #SHARING_PART}, 0); null: none does. */
    private final byte[] sharing;
    /** Where the data of a new record's string fields that could be shared start and end, before the table is made. */
    private final int[] stringStarts;
    private final int[] stringEnds;
    /** How many of {@link #stringStarts} a new record has. */
    private int strings;
    /** Whether a new record holds a record whose document can hold string fields: it is encoded anew at done(). */
    private boolean holdsParts;
    /** Whether {@link #finishData} found that the new record may share strings: {@code done()} encodes it anew. */
    private boolean sharesStrings;

    /** What a variable-length field shares: nothing. */
    protected static final byte SHARING_NONE = 0;
    /** What a variable-length field shares: it is a string field, whose data may be a reference (section 8.6). */
    protected static final byte SHARING_STRING = 1;
    /**
     * What a variable-length field shares: its value can hold string fields of the document (a compact record whose
     * document can hold them, a list of them, a union with one as an alternative).
     */
    protected static final byte SHARING_PART = 2;

    /**
     * A writer of the compact records {@code record} whose variable-length fields are {@code fields}; on no record
     * yet.
     */
    protected CompactRecordWriter(String record, String[] fields) {
        this(record, fields, null);
    }

    /**
     * A writer of the compact records {@code record} whose variable-length fields are {@code fields}, each sharing
     * what {@code sharing} says ({@link #SHARING_STRING}, {@link #SHARING_PART} or {@link #SHARING_NONE}; null when no
     * field shares anything), whose {@link #encodeAnew} encodes a new record anew; on no record yet.
     */
    protected CompactRecordWriter(String record, String[] fields, byte[] sharing) {
        super(record, fields);
        this.ends = new int[fields.length];
        this.listNumbers = new int[fields.length];
        this.sharing = sharing;
        int stringFields = 0;
        if (sharing != null) {
            for (byte shares : sharing) {
                stringFields += shares == SHARING_STRING ? 1 : 0;
            }
        }
        this.stringStarts = new int[stringFields];
        this.stringEnds = new int[stringFields];
    }

    /**
     * Starts on the existing, complete record of {@code size} bytes at byte {@code offset} of {@code buffer}, changed
     * in place: its size is its container's (a batch's offsets index), since the record does not hold it.
     *
     * @throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit
     */
    protected final void startComplete(ByteBuffer buffer, int offset, int size) {
        java.util.Objects.checkFromIndexSize(offset, size, buffer.limit());
        startComplete(buffer, offset);
        this.size = size;
    }

    @Override
    void startData() {
        super.startData();
        slots = 0;
        numberCount = 0;
        pendingList = -1;
        strings = 0;
        holdsParts = false;
    }

    /**
     * The width of the count and end offsets of a list field to write now: in a complete record, its slot width, at
     * which the list is written in place; in a new record, whose slot width is not known before {@link #done}, 0: the
     * list's data in the record is then its elements alone (what its size with 0-byte numbers counts), written by
     * {@link #listData} from {@link #listScratch}.
     */
    protected final int listNumberBytes() {
        return complete ? CompactSlots.width(buffer, base) : 0;
    }

    /** A buffer of the writer's own with room for {@code size} bytes at byte 0: where a new record's list is written. */
    protected final ByteBuffer listScratch(long size) {
        if (listScratch.capacity() < size) {
            listScratch = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max(size, 2L * listScratch.capacity())));
        }
        return listScratch;
    }

    /**
     * Moves the list just written at byte 0 of {@link #listScratch} ({@code written} bytes, its numbers 4 bytes wide,
     * an end offset per element when {@code table}) into a new record: its elements to byte {@code at} of the buffer,
     * its count and element ends kept for {@link #done}; returns the bytes of its elements.
     */
    protected final int listData(int written, int at, boolean table) {
        ByteBuffer scratch = listScratch;
        int count = (int) ListNumbers.read(scratch, 0, ListNumbers.BYTES);
        int head = table ? ListNumbers.BYTES * (1 + count) : ListNumbers.BYTES;
        int needed = numberCount + (table ? 1 + count : 1);
        if (needed > numbers.length) {
            numbers = java.util.Arrays.copyOf(numbers, Math.max(needed, 2 * numbers.length));
        }
        pendingList = numberCount;
        numbers[numberCount++] = count;
        if (table) {
            for (int i = 0; i < count; i++) {
                numbers[numberCount++] = (int) ListNumbers.read(scratch, ListNumbers.BYTES * (1 + i),
                        ListNumbers.BYTES) - head;
            }
        }
        buffer.put(at, scratch, head, written - head);
        return written - head;
    }

    /**
     * Where the data of variable-length field number {@code field}, {@code size} bytes, starts; {@code slot} says
     * whether the field has an end slot (its slot bit). In a new record: where the data ends so far, room made for
     * it; in a complete record: where its data is, if it has exactly {@code size} bytes and keeps its slot or its
     * lack of one.
     *
     * @throws IllegalStateException if the field comes after a later one, or in a complete record the change would
     *     change its data's size or the slot table
     * @throws IllegalArgumentException if the record would pass the largest record size
     * @throws IndexOutOfBoundsException if the data does not fit the buffer's limit
     */
    protected final int dataStart(int field, long size, boolean slot) {
        if (complete) {
            int slotBits = fields.length;
            if (CompactSlots.hasSlot(buffer, base, field) != slot) {
                throw new IllegalStateException(qualified(field) + ": " + (slot ? "a value where it has none"
                        : "no value where it has one") + " would change the slot table and move the data after it, "
                        + "in this record and the ones after it; a complete " + record
                        + " keeps its fields' slots and data sizes: encode it anew to change them");
            }
            int start = field == 0 ? CompactSlots.dataStart(buffer, base, fixedBytes(), slotBits)
                    : CompactSlots.end(buffer, base, fixedBytes(), slotBits, field - 1, this.size);
            int old = CompactSlots.end(buffer, base, fixedBytes(), slotBits, field, this.size) - start;
            if (sharing != null && sharing[field] != SHARING_NONE) {
                checkNotShared(field, start, old);
            }
            checkSameSize(field, size, old);
            return start;
        }
        checkOrder(field);
        room(size);
        return end;
    }

    /**
     * Refuses to change in place field number {@code field} of a complete record, whose {@code old} bytes of data
     * start at byte {@code start}, when a reference may point into them or they are one (section 8.6).
     *
     * @throws IllegalStateException saying to encode the record anew
     */
    private void checkNotShared(int field, int start, int old) {
        String why;
        if (sharing[field] == SHARING_PART) {
            if (old < SharedStrings.MIN_LENGTH) {
                // Too short to hold a string a reference may point at: no data, or a record's fixed part.
                return;
            }
            why = "holds string fields of the record's document, which other fields' strings may refer to";
        } else if (old == SharedStrings.REFERENCE_BYTES && SharedStrings.isReference(buffer.get(base + start))) {
            why = "holds a reference to an equal string before it";
        } else if (old >= SharedStrings.MIN_LENGTH && old <= SharedStrings.MAX_LENGTH) {
            why = "holds " + old + " bytes, which a later equal string may refer to";
        } else {
            return;
        }
        throw new IllegalStateException(qualified(field) + ": " + why + " (docs/record-format.md, section 8.6), so"
                + " changing it in place could change other fields; a complete " + record + " keeps its shared"
                + " strings: encode it anew to change them");
    }

    /**
     * The data of variable-length field number {@code field} written, ending at byte {@code end} of the record (of
     * its data so far, in a new record); its slot bit set to {@code slot}.
     */
    protected final void dataEnd(int field, int end, boolean slot) {
        putBit(CompactSlots.WIDTH_BITS + field, slot);
        if (!complete && slot && sharing != null) {
            noteShared(field, this.end, end);
        }
        if (!complete) {
            this.end = end;
            this.nextVariable = field + 1;
            if (slot) {
                listNumbers[slots] = pendingList;
                ends[slots++] = end;
            }
        }
        pendingList = -1;
    }

    /**
     * Makes a new record's slot table: its data moved up after it, its slots (but the last field's, which ends at the
     * record's size) as narrow as its size allows, and its slot width code.
     *
     * @throws IndexOutOfBoundsException if the record with its slot table does not fit the buffer's limit
     */
    @Override
    final int finishData() {
        sharesStrings = sharing != null && mayShare();
        int fixed = fixedBytes();
        int data = end - fixed;
        int tableSlots = CompactSlots.tableSlots(slots);
        // A list's numbers are as wide as the slots: counted with them (section 8.5).
        int width = CompactSlots.widthFor(fixed, tableSlots + numberCount, data);
        int table = tableSlots * width;
        size = VariableData.recordSize(record, fixed, (long) table + (long) numberCount * width + data);
        ensure(size);
        if (numberCount == 0) {
            if (table > 0) {
                buffer.put(base + fixed + table, buffer, base + fixed, data);
                for (int i = 0; i < tableSlots; i++) {
                    CompactSlots.writeSlot(buffer, base + fixed + i * width, width, ends[i] + table);
                }
            }
        } else {
            insertListNumbers(fixed, width, table);
        }
        putBits(0, CompactSlots.WIDTH_BITS, width - 1);
        return size;
    }

    /**
     * Makes room for the slot table and puts each list's numbers, {@code width} bytes each, before its elements:
     * every field's data moved up, the last first, then the table written.
     */
    private void insertListNumbers(int fixed, int width, int table) {
        int shift = table + numberCount * width;
        for (int i = slots - 1; i >= 0; i--) {
            int from = i == 0 ? fixed : ends[i - 1];
            int to = ends[i];
            if (to > from && shift > 0) {
                buffer.put(base + from + shift, buffer, base + from, to - from);
            }
            ends[i] = to + shift;
            int first = listNumbers[i];
            if (first >= 0) {
                int count = numbers[first];
                int listNumberCount = count(first);
                shift -= listNumberCount * width;
                int at = base + from + shift;
                ListNumbers.write(buffer, at, width, count);
                for (int k = 1; k < listNumberCount; k++) {
                    // An element's end, counted from the list's first byte.
                    ListNumbers.write(buffer, at + k * width, width,
                            numbers[first + k] + (long) listNumberCount * width);
                }
            }
        }
        for (int i = 0; i < CompactSlots.tableSlots(slots); i++) {
            CompactSlots.writeSlot(buffer, base + fixed + i * width, width, ends[i]);
        }
    }

    /** How many numbers the list whose numbers start at {@code first} of {@link #numbers} has. */
    private int count(int first) {
        int next = numberCount;
        for (int i = 0; i < slots; i++) {
            if (listNumbers[i] > first && listNumbers[i] < next) {
                next = listNumbers[i];
            }
        }
        return next - first;
    }

    /** Notes what the data of a new record's field {@code field}, bytes {@code start..end}, may share. */
    private void noteShared(int field, int start, int end) {
        if (sharing[field] == SHARING_PART) {
            holdsParts = true;
        } else if (sharing[field] == SHARING_STRING && end - start >= SharedStrings.MIN_LENGTH
                && end - start <= SharedStrings.MAX_LENGTH) {
            stringStarts[strings] = start;
            stringEnds[strings++] = end;
        }
    }

    /**
     * Whether a new record's document may share strings: it holds a record whose document can hold string fields,
     * or two of its string fields that could be shared are equal. Read before {@link #finishData} moves the data.
     */
    private boolean mayShare() {
        if (holdsParts) {
            return true;
        }
        for (int i = 1; i < strings; i++) {
            for (int j = 0; j < i; j++) {
                if (sameBytes(stringStarts[i], stringEnds[i], stringStarts[j], stringEnds[j])) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean sameBytes(int start, int end, int otherStart, int otherEnd) {
        if (end - start != otherEnd - otherStart) {
            return false;
        }
        for (int i = 0; i < end - start; i++) {
            if (buffer.get(base + start + i) != buffer.get(base + otherStart + i)) {
                return false;
            }
        }
        return true;
    }

    /** A writer of records whose strings may be shared writes a new one apart, placed when done (section 8.6). */
    @Override
    final boolean writesApart() {
        return sharing != null;
    }

    /** A new record whose strings may be shared is encoded anew from its values (section 8.6). */
    @Override
    final int finishStored(int size) {
        if (sharesStrings) {
            sharesStrings = false;
            this.size = encodeAnew(size);
        }
        return this.size;
    }

    /**
     * Encodes anew, from its values, the new record of {@code size} bytes at {@link #base} of {@link #buffer}, done
     * but for its shared strings (docs/record-format.md, section 8.6): the generated writer of a record whose document
     * can hold string fields reads its values through its view and has {@code XSdo.encode} write them there, strings
     * shared, after {@link #encodingRoom}; returns the new size. Only called when a writer was made with what its
     * fields share; the default keeps the record as it is.
     */
    protected int encodeAnew(int size) {
        return size;
    }

    /**
     * Makes room for the record encoded anew, {@code size} bytes at {@link #base} (an {@code append} writer's own
     * buffer grown when it needs more; the record's values must be read out first), and sets them to 0, as
     * {@code XSdo.encode} expects them.
     *
     * @throws IndexOutOfBoundsException if they do not fit the buffer's limit
     */
    protected final void encodingRoom(int size) {
        ensure(size);
        BitFields.clear(buffer, base, 0, 8L * size);
    }

    @Override
    final int completeSize() {
        return size;
    }
}
