package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.ListNumbers;
import dev.sdo.runtime.StringSharing;
import dev.sdo.runtime.VariableData;
import java.nio.ByteBuffer;

/**
 * How a {@link GenericWriter} writes one described record, as its generated {@code XSdo} does: a
 * {@link FieldEncoder} per field in declaration order, a sizing pass ({@link #encodedSize}, the generated
 * {@code encodedSize} with its checks) and a writing pass ({@link #encode}: the fixed part cleared, each field's bits
 * written, each variable-length field's data after the data before it and its end slot set; for a compact record its
 * slot width code, slot bits and slot table instead, docs/record-format.md section 8). A record of fixed width nested
 * inline is written at a bit offset of its container ({@link #encodeFixed}).
 */
final class RecordEncoder {
    private final RecordDescriptor record;
    private final SchemaDescriptor schema;
    private final int index;
    private final String name;
    private FieldEncoder[] fields;
    /**
     * For a compact record, the positions of its variable-length fields (those with a slot bit), which the sizing
     * pass visits, and their encoders: the other fields have no data to size.
     */
    private int[] slotFields;
    private FieldEncoder[] slotEncoders;
    /** Whether the record has variable-length data (end slots). */
    private boolean variable;
    /** Whether the record is laid out compact (docs/record-format.md, section 8): its end slots in a table. */
    private final boolean compact;
    /** For a compact record, the bits its slot width code and first slot bits take: 2 + m, at most 64. */
    private final int headBits;

    RecordEncoder(RecordDescriptor record, SchemaDescriptor schema, int index) {
        this.record = record;
        this.schema = schema;
        this.index = index;
        this.name = record.simpleName();
        this.compact = record.slotBits() > 0;
        this.headBits = Math.min(Long.SIZE, CompactSlots.WIDTH_BITS + record.slotBits());
    }

    /** Makes the field encoders, once this one is registered (a recursive record's fields find it). */
    void build(Encoders encoders) {
        FieldEncoder[] made = new FieldEncoder[record.fields().size()];
        for (FieldDescriptor field : record.fields()) {
            made[field.index()] = new FieldEncoder(name, field, encoders);
            variable |= field.slotOffset() >= 0 || field.compactSlot();
        }
        this.fields = made;
        this.slotFields = record.fields().stream().filter(FieldDescriptor::compactSlot)
                .mapToInt(FieldDescriptor::index).toArray();
        this.slotEncoders = java.util.Arrays.stream(slotFields).mapToObj(i -> made[i]).toArray(FieldEncoder[]::new);
    }

    SchemaDescriptor schema() {
        return schema;
    }

    /** The record's index in its schema. */
    int index() {
        return index;
    }

    RecordDescriptor record() {
        return record;
    }

    int fixedBytes() {
        return record.fixedBytes();
    }

    boolean variable() {
        return variable;
    }

    /**
     * {@code value} as this record's values.
     *
     * @throws IllegalArgumentException naming {@code label} when it is not values of this record
     */
    RecordValues values(String label, Object value) {
        // The descriptor itself first: the values of a record read with this schema point at it.
        if (value instanceof RecordValues values
                && (values.descriptor() == record || sameRecord(values, schema, index))) {
            return values;
        }
        throw GenericWriter.wrongType(label, name, "the RecordValues of " + record.name(), value);
    }

    /** Whether {@code values} are of record {@code index} of {@code schema} (or of a schema of its fingerprint). */
    static boolean sameRecord(RecordValues values, SchemaDescriptor schema, int index) {
        RecordDescriptor wanted = schema.recordAt(index);
        return values.descriptor() == wanted || values.schema().fingerprint() == schema.fingerprint()
                && values.descriptor().name().equals(wanted.name());
    }

