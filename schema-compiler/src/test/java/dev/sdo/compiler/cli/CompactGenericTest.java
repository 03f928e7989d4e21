package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.DescriptorFormat;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compact records (docs/record-format.md, section 8) through the generic path alone: descriptors made by the compiler,
 * records written by {@link GenericWriter} byte for byte as the section says and read back by {@link GenericRecord},
 * damaged bytes refused naming the field, the descriptor's version 5 round trip through {@code sdoc schema}, and
 * {@code sdoc convert} and {@code dump} of compact records.
 */
class CompactGenericTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private static final String PERSON = """
            package ex;
            @compact
            record Person { id: int(0..1000); name: string; flag: bool; photo: bytes optional;
                note: string optional; tail: uint8; }
            """;

    private static final String NESTED = """
            package ex;
            @compact
            record Inner { id: uint8; name: string; }
            record Plain { a: uint8; in: Inner; tail: uint8; }
            @compact
            record Outer { p: Plain optional; i: Inner; items: list<Inner>; n: uint8; }
            @compact
            record Back { o: Outer; tag: uint8; }
            """;

    private static final String UNIONS = """
            package ex;
            record Wide { a: int64; b: int64; }
            union Pick { small: uint8; text: string; wide: Wide; }
            @compact
            record U { x: uint8; p: Pick optional; s: string; }
            """;

    private static final String WIDTHS = """
            package ex;
            @compact
            record Item { id: uint8; name: string; }
            @compact
            record Holder { name: string; words: list<string>; items: list<Item>; counts: list<uint16>;
                note: string optional; tail: uint8; }
            @compact
            record Top { h: Holder; more: list<Holder>; }
            """;

    @TempDir
    Path dir;

    /**
     * {@link GenericWriter} writes a compact record in one pass at the slot width its record last needed, and lays it
     * out again when that was wrong (docs/record-format.md, section 8.2: the smallest width whose slots hold the
     * size): records on both sides of each width's limit (255 bytes and the smallest of width 2, 65,535 and the
     * smallest of width 3), written after records that needed a wider and a narrower width, and with lists whose
     * counts and end offsets (at the record's width, section 8.5) do not fit the width first guessed, hold the bytes
     * the sizing pass sizes, at the smallest width, and read back; the same values give the same bytes whatever was
     * written before.
     */
    @Test
    void aCompactRecordWrittenInOnePassTakesTheSmallestSlotWidthWhateverItsWriterGuessed() {
        SchemaDescriptor schema = descriptor(WIDTHS, "Holder");
        GenericWriter writer = GenericWriter.of(schema);
        List<Integer> sizes = new ArrayList<>();
        for (int limit : new int[] {255, 65_535}) {
            for (int step = 0; step < 200; step++) {
                // Each name length with and without a note (odd lengths have one).
                int length = limit - 100 + step / 2;
                RecordValues values = holder(writer, length, 2, 2, 3).set("note", step % 2 == 0 ? null : "odd");
                byte[] bytes = checkedBytes(schema, writer, values, length, 2, 2, 3);
                sizes.add(bytes.length);
                // The same values written by a writer that has written nothing (it guesses width 1), and by one
                // whose last record needed width 3.
                assertThat(GenericWriter.of(schema).toByteArray(values)).isEqualTo(bytes);
                GenericWriter wide = GenericWriter.of(schema);
                wide.toByteArray(holder(wide, 70_000, 1, 1, 1));
                assertThat(wide.toByteArray(values)).isEqualTo(bytes);
            }
        }
        assertThat(sizes).contains(255, 65_535);
        assertThat(sizes.stream().filter(size -> size > 255 && size < 300).count()).isPositive();
        assertThat(sizes.stream().filter(size -> size > 65_535).count()).isPositive();

        // Lists longer than the width first guessed holds, in a record that needs width 2 (then 3); then short
        // ones again after them.
        for (int[] shape : new int[][] {{3, 60, 2, 2}, {3, 2, 40, 2}, {3, 2, 2, 200}, {3, 9_000, 2, 2},
                {3, 2, 2, 40_000}, {0, 0, 0, 0}, {1, 1, 1, 1}, {300, 0, 0, 0}}) {
            RecordValues values = holder(writer, shape[0], shape[1], shape[2], shape[3]);
            byte[] bytes = checkedBytes(schema, writer, values, shape[0], shape[1], shape[2], shape[3]);
            assertThat(GenericWriter.of(schema).toByteArray(values)).isEqualTo(bytes);
        }

        // Holders nested in a compact record and listed by it, of every width, appended to a store.
        SchemaDescriptor topSchema = descriptor(WIDTHS, "Top");
        GenericWriter topWriter = GenericWriter.of(topSchema);
        RecordValues top = topWriter.newRecord();
        List<RecordValues> more = new ArrayList<>();
        int[] lengths = {1, 250, 3, 300, 70_000, 2, 65_400, 0};
        for (int length : lengths) {
            more.add(filled(top.newNested(0), length, 2, 2, 2));
        }
        top.set("h", filled(top.newNested(0), 255, 0, 0, 0)).set("more", more);
        VariableRecordStore store = VariableRecordStore.heap(topSchema.record().fixedBytes());
        long index = topWriter.append(top, store);
        assertThat(store.recordSize(index)).isEqualTo(topWriter.encodedSize(top));
        byte[] written = new byte[store.recordSize(index)];
        store.chunkOf(index).get(store.offsetOf(index), written);
        assertThat(GenericWriter.of(topSchema).toByteArray(top)).isEqualTo(written);
        GenericRecord read = GenericRecord.of(topSchema).moveTo(ByteBuffer.wrap(written), 0, written.length);
        assertThat(read.byteSize()).isEqualTo(written.length);
        checkHolder(read.getRecord("h"), 255, 0, 0, 0);
        GenericList list = read.getList("more");
        assertThat(list.size()).isEqualTo(lengths.length);
        for (int i = 0; i < lengths.length; i++) {
            checkHolder((GenericRecord) list.get(i), lengths[i], 2, 2, 2);
        }
    }

    /** Moves {@code cursor} to the compact record that is all of {@code bytes}, which give its size. */
    private static GenericRecord moveTo(GenericRecord cursor, byte[] bytes) {
        return cursor.moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    /** Writes {@code values}, checks the bytes as the sizing pass sizes them and reads them back; returns them. */
    private static byte[] checkedBytes(SchemaDescriptor schema, GenericWriter writer, RecordValues values,
            int nameLength, int words, int items, int counts) {
        byte[] bytes = writer.toByteArray(values);
        assertThat(bytes.length).isEqualTo(writer.encodedSize(values));
        int width = bytes.length < 1 << 8 ? 1 : bytes.length < 1 << 16 ? 2 : 3;
        assertThat((bytes[0] & 3) + 1).as("slot width of %s bytes", bytes.length).isEqualTo(width);
        GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(read.byteSize()).isEqualTo(bytes.length);
        checkHolder(read, nameLength, words, items, counts);
        assertThat(read.has("note")).isEqualTo(values.get(values.descriptor().indexOf("note")) != null);
        return bytes;
    }

    private static RecordValues holder(GenericWriter writer, int nameLength, int words, int items, int counts) {
        return filled(writer.newRecord(), nameLength, words, items, counts);
    }

    /** A holder with a name of {@code nameLength} letters and lists of the sizes given. */
    private static RecordValues filled(RecordValues holder, int nameLength, int words, int items, int counts) {
        List<String> wordList = new ArrayList<>();
        for (int i = 0; i < words; i++) {
            wordList.add("w" + i);
        }
        List<RecordValues> itemList = new ArrayList<>();
        int item = holder.schema().records().stream().map(RecordDescriptor::simpleName).toList().indexOf("Item");
        for (int i = 0; i < items; i++) {
            itemList.add(RecordValues.of(holder.schema(), item).set("id", (long) (i % 256))
                    .set("name", "item " + i));
        }
        List<Long> countList = new ArrayList<>();
        for (int i = 0; i < counts; i++) {
            countList.add((long) (i % 65_536));
        }
        return holder.set("name", "n".repeat(nameLength)).set("words", wordList).set("items", itemList)
                .set("counts", countList).set("note", nameLength % 2 == 0 ? null : "odd").set("tail", 7L);
    }

    private static void checkHolder(GenericRecord read, int nameLength, int words, int items, int counts) {
        assertThat(read.getString("name")).isEqualTo("n".repeat(nameLength));
        GenericList wordList = read.getList("words");
        assertThat(wordList.size()).isEqualTo(words);
        for (int i = 0; i < words; i++) {
            assertThat(wordList.get(i)).isEqualTo("w" + i);
        }
        GenericList itemList = read.getList("items");
        assertThat(itemList.size()).isEqualTo(items);
        for (int i = 0; i < items; i++) {
            GenericRecord item = (GenericRecord) itemList.get(i);
            assertThat(item.getLong("id")).isEqualTo(i % 256);
            assertThat(item.getString("name")).isEqualTo("item " + i);
        }
        GenericList countList = read.getList("counts");
        assertThat(countList.size()).isEqualTo(counts);
        for (int i = 0; i < counts; i++) {
            assertThat(((Number) countList.get(i)).longValue()).isEqualTo(i % 65_536);
        }
        if (read.has("note")) {
            assertThat(read.getString("note")).isEqualTo("odd");
        }
        assertThat(read.getLong("tail")).isEqualTo(7);
    }

    @Test
    void theWorkedExampleOfSectionEightIsWrittenByteForByteAndReadsBack() {
        SchemaDescriptor schema = descriptor(PERSON, "Person");
        assertThat(schema.version()).isEqualTo(DescriptorFormat.VERSION);
        RecordDescriptor person = schema.record();
        assertThat(person.isCompact()).isTrue();
        assertThat(person.fixedBytes()).isEqualTo(3);
        assertThat(person.slotBits()).isEqualTo(3);
        assertThat(person.fields().stream().mapToLong(FieldDescriptor::slotBit))
                .containsExactly(-1L, 2L, -1L, 3L, 4L, -1L);
        GenericWriter writer = GenericWriter.of(schema);
        RecordValues values = writer.newRecord().set("id", 999L).set("name", "Zoë 😀").set("flag", true)
                .set("photo", new byte[] {1, 2, 3, -1}).set("note", "hi").set("tail", 200L);
        byte[] bytes = writer.toByteArray(values);
        assertThat(HEX.formatHex(bytes)).isEqualTo("FCFCC80E125A6FC3AB20F09F9880010203FF6869");
        assertThat(writer.encodedSize(values)).isEqualTo(20);
        GenericRecord record = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(record.byteSize()).isEqualTo(20);
        assertThat(record.getLong("id")).isEqualTo(999);
        assertThat(record.getString("name")).isEqualTo("Zoë 😀");
        assertThat(record.getBoolean("flag")).isTrue();
        assertThat(record.getBytes("photo")).containsExactly(1, 2, 3, -1);
        assertThat(record.getString("note")).isEqualTo("hi");
        assertThat(record.getLong("tail")).isEqualTo(200);

        values.set("photo", null);
        byte[] without = writer.toByteArray(values);
        assertThat(HEX.formatHex(without)).isEqualTo("F4FCC80D5A6FC3AB20F09F98806869");
        GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(without), 0, 15);
        assertThat(read.has("photo")).isFalse();
        assertThat(read.get("photo")).isNull();
        assertThat(read.getString("name")).isEqualTo("Zoë 😀");
        assertThat(read.getString("note")).isEqualTo("hi");
        assertThat(read.getLong("tail")).isEqualTo(200);

        // Written at an offset of a buffer used before: the same bytes.
        ByteBuffer used = ByteBuffer.allocate(40);
        for (int i = 0; i < 40; i++) {
            used.put(i, (byte) -1);
        }
        assertThat(writer.encode(values, used, 7)).isEqualTo(15);
        byte[] copy = new byte[15];
        used.get(7, copy);
        assertThat(copy).isEqualTo(without);
        assertThat(used.get(6)).isEqualTo((byte) -1);
        assertThat(used.get(22)).isEqualTo((byte) -1);
    }

    @Test
    void compactRecordsNestInOthersAndOthersInThemAndListsHoldThem() {
        SchemaDescriptor schema = descriptor(NESTED, "Outer");
        GenericWriter writer = GenericWriter.of(schema);
        RecordValues outer = writer.newRecord();
        RecordValues plain = outer.newNested(schema.record().indexOf("p"));
        RecordValues hi = plain.newNested(plain.descriptor().indexOf("in")).set("id", 2L).set("name", "hi");
        plain.set("a", 1L).set("in", hi).set("tail", 3L);
        RecordValues empty = outer.newNested(1).set("id", 4L).set("name", "");
        RecordValues x = outer.newNested(1).set("id", 5L).set("name", "x");
        outer.set("p", plain).set("i", empty).set("items", List.of(x)).set("n", 9L);
        byte[] bytes = writer.toByteArray(outer);
        // Outer's slots of p and i (items, the last with data, ends at the size); p's nested Inner and x have no slot
        // at all (their one field with data ends at their size). i's name is empty: slot bit 0, no slot and no data
        // (section 8.1), i is 2 bytes; items's count and end offset are 1 byte wide, as the record's slots (8.5).
        assertThat(HEX.formatHex(bytes)).isEqualTo("3C010E10" + "010A00000003" + "14006869" + "2000"
                + "0105" + "2C0078");
        GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        // items's 1-byte end offset must lie after its table and within the list: 1 points into the table
        byte[] intoTable = bytes.clone();
        intoTable[17] = 1;
        GenericRecord damaged = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(intoTable), 0, bytes.length);
        assertThatThrownBy(() -> damaged.getList("items").get(0)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Outer.items[0]");
        byte[] beyond = bytes.clone();
        beyond[17] = 7;
        GenericRecord beyondRead = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(beyond), 0, bytes.length);
        assertThatThrownBy(() -> beyondRead.getList("items").get(0)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Outer.items[0]");
        GenericRecord p = read.getRecord("p");
        assertThat(p.getLong("a")).isEqualTo(1);
        assertThat(p.getRecord("in").getString("name")).isEqualTo("hi");
        assertThat(p.getRecord("in").getLong("id")).isEqualTo(2);
        assertThat(p.getLong("tail")).isEqualTo(3);
        assertThat(read.getRecord("i").getString("name")).isEmpty();
        assertThat(read.getRecord("i").getLong("id")).isEqualTo(4);
        GenericList items = read.getList("items");
        assertThat(items.size()).isEqualTo(1);
        assertThat(((GenericRecord) items.get(0)).getString("name")).isEqualTo("x");
        assertThat(read.getLong("n")).isEqualTo(9);

        // Absent p, many items, and the compact Outer inside a compact Back.
        SchemaDescriptor backSchema = descriptor(NESTED, "Back");
        GenericWriter backWriter = GenericWriter.of(backSchema);
        RecordValues back = backWriter.newRecord();
        RecordValues inBack = back.newNested(0);
        List<RecordValues> many = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add(inBack.newNested(1).set("id", (long) i).set("name", "item " + i));
        }
        inBack.set("i", inBack.newNested(1).set("id", 7L).set("name", "seven")).set("items", many).set("n", 1L);
        back.set("o", inBack).set("tag", 255L);
        byte[] backBytes = backWriter.toByteArray(back);
        assertThat(backBytes[0] & 3).as("Back's slot width code: over 255 bytes").isEqualTo(1);
        GenericRecord backRead = GenericRecord.of(backSchema).moveTo(ByteBuffer.wrap(backBytes), 0, backBytes.length);
        assertThat(backRead.byteSize()).isEqualTo(backBytes.length);
        assertThat(backRead.getLong("tag")).isEqualTo(255);
        GenericRecord o = backRead.getRecord("o");
        assertThat(o.has("p")).isFalse();
        assertThat(o.getRecord("i").getString("name")).isEqualTo("seven");
        GenericList list = o.getList("items");
        assertThat(list.size()).isEqualTo(40);
        for (int i = 0; i < 40; i++) {
            GenericRecord item = (GenericRecord) list.get(i);
            assertThat(item.getLong("id")).isEqualTo(i);
            assertThat(item.getString("name")).isEqualTo("item " + i);
        }
    }

    @Test
    void aUnionInACompactRecordHasItsSlotOnlyForAnAlternativeBehindIt() {
        SchemaDescriptor schema = descriptor(UNIONS, "U");
        GenericWriter writer = GenericWriter.of(schema);
        int wide = schema.records().stream().map(RecordDescriptor::simpleName).toList().indexOf("Wide");
        RecordValues inline = writer.newRecord().set("x", 1L).set("p", new GenericUnion(0, "small", null, 7L))
                .set("s", "hi");
        RecordValues text = writer.newRecord().set("x", 1L).set("p", new GenericUnion(1, "text", null, "é"))
                .set("s", "hi");
        RecordValues none = writer.newRecord().set("x", 1L).set("s", "hi");
        RecordValues wideValue = writer.newRecord().set("x", 1L).set("p", new GenericUnion(2, "wide", null,
                RecordValues.of(schema, wide).set("a", 1L).set("b", 2L))).set("s", "hi");
        assertThat(HEX.formatHex(writer.toByteArray(inline))).isEqualTo("18D0016869");
        assertThat(HEX.formatHex(writer.toByteArray(text))).isEqualTo("1C200006C3A96869");
        assertThat(HEX.formatHex(writer.toByteArray(none))).isEqualTo("1800006869");
        assertThat(HEX.formatHex(writer.toByteArray(wideValue))).isEqualTo("1C3000" + "14"
                + "0100000000000000" + "0200000000000000" + "6869");

        GenericRecord read = GenericRecord.of(schema);
        moveTo(read, writer.toByteArray(inline));
        assertThat(read.alternative("p")).isEqualTo(0);
        assertThat(read.getUnion("p").value()).isEqualTo(7L);
        assertThat(read.getString("s")).isEqualTo("hi");
        moveTo(read, writer.toByteArray(text));
        assertThat(read.getUnion("p").value()).isEqualTo("é");
        assertThat(read.getString("s")).isEqualTo("hi");
        moveTo(read, writer.toByteArray(none));
        assertThat(read.getUnion("p")).isNull();
        assertThat(read.has("p")).isFalse();
        moveTo(read, writer.toByteArray(wideValue));
        GenericRecord held = (GenericRecord) read.getUnion("p").value();
        assertThat(held.getLong("b")).isEqualTo(2);
        assertThat(read.getString("s")).isEqualTo("hi");

        // A slot bit that disagrees with the alternative is damage.
        byte[] damaged = writer.toByteArray(text);
        damaged[0] &= ~0x04;
        GenericRecord noSlot = moveTo(GenericRecord.of(schema), damaged);
        assertThat(noSlot.alternative("p")).isEqualTo(1);
        assertThatThrownBy(() -> noSlot.getUnion("p")).isInstanceOf(CorruptDataException.class)
                .hasMessage("U.p: union ex.Pick holds alternative text behind its slot but its slot bit is 0");
        // An inline alternative with a slot bit: the table's one slot is then taken as p's.
        byte[] inlineWithSlot = HexFormat.of().parseHex("1CD001046869");
        GenericRecord slotted = moveTo(GenericRecord.of(schema), inlineWithSlot);
        assertThatThrownBy(() -> slotted.getUnion("p")).isInstanceOf(CorruptDataException.class)
                .hasMessage("U.p: union ex.Pick holds alternative small, which is inline, but its slot bit is 1");
    }

    /**
     * Records of m optional strings and a {@code uint8} after them, m across the 56 slot bits one load counts and
     * the 64 of a word, against the bytes section 8 gives, computed here: 2 width bits, m slot bits, the tail, the
     * table, the data.
     */
    @Test
    void manyVariableFieldsAcrossFiftySixAndSixtyFourSlotBitsAndSlotsOfTwoAndThreeBytes() {
        for (int m : new int[] {1, 55, 56, 57, 63, 64, 65, 70, 130}) {
            StringBuilder text = new StringBuilder("package ex;\n@compact\nrecord Many {\n");
            for (int j = 0; j < m; j++) {
                text.append("    s").append(j).append(j % 3 == 0 ? ": string;\n" : ": string optional;\n");
            }
            text.append("    tail: uint8;\n}\n");
            SchemaDescriptor schema = descriptor(text.toString(), "Many");
            GenericWriter writer = GenericWriter.of(schema);
            for (int seed = 0; seed < 12; seed++) {
                Random random = new Random(seed * 1000L + m);
                String[] strings = new String[m];
                for (int j = 0; j < m; j++) {
                    boolean large = seed == 10 && j == m / 2 || seed == 11 && j == 0;
                    boolean present = j % 3 == 0 || random.nextInt(3) > 0 || large;
                    int length = seed == 10 && j == m / 2 ? 300 : seed == 11 && j == 0 ? 70_000
                            : random.nextInt(6);
                    strings[j] = present ? "x".repeat(length) + j : null;
                }
                RecordValues values = writer.newRecord().set("tail", 0xA5L);
                for (int j = 0; j < m; j++) {
                    values.set(j, strings[j]);
                }
                byte[] bytes = writer.toByteArray(values);
                String what = "m = " + m + ", seed " + seed;
                assertThat(HEX.formatHex(bytes)).as(what).isEqualTo(HEX.formatHex(expected(strings, 0xA5)));
                if (seed == 10 && m > 1) {
                    assertThat((bytes[0] & 3) + 1).as(what).isEqualTo(2);
                } else if (seed == 11) {
                    assertThat((bytes[0] & 3) + 1).as(what).isEqualTo(3);
                }
                GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
                for (int j = 0; j < m; j++) {
                    assertThat(read.get(j)).as(what + ", s" + j).isEqualTo(strings[j]);
                }
                assertThat(read.getLong("tail")).as(what).isEqualTo(0xA5);
            }
        }
    }

    /** A compact record of optional strings and a uint8 after them, as section 8 lays it out. */
    private static byte[] expected(String[] strings, int tail) {
        int m = strings.length;
        int fixedBytes = (2 + m + 8 + 7) / 8;
        int slots = 0;
        int data = 0;
        for (String s : strings) {
            if (s != null) {
                slots++;
                data += s.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        // The last string with data ends at the record's size: no slot for it.
        int tableSlots = Math.max(slots - 1, 0);
        int width = 1;
        while (width < 4 && fixedBytes + tableSlots * width + data >= 1L << (8 * width)) {
            width++;
        }
        int size = fixedBytes + tableSlots * width + data;
        byte[] bytes = new byte[size];
        java.util.BitSet bits = new java.util.BitSet();
        for (int b = 0; b < 2; b++) {
            bits.set(b, ((width - 1) >> b & 1) != 0);
        }
        for (int j = 0; j < m; j++) {
            bits.set(2 + j, strings[j] != null);
        }
        for (int b = 0; b < 8; b++) {
            bits.set(2 + m + b, (tail >> b & 1) != 0);
        }
        byte[] fixed = bits.toByteArray();
        System.arraycopy(fixed, 0, bytes, 0, fixed.length);
        int end = fixedBytes + tableSlots * width;
        int slot = 0;
        for (String s : strings) {
            if (s != null) {
                byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                System.arraycopy(utf8, 0, bytes, end, utf8.length);
                end += utf8.length;
                for (int i = 0; slot < tableSlots && i < width; i++) {
                    bytes[fixedBytes + slot * width + i] = (byte) (end >>> (8 * i));
                }
                slot++;
            }
        }
        return bytes;
    }

    @Test
    void theSlotWidthGrowsWithTheSizeAtItsBoundaries() {
        SchemaDescriptor schema = descriptor("package ex;\n@compact\nrecord Big { a: string; b: string optional; }\n",
                "Big");
        GenericWriter writer = GenericWriter.of(schema);
        // One fixed byte, one slot (a's; b ends at the size): 253 bytes of data make 255 bytes with a slot of one
        // byte; 254 need two.
        for (int[] sizes : new int[][] {{253, 255, 1}, {254, 257, 2}, {65_532, 65_535, 2}, {65_533, 65_537, 3}}) {
            RecordValues values = writer.newRecord().set("a", "a".repeat(sizes[0] - 1)).set("b", "b");
            byte[] bytes = writer.toByteArray(values);
            assertThat(bytes).hasSize(sizes[1]);
            assertThat((bytes[0] & 3) + 1).isEqualTo(sizes[2]);
            GenericRecord read = moveTo(GenericRecord.of(schema), bytes);
            assertThat(read.getString("a")).hasSize(sizes[0] - 1);
            assertThat(read.getString("b")).isEqualTo("b");
        }
    }

    @Test
    void optionalAndDefaultedStringsHaveASlotOnlyWhenTheyHoldAnotherValue() {
        SchemaDescriptor schema = descriptor("package ex;\n@compact\nrecord D { s: string = \"dflt\"; "
                + "o: string optional; r: string; n: uint8; }\n", "D");
        GenericWriter writer = GenericWriter.of(schema);
        // 2 + 3 slot bits, n: 13 bits, 2 bytes. The default and absent: only r has data, up to the size: no slot.
        byte[] holdsDefault = writer.toByteArray(writer.newRecord().set("s", "dflt").set("r", "r").set("n", 1L));
        assertThat(HEX.formatHex(holdsDefault)).isEqualTo("3000" + "72");
        byte[] nullIsDefault = writer.toByteArray(writer.newRecord().set("r", "r").set("n", 1L));
        assertThat(nullIsDefault).isEqualTo(holdsDefault);
        GenericRecord read = moveTo(GenericRecord.of(schema), holdsDefault);
        assertThat(read.getString("s")).isEqualTo("dflt");
        assertThat(read.has("o")).isFalse();
        assertThat(read.getString("o")).isNull();
        assertThat(read.getString("r")).isEqualTo("r");
        // An empty string is another value than the default: a slot, no data. The empty required r has neither
        // (section 8.1): slot bits 1 1 0, one slot (s's; o ends at the size).
        byte[] empty = writer.toByteArray(writer.newRecord().set("s", "").set("o", "o").set("r", "").set("n", 1L));
        assertThat(HEX.formatHex(empty)).isEqualTo("2C00" + "03" + "6F");
        moveTo(read, empty);
        assertThat(read.getString("s")).isEmpty();
        assertThat(read.getString("o")).isEqualTo("o");
        assertThat(read.getString("r")).isEmpty();
        assertThatThrownBy(() -> writer.toByteArray(writer.newRecord().set("n", 1L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("D.r");
    }

    private static final String EMPTIES = """
            package ex;
            @compact record Inner { a: uint8; s: string optional; }
            @compact record Empties { s: string; b: bytes; l: list<uint16>; o: list<uint8> optional; q: Inner;
                n: uint8; }
            """;

    /**
     * Section 8.1: an empty required string, bytes or list has slot bit 0, no slot and no data (not even a list's
     * count); a present empty optional list keeps its slot and count. The bytes are those
     * CompactRecordGenerationTest gets from the generated code of the same schema.
     */
    @Test
    void anEmptyRequiredStringBytesOrListHasNoSlotAndNoData() {
        SchemaDescriptor schema = descriptor(EMPTIES, "Empties");
        GenericWriter writer = GenericWriter.of(schema);
        int inner = schema.records().stream().map(RecordDescriptor::simpleName).toList().indexOf("Inner");
        java.util.function.Supplier<RecordValues> q = () -> RecordValues.of(schema, inner).set("a", 1L);
        RecordValues allEmpty = writer.newRecord().set("s", "").set("b", new byte[0]).set("l", List.of())
                .set("q", q.get()).set("n", 3L);
        byte[] bytes = writer.toByteArray(allEmpty);
        assertThat(HEX.formatHex(bytes)).isEqualTo("C001" + "0800");
        assertThat(writer.encodedSize(allEmpty)).isEqualTo(4);
        GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(read.getString("s")).isEmpty();
        assertThat(read.getBytes("b")).isEmpty();
        assertThat(read.getList("l")).isEmpty();
        assertThat(read.getList("l").size()).isZero();
        assertThat(read.has("o")).isFalse();
        assertThat(read.getRecord("q").getLong("a")).isEqualTo(1);
        assertThat(read.getLong("n")).isEqualTo(3);

        RecordValues optionalEmpty = writer.newRecord().set("s", "").set("b", new byte[0]).set("l", List.of())
                .set("o", List.of()).set("q", q.get()).set("n", 3L);
        assertThat(HEX.formatHex(writer.toByteArray(optionalEmpty))).isEqualTo("E00104" + "00" + "0800");
        RecordValues full = writer.newRecord().set("s", "é").set("b", new byte[] {7}).set("l", List.of(1L, 2L))
                .set("q", q.get()).set("n", 3L);
        byte[] fullBytes = writer.toByteArray(full);
        assertThat(HEX.formatHex(fullBytes)).isEqualTo("DC0107080D" + "C3A9" + "07" + "0201000200" + "0800");
        read.moveTo(ByteBuffer.wrap(fullBytes), 0, fullBytes.length);
        assertThat(read.getString("s")).isEqualTo("é");
        assertThat(read.getBytes("b")).containsExactly(7);
        assertThat(read.getList("l").getLong(1)).isEqualTo(2);
        RecordValues lEmpty = writer.newRecord().set("s", "é").set("b", new byte[] {7}).set("l", List.of())
                .set("q", q.get()).set("n", 3L);
        assertThat(HEX.formatHex(writer.toByteArray(lEmpty))).isEqualTo("CC010607" + "C3A9" + "07" + "0800");

        // The required record q without its slot is damage; so is l's slot bit 1 with no data (no count).
        byte[] noRecordSlot = bytes.clone();
        noRecordSlot[0] &= ~0x40;
        assertThatThrownBy(() -> moveTo(GenericRecord.of(schema), noRecordSlot))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Empties.q: a required field without its end slot (slot bit 0)");
        GenericRecord noCount = moveTo(GenericRecord.of(schema), HexFormat.of().parseHex("D00103" + "0800"));
        assertThat(noCount.getString("s")).isEmpty();
        assertThatThrownBy(() -> noCount.getList("l")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Empties.l");
        // l's 1-byte count (section 8.5) must agree with its data: 3 values of 16 bits do not take 1 + 4 bytes.
        byte[] countTooLarge = fullBytes.clone();
        countTooLarge[8] = 3;
        GenericRecord damaged = moveTo(GenericRecord.of(schema), countTooLarge);
        assertThatThrownBy(() -> damaged.getList("l")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Empties.l");
    }

    @Test
    void damagedCompactRecordsAreRefusedNamingTheField() {
        SchemaDescriptor schema = descriptor(PERSON, "Person");
        GenericWriter writer = GenericWriter.of(schema);
        byte[] good = writer.toByteArray(writer.newRecord().set("id", 999L).set("name", "Zoë 😀").set("flag", true)
                .set("photo", new byte[] {1, 2, 3, -1}).set("note", "hi").set("tail", 200L));

        // name's slot bit 0 means an empty name (section 8.1): the table's one slot, 14, is photo's end, and note
        // ends at the size the container gives.
        byte[] noName = good.clone();
        noName[0] &= ~0x04;
        GenericRecord emptyName = moveTo(GenericRecord.of(schema), noName);
        assertThat(emptyName.getString("name")).isEmpty();
        assertThat(emptyName.getBytes("photo")).hasSize(10);
        assertThat(emptyName.byteSize()).isEqualTo(20);
        // A compact record does not hold its size: a cursor is moved to it with its size.
        assertThatThrownBy(() -> GenericRecord.of(schema).moveTo(ByteBuffer.wrap(good), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Person is a compact record, whose size its container gives: move to it with its size");

        byte[] descending = good.clone();
        descending[3] = 0x12;
        descending[4] = 0x0E;
        assertThatThrownBy(() -> moveTo(GenericRecord.of(schema), descending))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Person.photo: its data ends at byte "
                        + "14, before it starts at byte 18");

        ByteBuffer cut = ByteBuffer.wrap(good, 0, 4).slice();
        assertThatThrownBy(() -> GenericRecord.of(schema).moveTo(cut, 0, 4)).isInstanceOf(CorruptDataException.class)
                .hasMessage("Person: its slot table ends at byte 5, beyond the 4 bytes available");

        byte[] wide = good.clone();
        wide[0] |= 3;
        assertThatThrownBy(() -> moveTo(GenericRecord.of(schema), wide))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Person.");

        byte[] beyond = good.clone();
        beyond[4] = 0x30;
        assertThatThrownBy(() -> moveTo(GenericRecord.of(schema), beyond))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Person.note: its data ends at byte "
                        + "20, before it starts at byte 48");
        assertThatThrownBy(() -> GenericRecord.of(schema).moveTo(ByteBuffer.wrap(good), 0, 30))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Person: variable data 0..30 "
                        + "is not a range within the record's 20 available bytes");

        // Nested: the inner record's table beyond its data, its required slot bit 0.
        SchemaDescriptor nested = descriptor(NESTED, "Outer");
        GenericWriter outerWriter = GenericWriter.of(nested);
        RecordValues outer = outerWriter.newRecord();
        outer.set("i", outer.newNested(1).set("id", 4L).set("name", "ab")).set("items", List.of()).set("n", 9L);
        byte[] bytes = outerWriter.toByteArray(outer);
        // Outer: 2 fixed bytes and no slot: i is its only field with data (items is empty: no slot, no data); i at
        // bytes 2..5: Inner's 2 fixed bytes and "ab", no slot either.
        assertThat(HEX.formatHex(bytes)).isEqualTo("2801" + "24006162");
        assertThat(moveTo(GenericRecord.of(nested), bytes).getList("items")).isEmpty();
        // The required record i without its slot is damage.
        byte[] outerNoSlot = bytes.clone();
        outerNoSlot[0] &= ~0x08;
        assertThatThrownBy(() -> moveTo(GenericRecord.of(nested), outerNoSlot))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Outer.i: a required field without its end slot (slot bit 0)");
        // i's name's slot bit 0: a record without data in 4 bytes.
        byte[] innerNoData = bytes.clone();
        innerNoData[2] &= ~0x04;
        GenericRecord readNoData = moveTo(GenericRecord.of(nested), innerNoData);
        assertThatThrownBy(() -> readNoData.getRecord("i")).isInstanceOf(CorruptDataException.class)
                .hasMessage("Outer.i: the record stored in its 4 bytes has no data after its 2 fixed bytes");
    }

    @Test
    void theDescriptorIsVersionFiveRoundTripsAndSdocSchemaWritesCompact() throws IOException, DescriptorException {
        CodecModel model = compiled(NESTED);
        RecordLayout back = record(model, "Back");
        byte[] descriptor = model.descriptor(back);
        assertThat(ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN).getInt(8)).isEqualTo(5);
        SchemaDescriptor parsed = SchemaDescriptor.parse(EmbeddedSchema.of(descriptor));
        assertThat(parsed.records().stream().filter(RecordDescriptor::isCompact).map(RecordDescriptor::simpleName))
                .containsExactlyInAnyOrder("Back", "Outer", "Inner");
        // A record without @compact, holding none, keeps version 2; so does a schema without any.
        CodecModel plain = compiled("package ex;\nrecord P { s: string; }\n");
        assertThat(ByteBuffer.wrap(plain.descriptor(record(plain, "P"))).order(ByteOrder.LITTLE_ENDIAN).getInt(8))
                .isEqualTo(2);

        RecordIdentity identity = model.identity(back);
        Path file = dir.resolve("back.sdob");
        VariableBatchFileWriter.write(VariableRecordStore.heap(back.bytes()), identity, file);
        SdocRun printed = SdocRun.of("schema", file.toString());
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        assertThat(printed.out()).contains("\n@compact\nrecord Back {\n", "\n@compact\nrecord Outer {\n",
                "\n@compact\nrecord Inner {\n", "\nrecord Plain {\n").doesNotContain("@compact\nrecord Plain");
        Compilation again = new SchemaCompiler().layOut(Map.of("again.sdo", printed.out()), List.of("again.sdo"));
        assertThat(again.diagnostics()).isEmpty();
        CodecModel recompiled = again.model().orElseThrow();
        RecordLayout backAgain = recompiled.record(back.record().name());
        assertThat(recompiled.descriptor(backAgain)).isEqualTo(descriptor);
        assertThat(recompiled.identity(backAgain)).isEqualTo(identity);
    }

    @Test
    void aFileOfCompactRecordsReadAsRecordsWithoutCompactNamesTheDifference() throws IOException {
        CodecModel compact = compiled(PERSON);
        CodecModel plain = compiled(PERSON.replace("@compact\n", ""));
        RecordLayout person = record(compact, "Person");
        RecordLayout plainPerson = record(plain, "Person");
        assertThat(plain.identity(plainPerson).fingerprint()).isNotEqualTo(compact.identity(person).fingerprint());
        Path file = dir.resolve("person.sdob");
        VariableBatchFileWriter.write(VariableRecordStore.heap(person.bytes()), compact.identity(person), file);
        assertThatThrownBy(() -> dev.sdo.runtime.generic.GenericBatch.open(file, plain.identity(plainPerson),
                version -> null)).hasMessageContaining("record Person: @compact in the file, not in this schema");
    }

    @Test
    void aDescriptorOfANewerVersionIsRefused() {
        byte[] descriptor = compiled(PERSON).descriptor(record(compiled(PERSON), "Person"));
        ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 6);
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(descriptor)))
                .isInstanceOf(DescriptorException.class)
                .hasMessageContaining("descriptor version 6; this runtime reads versions 1 to 5");
        // Version 3's compact records held their last end slot: refused rather than misread.
        ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 3);
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(descriptor)))
                .isInstanceOf(DescriptorException.class)
                .hasMessageContaining("record ex.Person: a compact record of descriptor version 3");
    }

    /** Every flipped byte and cut of a version-5 descriptor is refused or read, never another exception. */
    @Test
    void everyFlipAndCutOfAVersionFiveDescriptorIsRefusedOrRead() {
        CodecModel model = compiled(NESTED + UNIONS.replace("package ex;", ""));
        byte[] descriptor = model.descriptor(record(model, "Back"));
        for (int at = 0; at < 2 * descriptor.length; at++) {
            byte[] damaged = at < descriptor.length ? descriptor.clone()
                    : java.util.Arrays.copyOf(descriptor, Math.max(8, at - descriptor.length));
            if (at < descriptor.length) {
                damaged[at] ^= 0x21;
            }
            try {
                DescriptorText.of(SchemaDescriptor.parse(EmbeddedSchema.of(damaged)));
            } catch (DescriptorException | DescriptorText.Unwritable expected) {
                // refused, saying why
            }
        }
    }

    /** sdoc convert and dump of compact records: the same JSON as the records without {@code @compact}, fewer bytes. */
    @Test
    void jsonConvertsAndDumpsAsTheSameRecordsWithoutCompact() throws IOException {
        String schema = """
                package rich;
                enum Side { Buy, Sell }
                record Point { x: int8; y: int(0..100) optional; }
                @compact record Named { id: uint8; name: string; }
                union Small { a: bool; b: int(0..5); note: string; }
                @compact abstract record Rate { id: uint16; }
                @compact record FixedRate extends Rate { rate: decimal(10, 6); }
                @compact record FloatingRate extends Rate { index: string; }
                @compact record Node { value: int32; next: Node optional; }
                @compact
                record Rich {
                    b: bool;
                    side: Side = Sell;
                    p: Point;
                    n: Named optional;
                    s: string;
                    sd: string = "x";
                    blob: bytes;
                    big: decimal;
                    bi: integer optional;
                    pts: list<Point>;
                    names: list<Named>;
                    grid: list<list<uint8>>;
                    sm: Small;
                    smo: Small optional;
                    smalls: list<Small>;
                    rate: Rate;
                    chain: Node;
                }
                """;
        String records = """
                [
                  {"b": true, "side": "Buy", "p": {"x": 1, "y": 100}, "n": {"id": 3, "name": "Zoë 😀"}, \
                "s": "a \\"quoted\\"\\nline", "sd": "x", "blob": "AQID/w==", "big": 50000000.00, "bi": -129, \
                "pts": [{"x": -128, "y": null}], "names": [{"id": 1, "name": ""}, {"id": 2, "name": "two"}], \
                "grid": [[7], []], "sm": {"b": 5}, "smo": {"note": "n"}, "smalls": [{"note": "hé"}, {"a": false}], \
                "rate": {"fixedRate": {"id": 7, "rate": 0.012500}}, \
                "chain": {"value": 1, "next": {"value": 2, "next": null}}},
                  {"b": false, "side": "Sell", "p": {"x": 0, "y": 0}, "n": null, "s": "", "sd": "y", "blob": "", \
                "big": -1500.0, "bi": null, "pts": [], "names": [], "grid": [], "sm": {"note": ""}, "smo": null, \
                "smalls": [], "rate": {"floatingRate": {"id": 8, "index": "EURIBOR"}}, \
                "chain": {"value": 0, "next": null}}
                ]
                """;
        Path json = Files.writeString(dir.resolve("rich.json"), records);
        Path compact = Files.writeString(dir.resolve("compact.sdo"), schema);
        Path plain = Files.writeString(dir.resolve("plain.sdo"), schema.replace("@compact ", "")
                .replace("@compact\n", ""));
        long[] sizes = new long[2];
        int i = 0;
        for (Path sdo : List.of(compact, plain)) {
            Path batch = dir.resolve(sdo.getFileName() + ".sdob");
            SdocRun convert = SdocRun.of("convert", "-s", sdo.toString(), "-r", "Rich", json.toString(), "-o",
                    batch.toString());
            assertThat(convert.exitCode()).as(convert.err()).isZero();
            SdocRun dump = SdocRun.of("dump", "-f", "json", batch.toString());
            assertThat(dump.exitCode()).as(dump.err()).isZero();
            assertThat(dump.out()).isEqualTo(records);
            SdocRun check = SdocRun.of("check", batch.toString());
            assertThat(check.exitCode()).as(check.err() + check.out()).isZero();
            sizes[i++] = recordBytes(batch);
        }
        assertThat(sizes[0]).as("compact records' bytes").isLessThan(sizes[1]);
    }

    /** The records' bytes of a batch file, from sdoc dump's generic records. */
    private static final String SHARED = """
            package ex;
            @compact
            record Party { id: string; name: string optional; }
            @compact
            record Doc { pad: bytes optional; a: Party; b: Party; href: string; }
            @compact
            record Big { pre: string; doc: Doc; blob: bytes; again: string; }
            """;

    @Test
    void aRepeatedStringIsAReferenceToTheFirstOneAndReadsAsIt() {
        SchemaDescriptor schema = descriptor(SHARED, "Doc");
        GenericWriter writer = GenericWriter.of(schema);
        RecordValues doc = writer.newRecord();
        RecordValues a = doc.newNested(1).set("id", "party1").set("name", "Acme Bank");
        RecordValues b = doc.newNested(2).set("id", "party2").set("name", "Acme Bank");
        doc.set("a", a).set("b", b).set("href", "party1");
        byte[] bytes = writer.toByteArray(doc);
        // Worked out from record-format.md 8.6: b's name and href repeat strings of 9 and 6 bytes written before them,
        // so each is 3 bytes: 0x80 | (length - 4), then how far back the first one's bytes start (17 and 26).
        assertThat(HEX.formatHex(bytes)).isEqualTo("38141F"
                + "0C08" + "706172747931" + "41636D652042616E6B"
                + "0C08" + "706172747932" + "851100"
                + "821A00");
        assertThat(writer.encodedSize(doc)).as("the sizing pass shares the same strings").isEqualTo(bytes.length);
        GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(read.getString("href")).isEqualTo("party1");
        assertThat(read.getRecord("b").getString("name")).isEqualTo("Acme Bank");
        assertThat(read.getRecord("b").getString("id")).isEqualTo("party2");
        assertThat(read.getRecord("a").getString("name")).isEqualTo("Acme Bank");

        // A reference that reaches before the buffer, or to bytes that do not end before it, is refused by name.
        byte[] before = bytes.clone();
        before[32] = (byte) 0xFF;
        GenericRecord damaged = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(before), 0, before.length);
        assertThatThrownBy(() -> damaged.getString("href")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Doc.href: its reference to a string of 6 bytes 255 bytes before it");
        byte[] overlapping = bytes.clone();
        overlapping[32] = 5;
        GenericRecord overlaps = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(overlapping), 0, before.length);
        assertThatThrownBy(() -> overlaps.getString("href")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Doc.href: its reference");
    }

    @Test
    void referencesKeepTheirTargetsWhenRecordsAreLaidOutAgainAndADocumentOver64KiBSharesNothing() {
        SchemaDescriptor schema = descriptor(SHARED, "Big");
        GenericWriter writer = GenericWriter.of(schema);
        // Doc's pad of 300 bytes needs 2-byte slots, then none does not: Doc is written at a width guessed from the
        // record before and laid out again, moving references to strings before it and strings referred to after it.
        int[][] cases = {{0, 10}, {300, 10}, {0, 300}, {300, 70_000}, {0, 5}, {300, 65_100}, {0, 65_600}};
        for (int[] sizes : cases) {
            int pad = sizes[0];
            int blob = sizes[1];
            String name = "N".repeat(blob % 2 == 0 ? 60 : 4);
            RecordValues same = big(writer, pad, blob, "party1", "party1", name, "party1", "party1", name, name);
            byte[] bytes = writer.toByteArray(same);
            String label = "pad " + pad + ", blob " + blob;
            assertThat(writer.encodedSize(same)).as(label).isEqualTo(bytes.length);
            GenericRecord read = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
            GenericRecord doc = read.getRecord("doc");
            assertThat(read.getString("pre")).as(label).isEqualTo("party1");
            assertThat(doc.getRecord("a").getString("id")).as(label).isEqualTo("party1");
            assertThat(doc.getRecord("b").getString("id")).as(label).isEqualTo("party1");
            assertThat(doc.getRecord("b").getString("name")).as(label).isEqualTo(name);
            assertThat(doc.getString("href")).as(label).isEqualTo("party1");
            assertThat(read.getString("again")).as(label).isEqualTo(name);
            // The same document with no string repeated: each of the five repeats costs 3 bytes rather than its
            // length, in a document of at most 65,535 bytes; a larger one shares nothing.
            String other = "M".repeat(name.length());
            int distinct = writer.encodedSize(big(writer, pad, blob, "party1", "party2", "O" + other.substring(1),
                    "party3", "party4", "P" + other.substring(1), "Q" + other.substring(1)));
            if (bytes.length > 65_535) {
                assertThat(bytes.length).as(label).isEqualTo(distinct);
            } else {
                assertThat(distinct - bytes.length).as(label).isGreaterThanOrEqualTo(3 * 3 + 2 * (name.length() - 3));
            }
        }
    }

    private static RecordValues big(GenericWriter writer, int pad, int blob, String pre, String aId, String aName,
            String bId, String href, String bName, String again) {
        RecordValues big = writer.newRecord();
        RecordValues doc = big.newNested(1);
        RecordValues a = doc.newNested(1).set("id", aId).set("name", aName);
        RecordValues b = doc.newNested(2).set("id", bId).set("name", bName);
        doc.set("pad", pad == 0 ? null : new byte[pad]).set("a", a).set("b", b).set("href", href);
        return big.set("pre", pre).set("doc", doc).set("blob", new byte[blob]).set("again", again);
    }

    private static long recordBytes(Path batch) throws IOException {
        dev.sdo.runtime.generic.GenericBatch records = dev.sdo.runtime.generic.GenericBatch.open(batch);
        long bytes = 0;
        for (long i = 0; i < records.size(); i++) {
            bytes += records.get(i).byteSize();
        }
        return bytes;
    }

    private static SchemaDescriptor descriptor(String text, String record) {
        CodecModel model = compiled(text);
        try {
            return SchemaDescriptor.parse(EmbeddedSchema.of(model.descriptor(record(model, record))));
        } catch (DescriptorException e) {
            throw new AssertionError(e);
        }
    }

    private static CodecModel compiled(String text) {
        Compilation compilation = new SchemaCompiler().layOut(Map.of("s.sdo", text), List.of("s.sdo"));
        assertThat(compilation.diagnostics()).isEmpty();
        return compilation.model().orElseThrow();
    }

    private static RecordLayout record(CodecModel model, String simpleName) {
        return model.records().stream().filter(r -> r.record().name().simpleName().equals(simpleName)).findFirst()
                .orElseThrow();
    }
}
