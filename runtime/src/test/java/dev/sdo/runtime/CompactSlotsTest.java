package dev.sdo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The slot table of compact records, read and written as docs/record-format.md, section 8 says. */
class CompactSlotsTest {
    /** The worked example of section 8.2: {@code Person} with name, photo and note, 3 fixed bytes, 20 in all. */
    private static final String PERSON = "FCFCC8" + "0E12" + "5A6FC3AB20F09F9880" + "010203FF" + "6869";
    private static final String PERSON_WITHOUT_PHOTO = "F4FCC8" + "0D" + "5A6FC3AB20F09F9880" + "6869";

    private static ByteBuffer at(int offset, String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        ByteBuffer buffer = ByteBuffer.allocate(offset + bytes.length);
        buffer.put(offset, bytes);
        return buffer;
    }

    @Test
    void readsTheWorkedExample() {
        ByteBuffer buffer = at(5, PERSON);
        assertEquals(1, CompactSlots.width(buffer, 5));
        assertEquals(5, CompactSlots.dataStart(buffer, 5, 3, 3), "two slots for three fields with data");
        assertEquals(14, CompactSlots.end(buffer, 5, 3, 3, 0, 20));
        assertEquals(18, CompactSlots.end(buffer, 5, 3, 3, 1, 20));
        assertEquals(20, CompactSlots.end(buffer, 5, 3, 3, 2, 20), "the last field with data ends at the size");
        assertEquals(20, CompactSlots.checkedSize("Person", new String[] {"P.name", "P.photo", "P.note"},
                new long[] {0}, buffer, 5, 3, 20));

        ByteBuffer without = at(0, PERSON_WITHOUT_PHOTO);
        assertFalse(CompactSlots.hasSlot(without, 0, 1));
        assertEquals(4, CompactSlots.dataStart(without, 0, 3, 3));
        assertEquals(13, CompactSlots.end(without, 0, 3, 3, 0, 15));
        assertEquals(13, CompactSlots.end(without, 0, 3, 3, 1, 15), "an absent field ends where it starts");
        assertEquals(15, CompactSlots.end(without, 0, 3, 3, 2, 15));
    }