    /**
     * The bytes {@code values} takes encoded: the fixed part and the data of its variable-length fields.
     *
     * @throws IllegalArgumentException when a required variable-length field is absent, a value is of the wrong
     *     type, a string is not well-formed Unicode, or the record would exceed 2^31 - 1 bytes
     */
    int encodedSize(RecordValues values) {
        if (!variable) {
            return record.fixedBytes();
        }
        StringSharing[] document = SIZED_DOCUMENT.get();
        StringSharing outer = document[0];
        if (compact) {
            if (outer != null) {
                return compactSize(values);
            }
            // The top of a document: its strings shared as it is sized, unless it is then too large to share them.
            StringSharing sharing = new StringSharing();
            document[0] = sharing;
            try {
                int size = compactSize(values);
                if (!sharing.keep(size)) {
                    size = compactSize(values);
                }
                values.encodedSharing = sharing;
                return size;
            } finally {
                document[0] = null;
            }
        }
        // A record that is not compact: the compact records it holds are documents of their own.
        document[0] = null;
        try {
            long bytes = 0;
            for (int i = 0; i < fields.length; i++) {
                bytes += fields[i].dataBytes(values.get(i));
            }
            return VariableData.recordSize(name, record.fixedBytes(), bytes);
        } finally {
            document[0] = outer;
        }
    }

    /**
     * {@link #encodedSize} of a record on its own, outside any document the thread is sizing or writing (a value's
     * code may encode another record while one is): what {@link GenericWriter} calls.
     */
    int encodedSizeAlone(RecordValues values) {
        StringSharing[] document = SIZED_DOCUMENT.get();
        StringSharing outer = document[0];
        document[0] = null;
        try {
            return encodedSize(values);
        } finally {
            document[0] = outer;
        }
    }

    /** {@link #encode} of a record on its own, as {@link #encodedSizeAlone} sizes it. */
    int encodeAlone(RecordValues values, ByteBuffer buffer, int base) {
        StringSharing[] document = SIZED_DOCUMENT.get();
        StringSharing outer = document[0];
        document[0] = null;
        try {
            return encode(values, buffer, base);
        } finally {
            document[0] = outer;
        }
    }

    /**
     * The sharing of the document the thread is sizing or writing by the sizing pass ({@link #encodedSize}, then
     * {@link #encode}), for its string fields ({@link FieldEncoder}); null outside a document of compact records.
     * A thread's, as a value is sized and written by calls that do not pass it down: set by the compact record at the
     * top of the document, cleared by a record that is not compact for the documents it holds.
     */
    static StringSharing sizedSharing() {
        return SIZED_DOCUMENT.get()[0];
    }

    private static final ThreadLocal<StringSharing[]> SIZED_DOCUMENT = ThreadLocal.withInitial(() -> new StringSharing[1]);

    /**
     * Writes {@code values}, sized first by {@link #encodedSize}, as the record at byte {@code base} of
     * {@code buffer}; returns its size.
     *
     * @throws IllegalArgumentException naming the field when a value does not fit it
     */
    int encode(RecordValues values, ByteBuffer buffer, int base) {
        StringSharing[] document = SIZED_DOCUMENT.get();
        StringSharing outer = document[0];
        if (compact) {
            if (outer != null) {
                return encodeCompact(values, buffer, base);
            }
            if (values.encodedSharing == null) {
                encodedSize(values);
            }
            document[0] = values.encodedSharing;
            try {
                return encodeCompact(values, buffer, base);
            } finally {
                document[0] = null;
                values.encodedSharing = null;
            }
        }
        document[0] = null;
        try {
            BitFields.clear(buffer, base, 0, 8L * record.fixedBytes());
            int end = record.fixedBytes();
            for (int i = 0; i < fields.length; i++) {
                end = fields[i].write(values.get(i), buffer, base, 0, end);
            }
            return end;
        } finally {
            document[0] = outer;
        }
    }

    /** Writes {@code values} of this record of fixed width at bit {@code shift} of the record at {@code base}. */
    void encodeFixed(RecordValues values, ByteBuffer buffer, int base, long shift) {
        for (int i = 0; i < fields.length; i++) {
            fields[i].write(values.get(i), buffer, base, shift, 0);
        }
    }

