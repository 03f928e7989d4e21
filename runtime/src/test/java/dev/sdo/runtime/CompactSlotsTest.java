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
    /** The worked example of section 8.2: {@code Person} with name, photo and note, 3 fixed bytes. */
    private static final String PERSON = "FCFCC8" + "0F1315" + "5A6FC3AB20F09F9880" + "010203FF" + "6869";
    private static final String PERSON_WITHOUT_PHOTO = "F4FCC8" + "0E10" + "5A6FC3AB20F09F9880" + "6869";

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
        assertEquals(6, CompactSlots.dataStart(buffer, 5, 3, 3));
        assertEquals(15, CompactSlots.end(buffer, 5, 3, 3, 0));
        assertEquals(19, CompactSlots.end(buffer, 5, 3, 3, 1));
        assertEquals(21, CompactSlots.end(buffer, 5, 3, 3, 2));
        assertEquals(21, CompactSlots.size(buffer, 5, 3, 3));

        ByteBuffer without = at(0, PERSON_WITHOUT_PHOTO);
        assertFalse(CompactSlots.hasSlot(without, 0, 1));
        assertEquals(14, CompactSlots.end(without, 0, 3, 3, 0));
        assertEquals(14, CompactSlots.end(without, 0, 3, 3, 1), "an absent field ends where it starts");
        assertEquals(16, CompactSlots.size(without, 0, 3, 3));
    }

    @Test
    void aRecordWithoutSlotsIsItsFixedPart() {
        ByteBuffer buffer = at(0, "00" + "AB");
        assertEquals(2, CompactSlots.dataStart(buffer, 0, 2, 4));
        assertEquals(2, CompactSlots.end(buffer, 0, 2, 4, 3));
        assertEquals(2, CompactSlots.size(buffer, 0, 2, 4));
    }

    @Test
    void widthIsTheSmallestThatHoldsTheSize() {
        assertEquals(1, CompactSlots.widthFor(3, 3, 249));
        assertEquals(2, CompactSlots.widthFor(3, 3, 250), "255 bytes would end at 255 but take 258 with 1-byte slots");
        assertEquals(2, CompactSlots.widthFor(10, 5, 65_535 - 20));
        assertEquals(3, CompactSlots.widthFor(10, 5, 65_535 - 19));
        assertEquals(4, CompactSlots.widthFor(0, 1, 1 << 24));
        assertEquals(3 + 3 * 2 + 250, CompactSlots.recordSize("Person", 3, 3, 250));
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
            int dataStart = fixedBytes + slots * width;
            int[] ends = new int[slotBits];
            int end = dataStart;
            for (int j = 0; j < slotBits; j++) {
                end += present[j] ? random.nextInt(width == 1 ? 2 : 300) : 0;
                ends[j] = end;
            }
            ByteBuffer buffer = ByteBuffer.allocate(base + end);
            CompactSlots.writeWidth(buffer, base, width);
            int slot = 0;
            for (int j = 0; j < slotBits; j++) {
                BitFields.writeBit(buffer, base, CompactSlots.WIDTH_BITS + j, present[j]);
                if (present[j]) {
                    CompactSlots.writeSlot(buffer, base + fixedBytes + slot++ * width, width, ends[j]);
                }
            }
            String context = "seed " + seed;
            assertEquals(width, CompactSlots.width(buffer, base), context);
            assertEquals(dataStart, CompactSlots.checkedDataStart("R", buffer, base, fixedBytes, slotBits, end),
                    context);
            for (int j = 0; j < slotBits; j++) {
                assertEquals(present[j], CompactSlots.hasSlot(buffer, base, j), context);
                assertEquals(ends[j], CompactSlots.end(buffer, base, fixedBytes, slotBits, j), context + ", field " + j);
                long span = CompactSlots.span(buffer, base, fixedBytes, slotBits, j);
                assertEquals(j == 0 ? dataStart : ends[j - 1], CompactSlots.spanStart(span), context + ", field " + j);
                assertEquals(ends[j], CompactSlots.spanEnd(span), context + ", field " + j);
            }
            assertEquals(end, CompactSlots.size(buffer, base, fixedBytes, slotBits), context);
        }
    }

    /**
     * {@code checkedSize}, one walk of the slot bits and table, against the checks it stands for made field by field
     * (the table within the bytes available, each required slot bit, each slot ascending as {@code end} reads it, the
     * size): the same size, or the same first error, over random and damaged tables, for many seeds.
     */
    @Test
    void checkedSizeFindsWhatTheFieldByFieldChecksFind() {
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            RandomTable table = RandomTable.of(random, 130, 4, 8, 600);
            int slotBits = table.slotBits();
            int fixedBytes = table.fixedBytes();
            int width = table.width();
            String[] fields = table.fields();
            long[] required = table.required();
            int base = table.base();
            ByteBuffer buffer = table.buffer();
            int slots = table.slots();
            boolean damaged = table.damaged();
            int available = damaged && random.nextBoolean() ? random.nextInt(fixedBytes + slots * width + 2)
                    : buffer.limit() - base;
            String expected;
            try {
                int walked = CompactSlots.checkedDataStart("R", buffer, base, fixedBytes, slotBits, available);
                for (int j = 0; j < slotBits; j++) {
                    if ((required[j >>> 6] >>> j & 1) != 0 && !CompactSlots.hasSlot(buffer, base, j)) {
                        throw new CorruptDataException(fields[j]
                                + ": a required field without its end slot (slot bit 0)");
                    }
                    walked = VariableData.nextEnd(fields[j], walked,
                            CompactSlots.end(buffer, base, fixedBytes, slotBits, j));
                }
                expected = "size " + VariableData.dataWithin("R", walked,
                        CompactSlots.size(buffer, base, fixedBytes, slotBits));
            } catch (CorruptDataException e) {
                expected = e.getMessage();
            }
            String actual;
            try {
                actual = "size " + CompactSlots.checkedSize("R", fields, required, buffer, base, fixedBytes,
                        available);
            } catch (CorruptDataException e) {
                actual = e.getMessage();
            }
            assertEquals(expected, actual, "seed " + seed);
        }
    }

    /**
     * A nested record or a list's element as its getters read it: {@code checkNestedSize}, in constant time, then
     * each field's {@code checkedSpan} against the data's length, against what they stand for: the container's
     * comparison of the record's size ({@code sizeOf}) with its data's length, then {@code wrap}'s
     * {@code checkedSize}, which walks every slot. Over random, damaged tables and lengths, the record passes all of
     * the first checks exactly when it passes the second, each span read is the one {@code span} reads, and the
     * errors name the field, the element or the record's field; for many seeds.
     */
    @Test
    void nestedChecksAndCheckedSpansAcceptWhatSizeOfThenCheckedSizeAccept() {
        for (long seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            RandomTable table = RandomTable.of(random, 80, 3, 10, 400);
            int slotBits = table.slotBits();
            int fixedBytes = table.fixedBytes();
            String[] fields = table.fields();
            long[] required = table.required();
            int at = table.base();
            ByteBuffer buffer = table.buffer();
            int size = CompactSlots.size(buffer, at, fixedBytes, slotBits);
            int length = random.nextBoolean() ? size : Math.max(0, Math.min(buffer.limit() - at,
                    size + random.nextInt(7) - 3));
            boolean before;
            try {
                String problem = VariableData.nestedProblem(buffer, at, length, fixedBytes,
                        (b, o) -> CompactSlots.sizeOf("R", b, o, fixedBytes, slotBits));
                if (problem != null) {
                    throw new CorruptDataException(problem);
                }
                VariableData.length("R", buffer, at, fixedBytes,
                        CompactSlots.checkedSize("R", fields, required, buffer, at, fixedBytes, buffer.limit() - at));
                before = true;
            } catch (CorruptDataException e) {
                before = false;
            }
            int index = random.nextInt(3) - 1;
            String error = null;
            try {
                CompactSlots.checkNestedSize("H.r", index, "R", fields, required, buffer, at, length, fixedBytes);
                for (int j = 0; j < slotBits; j++) {
                    long span = CompactSlots.checkedSpan(fields[j], buffer, at, length, fixedBytes, slotBits, j);
                    assertEquals(CompactSlots.span(buffer, at, fixedBytes, slotBits, j), span, "seed " + seed);
                }
            } catch (CorruptDataException e) {
                error = e.getMessage();
            }
            String context = "seed " + seed + ": " + error;
            assertEquals(before, error == null, context);
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
        // The worked example with photo's slot (19) lowered to 14, before name's end (15).
        ByteBuffer buffer = at(0, PERSON.replace("0F1315", "0F0E15"));
        String[] fields = {"Person.name", "Person.photo", "Person.note"};
        CompactSlots.checkNestedSize("H.person", -1, "Person", fields, new long[] {0}, buffer, 0, 21, 3);
        assertEquals(6L << 32 | 15, CompactSlots.checkedSpan("Person.name", buffer, 0, 21, 3, 3, 0));
        CorruptDataException photo = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSpan("Person.photo", buffer, 0, 21, 3, 3, 1));
        assertEquals("Person.photo: its data 15..14 does not lie within the record's data, bytes 6..21: the "
                + "record's end slots must ascend", photo.getMessage());
        CorruptDataException unlimited = assertThrows(CorruptDataException.class,
                () -> CompactSlots.span(buffer, 0, 3, 3, 1));
        assertEquals("variable-length field 1: its data 15..14 does not lie within the record's data, from byte 6: "
                + "the record's end slots must ascend", unlimited.getMessage());
        // note's own slots ascend and lie within the record: its getter reads them; checkedSize names photo.
        assertEquals(14L << 32 | 21, CompactSlots.checkedSpan("Person.note", buffer, 0, 21, 3, 3, 2));
        CorruptDataException walked = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSize("Person", fields, new long[] {0}, buffer, 0, 3, 21));
        assertTrue(walked.getMessage().startsWith("Person.photo: "), walked.getMessage());
        CorruptDataException beyond = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedSpan("Person.note", at(0, PERSON), 0, 20, 3, 3, 2));
        assertTrue(beyond.getMessage().startsWith("Person.note: its data 19..21 "), beyond.getMessage());
    }

    @Test
    void aTableBeyondTheRecordIsCorrupt() {
        ByteBuffer buffer = at(0, PERSON);
        CorruptDataException error = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedDataStart("Person", buffer, 0, 3, 3, 5));
        assertEquals("Person: its slot table ends at byte 6, beyond the 5 bytes available", error.getMessage());
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
            String[] fields, long[] required, boolean damaged) {

        /**
         * A table of up to {@code maxSlotBits} slot bits, one in {@code absentOneIn} of them 0, one in
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
            int end = fixedBytes + slots * width;
            boolean damaged = random.nextInt(3) == 0;
            for (int slot = 0; slot < slots; slot++) {
                end += damaged && random.nextInt(slots) == 0 ? -1 - random.nextInt(3) : random.nextInt(4);
                CompactSlots.writeSlot(buffer, base + fixedBytes + slot * width, width,
                        Math.max(0, Math.min(end, (1 << (8 * Math.min(width, 3))) - 1)));
            }
            return new RandomTable(buffer, base, slotBits, fixedBytes, width, slots, fields, required, damaged);
        }
    }
}