    @Test
    void aRecordWithoutSlotsIsItsFixedPart() {
        ByteBuffer buffer = at(0, "00" + "AB" + "CD");
        String[] fields = {"R.a", "R.b", "R.c", "R.d"};
        assertEquals(2, CompactSlots.dataStart(buffer, 0, 2, 4));
        assertEquals(2, CompactSlots.end(buffer, 0, 2, 4, 3, 2));
        assertEquals(2, CompactSlots.checkedSize("R", fields, new long[] {0}, buffer, 0, 2, 2));
        CorruptDataException longer = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSize("R", fields, new long[] {0}, buffer, 0, 2, 3));
        assertEquals("R: a record without data takes its 2 fixed bytes, not 3", longer.getMessage());
        CorruptDataException nested = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkNestedSize("H.r", -1, "R", fields, new long[] {0}, buffer, 0, 3, 2));
        assertEquals("H.r: the record stored in its 3 bytes has no data after its 2 fixed bytes", nested.getMessage());
    }

    @Test
    void aRecordWithOneFieldWithDataHasNoSlotAtAll() {
        // One string of 3 bytes: slot bit 1, no table, its data from byte 1 to the size.
        ByteBuffer buffer = at(0, "04" + "616263");
        assertEquals(1, CompactSlots.dataStart(buffer, 0, 1, 1));
        assertEquals(1L << 32 | 4, CompactSlots.checkedSpan("R.s", buffer, 0, 4, 1, 1, 0));
        assertEquals(4, CompactSlots.checkedSize("R", new String[] {"R.s"}, new long[] {1}, buffer, 0, 1, 4));
    }

    @Test
    void widthIsTheSmallestThatHoldsTheSize() {
        assertEquals(1, CompactSlots.widthFor(3, 3, 249));
        assertEquals(2, CompactSlots.widthFor(3, 3, 250), "255 bytes would end at 255 but take 258 with 1-byte slots");
        assertEquals(2, CompactSlots.widthFor(10, 5, 65_535 - 20));
        assertEquals(3, CompactSlots.widthFor(10, 5, 65_535 - 19));
        assertEquals(4, CompactSlots.widthFor(0, 1, 1 << 24));
        assertEquals(3 + 3 * 2 + 250, CompactSlots.recordSize("Person", 3, 3, 250));
        assertEquals(0, CompactSlots.tableSlots(0));
        assertEquals(0, CompactSlots.tableSlots(1));
        assertEquals(4, CompactSlots.tableSlots(5));
        IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
                () -> CompactSlots.recordSize("Person", 3, 3, Integer.MAX_VALUE));
        assertTrue(tooLarge.getMessage().startsWith("Person: "), tooLarge.getMessage());
    }

    /** Slot bits beyond one load, slots of every width: what is written is read back, for many seeds. */
    @Test
    void writtenSlotsReadBack() {
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            int slotBits = 1 + random.nextInt(150);
            int fixedBytes = (CompactSlots.WIDTH_BITS + slotBits + random.nextInt(40) + 7) / 8;
            int width = 1 + random.nextInt(4);
            boolean[] present = new boolean[slotBits];
            int slots = 0;
            for (int j = 0; j < slotBits; j++) {
                present[j] = random.nextBoolean();
                slots += present[j] ? 1 : 0;
            }
            int base = random.nextInt(9);
            int dataStart = fixedBytes + CompactSlots.tableSlots(slots) * width;
            int[] ends = new int[slotBits];
            int end = dataStart;
            for (int j = 0; j < slotBits; j++) {
                end += present[j] ? random.nextInt(width == 1 ? 2 : 300) : 0;
                ends[j] = end;
            }
            int size = end;
            ByteBuffer buffer = ByteBuffer.allocate(base + size + random.nextInt(9));
            CompactSlots.writeWidth(buffer, base, width);
            int slot = 0;
            for (int j = 0; j < slotBits; j++) {
                BitFields.writeBit(buffer, base, CompactSlots.WIDTH_BITS + j, present[j]);
            }
            for (int j = 0; j < slotBits; j++) {
                if (present[j]) {
                    // The last field with data gets no slot: writeEnd knows it from the slot bits.
                    CompactSlots.writeEnd(buffer, base, fixedBytes, slotBits, j, ends[j]);
                    slot++;
                }
            }
            String context = "seed " + seed;
            assertEquals(width, CompactSlots.width(buffer, base), context);
            assertEquals(dataStart, CompactSlots.checkedDataStart("R", buffer, base, fixedBytes, slotBits, size),
                    context);
            for (int j = 0; j < slotBits; j++) {
                assertEquals(present[j], CompactSlots.hasSlot(buffer, base, j), context);
                assertEquals(ends[j], CompactSlots.end(buffer, base, fixedBytes, slotBits, j, size),
                        context + ", field " + j);
                long span = CompactSlots.checkedSpan("R.f" + j, buffer, base, size, fixedBytes, slotBits, j);
                assertEquals(j == 0 ? dataStart : ends[j - 1], CompactSlots.spanStart(span), context + ", field " + j);
                assertEquals(ends[j], CompactSlots.spanEnd(span), context + ", field " + j);
            }
            String[] fields = new String[slotBits];
            java.util.Arrays.fill(fields, "R.f");
            assertEquals(size, CompactSlots.checkedSize("R", fields, new long[(slotBits + 63) / 64], buffer, base,
                    fixedBytes, size), context);
            // Nothing was written past the data: the table holds one slot fewer than the fields with data.
            for (int i = base + size; i < buffer.limit(); i++) {
                assertEquals(0, buffer.get(i), context);
            }
        }
    }

    /**
     * {@code checkedSize}, one walk of the slot bits and table, against the checks it stands for made field by field
     * (the table within the record's size, each required slot bit, each field's end ascending as {@code end} reads
     * it, the last one's the size, a record without data its fixed part alone): the same size, or the same first
     * error, over random and damaged tables and sizes, for many seeds.
     */
    @Test
    void checkedSizeFindsWhatTheFieldByFieldChecksFind() {
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            RandomTable table = RandomTable.of(random, 130, 4, 8, 600);
            int slotBits = table.slotBits();
            int fixedBytes = table.fixedBytes();
            String[] fields = table.fields();
            long[] required = table.required();
            int base = table.base();
            ByteBuffer buffer = table.buffer();
            int size = random.nextInt(3) == 0 ? random.nextInt(buffer.limit() - base + 1) : table.size();
            String expected;
            try {
                int walked = CompactSlots.checkedDataStart("R", buffer, base, fixedBytes, slotBits, size);
                for (int j = 0; j < slotBits; j++) {
                    if ((required[j >>> 6] >>> j & 1) != 0 && !CompactSlots.hasSlot(buffer, base, j)) {
                        throw new CorruptDataException(fields[j]
                                + ": a required field without its end slot (slot bit 0)");
                    }
                    walked = VariableData.nextEnd(fields[j], walked,
                            CompactSlots.end(buffer, base, fixedBytes, slotBits, j, size));
                }
                if (table.slots() == 0 && size != fixedBytes) {
                    throw new CorruptDataException("R: a record without data takes its " + fixedBytes
                            + " fixed bytes, not " + size);
                }
                expected = "size " + size;
            } catch (CorruptDataException e) {
                expected = e.getMessage();
            }
            String actual;
            try {
                actual = "size " + CompactSlots.checkedSize("R", fields, required, buffer, base, fixedBytes, size);
            } catch (CorruptDataException e) {
                actual = e.getMessage();
            }
            assertEquals(expected, actual, "seed " + seed);
        }
    }

    /**
     * A nested record or a list's element as its getters read it: {@code checkNestedSize}, in constant time, then
     * each field's {@code checkedSpan} against the data's length, against {@code wrap}'s {@code checkedSize} of the
     * same bytes, which walks every slot. Over random, damaged tables and lengths, the record passes all of the first
     * checks exactly when it passes the second, each span read ends where {@code end} says, and the errors name the
     * field, the element or the record's field; for many seeds.
     */
    @Test
    void nestedChecksAndCheckedSpansAcceptWhatCheckedSizeAccepts() {
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            RandomTable table = RandomTable.of(random, 80, 3, 10, 400);
            int slotBits = table.slotBits();
            int fixedBytes = table.fixedBytes();
            String[] fields = table.fields();
            long[] required = table.required();
            int at = table.base();
            ByteBuffer buffer = table.buffer();
            int length = random.nextBoolean() ? table.size() : Math.max(0, Math.min(buffer.limit() - at,
                    table.size() + random.nextInt(7) - 3));
            boolean whole;
            try {
                CompactSlots.checkedSize("R", fields, required, buffer, at, fixedBytes, length);
                whole = true;
            } catch (CorruptDataException e) {
                whole = false;
            }
            int index = random.nextInt(3) - 1;
            String error = null;
            try {
                CompactSlots.checkNestedSize("H.r", index, "R", fields, required, buffer, at, length, fixedBytes);
                for (int j = 0; j < slotBits; j++) {
                    long span = CompactSlots.checkedSpan(fields[j], buffer, at, length, fixedBytes, slotBits, j);
                    assertEquals(CompactSlots.end(buffer, at, fixedBytes, slotBits, j, length),
                            CompactSlots.spanEnd(span), "seed " + seed);
                }
            } catch (CorruptDataException e) {
                error = e.getMessage();
            }
            String context = "seed " + seed + ": " + error;
            assertEquals(whole, error == null, context);
            if (error != null) {
                assertTrue(error.startsWith(index < 0 ? "H.r: " : "H.r[" + index + "]: ") || error.startsWith("R"),
                        context);
            }
        }
    }

    /**
     * A slot before the one before it is corrupt when its field is read: the getter of a nested record checks the
     * two slots it reads, so that it reads nothing outside the record's data; the walk of checkedSize finds it first.
     */
    @Test
    void aSlotBeforeTheOneBeforeItIsCorruptWhenItsFieldIsRead() {
        // The worked example with photo's slot (18) lowered to 13, before name's end (14).
        ByteBuffer buffer = at(0, PERSON.replace("0E12", "0E0D"));
        String[] fields = {"Person.name", "Person.photo", "Person.note"};
        CompactSlots.checkNestedSize("H.person", -1, "Person", fields, new long[] {0}, buffer, 0, 20, 3);
        assertEquals(5L << 32 | 14, CompactSlots.checkedSpan("Person.name", buffer, 0, 20, 3, 3, 0));
        CorruptDataException photo = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSpan("Person.photo", buffer, 0, 20, 3, 3, 1));
        assertEquals("Person.photo: its data 14..13 does not lie within the record's data, bytes 5..20: the "
                + "record's end slots must ascend", photo.getMessage());
        // note's own span ascends and lies within the record: its getter reads it; checkedSize names photo.
        assertEquals(13L << 32 | 20, CompactSlots.checkedSpan("Person.note", buffer, 0, 20, 3, 3, 2));
        CorruptDataException walked = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSize("Person", fields, new long[] {0}, buffer, 0, 3, 20));
        assertTrue(walked.getMessage().startsWith("Person.photo: "), walked.getMessage());
        CorruptDataException beyond = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSpan("Person.photo", at(0, PERSON), 0, 17, 3, 3, 1));
        assertTrue(beyond.getMessage().startsWith("Person.photo: its data 14..18 "), beyond.getMessage());
        // The walk finds the first field whose data ends before it starts: note, which ends at the size.
        CorruptDataException shorter = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSize("Person", fields, new long[] {0}, at(0, PERSON), 0, 3, 17));
        assertEquals("Person.note: its data ends at byte 17, before it starts at byte 18 (the end of the data before "
                + "it): the record's end slots must ascend", shorter.getMessage());
    }

    @Test
    void aTableBeyondTheRecordIsCorrupt() {
        ByteBuffer buffer = at(0, PERSON);
        CorruptDataException error = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedDataStart("Person", buffer, 0, 3, 3, 4));
        assertEquals("Person: its slot table ends at byte 5, beyond the 4 bytes available", error.getMessage());
        ByteBuffer without = at(0, PERSON_WITHOUT_PHOTO);
        CorruptDataException missing = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSize("Person", new String[] {"Person.name", "Person.photo", "Person.note"},
                        new long[] {0b010}, without, 0, 3, without.limit()));
        assertTrue(missing.getMessage().startsWith("Person.photo: "), missing.getMessage());
    }

    /**
     * A compact record's slot bits and table at byte {@code base} of {@code buffer}, random: its slot width, which
     * fields have a slot, which must, and ascending slots, or (when {@code damaged}) slots of which some descend.
     */
    private record RandomTable(ByteBuffer buffer, int base, int slotBits, int fixedBytes, int width, int slots,
            int size, String[] fields, long[] required, boolean damaged) {

        /**
         * A table (and a size for the record) of up to {@code maxSlotBits} slot bits, one in {@code absentOneIn} of them 0, one in
         * {@code requiredOneIn} required besides half the present ones, {@code room} bytes of buffer after the table.
         */
        static RandomTable of(Random random, int maxSlotBits, int absentOneIn, int requiredOneIn, int room) {
            int slotBits = 1 + random.nextInt(maxSlotBits);
            int fixedBytes = (CompactSlots.WIDTH_BITS + slotBits + random.nextInt(20) + 7) / 8;
            int width = 1 + random.nextInt(4);
            String[] fields = new String[slotBits];
            long[] required = new long[(slotBits + 63) / 64];
            int base = random.nextInt(9);
            ByteBuffer buffer = ByteBuffer.allocate(base + fixedBytes + slotBits * width + room);
            CompactSlots.writeWidth(buffer, base, width);
            int slots = 0;
            for (int j = 0; j < slotBits; j++) {
                fields[j] = "R.f" + j;
                boolean present = random.nextInt(absentOneIn) != 0;
                BitFields.writeBit(buffer, base, CompactSlots.WIDTH_BITS + j, present);
                slots += present ? 1 : 0;
                if (random.nextInt(requiredOneIn) == 0 || (present && random.nextBoolean())) {
                    required[j >>> 6] |= 1L << j;
                }
            }
            int end = fixedBytes + CompactSlots.tableSlots(slots) * width;
            boolean damaged = random.nextInt(3) == 0;
            for (int slot = 0; slot < CompactSlots.tableSlots(slots); slot++) {
                end += damaged && random.nextInt(slots) == 0 ? -1 - random.nextInt(3) : random.nextInt(4);
                CompactSlots.writeSlot(buffer, base + fixedBytes + slot * width, width,
                        Math.max(0, Math.min(end, (1 << (8 * Math.min(width, 3))) - 1)));
            }
            // The last field with data: its bytes up to the record's size, which no slot holds.
            int size = Math.max(fixedBytes, Math.min(buffer.limit() - base, end + (slots > 0 ? random.nextInt(4) : 0)));
            return new RandomTable(buffer, base, slotBits, fixedBytes, width, slots, size, fields, required, damaged);
        }
    }
}