    /**
     * The size of a compact record: its fixed part, one end slot for each variable-length field with data but the
     * last, as wide as the size needs, and the data; kept in {@code values} with the number of slots for {@link #encodeCompact}.
     */
    private int compactSize(RecordValues values) {
        long bytes = 0;
        int slots = 0;
        long numbers = 0;
        int[] positions = slotFields;
        FieldEncoder[] encoders = slotEncoders;
        for (int j = 0; j < positions.length; j++) {
            // The other fields of a compact record are of fixed width: no data, no checks before writing.
            Object value = values.get(positions[j]);
            long data = encoders[j].slotData(value);
            if (data >= 0) {
                slots++;
                bytes += data;
                numbers += encoders[j].slotNumbers(value);
            }
        }
        // A list's count and end offsets are as wide as the slots (section 8.5): counted with them.
        int size = CompactSlots.recordSize(name, record.fixedBytes(),
                (int) Math.min(Integer.MAX_VALUE, CompactSlots.tableSlots(slots) + numbers), bytes);
        values.encodedSlots = slots;
        values.encodedSize = size;
        return size;
    }

    /**
     * Writes a compact record (docs/record-format.md, section 8): the slot width code, then each field in declaration
     * order (a variable-length field's slot bit, a union's tag and inline place, the other fields' bits), each
     * variable-length field's data after the data before it, from the end of the slot table, and its end slot in the
     * table (but the last one's, which ends at the record's size). The size and slot count are those the sizing pass just found ({@link #compactSize}, kept in the values),
     * so that a record nested at any depth is sized once, not once per record that holds it.
     */
    private int encodeCompact(RecordValues values, ByteBuffer buffer, int base) {
        int size = values.encodedSize;
        int slots = values.encodedSlots;
        if (size < 0) {
            size = compactSize(values);
            slots = values.encodedSlots;
        }
        int fixedBytes = record.fixedBytes();
        BitFields.clear(buffer, base, 0, 8L * fixedBytes);
        int width = CompactSlots.widthOf(size);
        // The slot width code and the slot bits (bits 2 .. m + 1) of the first 62 variable-length fields, written
        // together once the fields are: one store, not a read-modify-write per field.
        long head = width - 1;
        int table = base + fixedBytes;
        int written = 0;
        int end = fixedBytes + CompactSlots.tableSlots(slots) * width;
        for (int i = 0; i < fields.length; i++) {
            FieldEncoder field = fields[i];
            if (!field.compactSlot()) {
                field.write(values.get(i), buffer, base, 0, end);
                continue;
            }
            int dataEnd = field.writeCompact(values.get(i), buffer, base, end, width);
            if (dataEnd >= 0) {
                if (written == slots) {
                    throw changed(size, slots);
                }
                long bit = field.slotBit();
                if (bit < Long.SIZE) {
                    head |= 1L << bit;
                } else {
                    BitFields.write(buffer, base, bit, 1, 1);
                }
                if (written < slots - 1) {
                    CompactSlots.writeSlot(buffer, table + written * width, width, dataEnd);
                }
                written++;
                end = dataEnd;
            }
        }
        if (end != size || written != slots) {
            throw changed(size, slots);
        }
        BitFields.write(buffer, base, 0, headBits, head);
        return end;
    }

    /**
     * Writes {@code values} as the record at byte {@code base} of {@code scratch}'s buffer in one pass, without sizing
     * it first; returns its size. A compact record is written at the slot width its last record needed (the
     * {@link #widthGuess}); when its size turns out to need another, it is laid out again at that width from the
     * bytes just written ({@link #relayout}: its data moved, its slots and its lists' counts and end offsets
     * rewritten), or, when a list's numbers did not fit the width guessed, written again. The bytes are those of
     * {@link #encode}.
     *
     * @throws IndexOutOfBoundsException when the buffer is too small
     * @throws RuntimeException when a value is refused (not always the exception {@link #encodedSize} throws)
     */
    int encodeOne(RecordValues values, EncodeScratch scratch, int base) {
        OnePassSharing outer = scratch.sharing;
        if (!compact) {
            // The compact records it holds are documents of their own.
            scratch.sharing = null;
            try {
                ByteBuffer buffer = scratch.buffer;
                java.util.Arrays.fill(buffer.array(), base, base + record.fixedBytes(), (byte) 0);
                int end = record.fixedBytes();
                for (int i = 0; i < fields.length; i++) {
                    end = fields[i].write(values.get(i), buffer, base, 0, end, scratch);
                }
                return end;
            } finally {
                scratch.sharing = outer;
            }
        }
        if (outer != null) {
            return encodeCompactOne(values, scratch, base);
        }
        // The top of a document: its strings shared, their references' distances written once it is done; a
        // document too large for them is written again without.
        OnePassSharing sharing = scratch.takeSharing(true);
        try {
            scratch.sharing = sharing;
            int size = encodeCompactOne(values, scratch, base);
            if (sharing.finish(scratch.buffer, size)) {
                return size;
            }
            sharing.reset(false);
            return encodeCompactOne(values, scratch, base);
        } finally {
            scratch.sharing = null;
            scratch.giveBack(sharing);
        }
    }

    /** {@link #encodeOne} of a compact record, its document's strings shared by {@code scratch.sharing}. */
    private int encodeCompactOne(RecordValues values, EncodeScratch scratch, int base) {
        OnePassSharing sharing = scratch.sharing;
        int events = sharing.mark();
        int slots = 0;
        int[] positions = slotFields;
        FieldEncoder[] encoders = slotEncoders;
        for (int j = 0; j < positions.length; j++) {
            if (encoders[j].hasSlot(values.get(positions[j]))) {
                slots++;
            }
        }
        int ends = scratch.top;
        scratch.reserveEnds(ends, slots);
        scratch.top = ends + slots;
        try {
            int guess = widthGuess;
            long written = writeCompactOne(values, scratch, base, slots, guess, ends);
            int size = (int) written;
            long numbers = CompactSlots.tableSlots(slots) + (written >>> 33);
            long dataBytes = size - record.fixedBytes() - numbers * guess;
            int width = CompactSlots.widthFor(record.fixedBytes(), (int) Math.min(Integer.MAX_VALUE, numbers),
                    dataBytes);
            if (width == guess) {
                return size;
            }
            widthGuess = width;
            int wanted = VariableData.recordSize(name, record.fixedBytes(), numbers * width + dataBytes);
            if ((written & 1L << 32) == 0 && record.slotBits() <= Long.SIZE - CompactSlots.WIDTH_BITS) {
                size = relayout(scratch, base, size, slots, guess, width, ends, events);
            } else {
                // A list's numbers lost their high bytes at the width guessed: written again, at the right width.
                sharing.discard(events);
                size = (int) writeCompactOne(values, scratch, base, slots, width, ends);
            }
            if (size != wanted) {
                throw changed(wanted, slots);
            }
            return wanted;
        } finally {
            scratch.top = ends;
        }
    }

    /**
     * Writes a compact record of {@code slots} end slots at slot width {@code width}, its data's end offsets also in
     * {@code scratch.ends} from {@code ends} (whole, where a slot too narrow loses its high bytes); returns its size
     * in the low 32 bits, bit 32 set when a list's count or end offsets did not fit the width, and in the bits from
     * 33 the number of its lists' numbers (which take the slot width).
     */
    private long writeCompactOne(RecordValues values, EncodeScratch scratch, int base, int slots, int width,
            int ends) {
        ByteBuffer buffer = scratch.buffer;
        int fixedBytes = record.fixedBytes();
        java.util.Arrays.fill(buffer.array(), base, base + fixedBytes, (byte) 0);
        long head = width - 1;
        int table = base + fixedBytes;
        int written = 0;
        long numbers = 0;
        boolean lost = false;
        int end = fixedBytes + CompactSlots.tableSlots(slots) * width;
        for (int i = 0; i < fields.length; i++) {
            FieldEncoder field = fields[i];
            Object value = values.get(i);
            if (!field.compactSlot()) {
                field.write(value, buffer, base, 0, end);
                continue;
            }
            int dataEnd = field.writeCompact(value, buffer, base, end, width, scratch);
            if (dataEnd >= 0) {
                if (written == slots) {
                    throw changed(-1, slots);
                }
                long bit = field.slotBit();
                if (bit < Long.SIZE) {
                    head |= 1L << bit;
                } else {
                    BitFields.write(buffer, base, bit, 1, 1);
                }
                if (field.slotWidthNumbers() >= 0) {
                    numbers += field.slotNumbers(value);
                    lost |= width < CompactSlots.MAX_WIDTH && dataEnd - end >= 1L << (Byte.SIZE * width);
                }
                if (written < slots - 1) {
                    CompactSlots.writeSlot(buffer, table + written * width, width, dataEnd);
                }
                scratch.ends[ends + written] = dataEnd;
                written++;
                end = dataEnd;
            }
        }
        if (written != slots) {
            throw changed(-1, slots);
        }
        BitFields.write(buffer, base, 0, headBits, head);
        return (numbers << 33) | (lost ? 1L << 32 : 0) | end;
    }

    /**
     * Lays the compact record of {@code size} bytes at {@code base}, just written at slot width {@code from}, out
     * again at width {@code to}: the fixed part with the new width code, the slots, and each field's data, a list's
     * count and end offsets rewritten at the new width (its end offsets moved by the change of its numbers' size),
     * the rest copied. Built after the record, then moved to {@code base}; returns its new size. The slot bits are
     * all in the record's first 64 bits, and no list's numbers lost bytes at {@code from}. The shared strings of its
     * document from event {@code events} on, the record's own and its nested records', move with the data that holds
     * them ({@link OnePassSharing#moved}).
     */
    private int relayout(EncodeScratch scratch, int base, int size, int slots, int from, int to, int ends,
            int events) {
        OnePassSharing sharing = scratch.sharing;
        int event = events;
        ByteBuffer buffer = scratch.buffer;
        int fixedBytes = record.fixedBytes();
        int target = base + size;
        scratch.move(base, target, fixedBytes);
        BitFields.write(buffer, target, 0, CompactSlots.WIDTH_BITS, to - 1);
        long head = BitFields.read(buffer, base, 0, headBits);
        int previous = fixedBytes + CompactSlots.tableSlots(slots) * from;
        int end = fixedBytes + CompactSlots.tableSlots(slots) * to;
        int k = 0;
        for (int j = 0; j < slotEncoders.length; j++) {
            FieldEncoder field = slotEncoders[j];
            if ((head >>> field.slotBit() & 1) == 0) {
                continue;
            }
            int dataEnd = scratch.ends[ends + k];
            int length = dataEnd - previous;
            int form = field.slotWidthNumbers();
            if (form < 0) {
                scratch.move(base + previous, target + end, length);
                event = sharing.moved(event, base + previous, base + dataEnd, end - previous);
                end += length;
            } else {
                int count = (int) ListNumbers.read(buffer, base + previous, from);
                int numbers = form == 0 ? 1 : 1 + count;
                ListNumbers.write(buffer, target + end, to, count);
                int shift = numbers * (to - from);
                for (int e = 1; e < numbers; e++) {
                    long offset = ListNumbers.read(buffer, base + previous + e * from, from);
                    ListNumbers.write(buffer, target + end + e * to, to, offset + shift);
                }
                scratch.move(base + previous + numbers * from, target + end + numbers * to, length - numbers * from);
                event = sharing.moved(event, base + previous, base + dataEnd, end + numbers * to
                        - (previous + numbers * from));
                end += length + shift;
            }
            if (k < slots - 1) {
                CompactSlots.writeSlot(buffer, target + fixedBytes + k * to, to, end);
            }
            previous = dataEnd;
            k++;
        }
        scratch.move(target, base, end);
        return end;
    }

    /**
     * The slot width the last compact record this encoder wrote in one pass needed: the next one's first guess.
     * Threads share it without synchronisation on purpose: an {@code int} is read and written whole, any width it
     * holds is a valid guess, and a guess only decides whether a record is laid out again, never its bytes.
     */
    private int widthGuess = 1;

    private IllegalStateException changed(int size, int slots) {
        return new IllegalStateException(name + ": the values changed while they were encoded (sized as " + size
                + " bytes with " + slots + " end slots)");
    }
}
