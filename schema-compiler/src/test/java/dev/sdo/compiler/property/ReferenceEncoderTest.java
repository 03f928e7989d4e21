package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

/**
 * The oracle is tested too: the reference layout and encoder must reproduce the numbers the spec itself gives,
 * and the schema generator's alphabets must mean what their text says.
 */
class ReferenceEncoderTest {
    private final SpecLayout layout = new SpecLayout();
    private final ReferenceEncoder encoder = new ReferenceEncoder(layout);

    @Test
    void widthsGivenAsExamplesInTheSpec() {
        assertThat(layout.width(new TestType.Range(1, 31, false))).isEqualTo(5);
        assertThat(layout.width(new TestType.Decimal(12, 2, false))).isEqualTo(40);
        assertThat(layout.width(new TestType.Decimal(15, 2, true))).isEqualTo(51);
        assertThat(layout.width(new TestType.Date(LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31), true)))
                .isEqualTo(16);
        assertThat(layout.width(new TestType.Date(TestType.FIRST_DAY, TestType.LAST_DAY, false))).isEqualTo(22);
        assertThat(layout.width(new TestType.Time())).isEqualTo(27);
        assertThat(layout.width(new TestType.Chars(3, "A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))).isEqualTo(15);
        assertThat(layout.width(new TestType.Chars(2, null, TestType.PRINTABLE_ASCII))).isEqualTo(14);
        assertThat(layout.width(new TestType.EnumRef(new TestEnum("One", List.of("A"))))).isEqualTo(1);
        assertThat(layout.width(new TestType.EnumRef(new TestEnum("Five", List.of("D", "W", "M", "Q", "Y")))))
                .isEqualTo(3);
        assertThat(layout.width(new TestType.Range(Long.MIN_VALUE, Long.MAX_VALUE, false))).isEqualTo(64);
    }

    @Test
    void eurIsA54A() {
        TestRecord record = new TestRecord("Money", List.of(field("currency",
                new TestType.Chars(3, "A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), false)));

        assertThat(encoder.encode(new RecordValue(record, List.of("EUR")))).containsExactly(0xA5, 0x4A);
    }

    /** docs/record-format.md, section 2.1: a nested record with variable-length data is its whole encoding. */
    @Test
    void theNestedPairOfTheRecordFormat() {
        TestRecord pair = new TestRecord("Pair", List.of(field("id", new TestType.FixedInt(8, false), false),
                field("name", new TestType.Str(), false)));
        TestRecord outer = new TestRecord("Outer", List.of(field("a", new TestType.FixedInt(8, false), false),
                field("p", new TestType.RecordRef(pair), false), field("tail", new TestType.FixedInt(8, false), false)));

        byte[] bytes = encoder.encode(new RecordValue(outer, List.of(1, new RecordValue(pair, List.of(2, "hi")), 3)));

        assertThat(bytes).containsExactly(1, 13, 0, 0, 0, 3, 2, 7, 0, 0, 0, 'h', 'i');
    }

    /** docs/record-format.md, section 5: {@code Flat{x=1, s=Small{b=5}, y=2}} is {@code 01 56 00}. */
    @Test
    void theFlatUnionOfTheRecordFormat() {
        TestUnion small = new TestUnion("Small", List.of(field("a", new TestType.Bool(), true),
                field("b", new TestType.Range(0, 5, false), true)));
        TestRecord flat = new TestRecord("Flat", List.of(field("x", new TestType.FixedInt(8, false), false),
                field("s", new TestType.UnionRef(small), false), field("y", new TestType.FixedInt(8, false), false)));

        assertThat(layout.unionBits(small)).isEqualTo(5);
        assertThat(layout.bytes(flat)).isEqualTo(3);
        assertThat(encoder.encode(new RecordValue(flat, List.of(1, new RecordValue.UnionValue(small, 1, 5), 2))))
                .containsExactly(0x01, 0x56, 0x00);
    }

    /** docs/record-format.md, section 5: the test schema's {@code Product} is 4 + 16 + 32 = 52 bits. */
    @Test
    void theProductUnionOfTheRecordFormat() {
        TestEnum side = new TestEnum("Side", List.of("Buy", "Sell"));
        TestRecord point = new TestRecord("Point", List.of(field("x", new TestType.FixedInt(8, true), false),
                field("y", new TestType.FixedInt(8, true), false)));
        TestRecord wide = new TestRecord("Wide", List.of(field("a", new TestType.FixedInt(64, true), false),
                field("b", new TestType.FixedInt(64, true), false)));
        TestRecord named = new TestRecord("Named", List.of(field("id", new TestType.FixedInt(8, false), false),
                field("name", new TestType.Str(), false)));
        TestUnion product = new TestUnion("Product", List.of(field("amount", new TestType.Range(0, 1000, false), true),
                field("side", new TestType.EnumRef(side), true), field("point", new TestType.RecordRef(point), true),
                field("wide", new TestType.RecordRef(wide), true), field("named", new TestType.RecordRef(named), true),
                field("note", new TestType.Str(), true), field("blob", new TestType.Blob(), true),
                field("nums", new TestType.ListOf(new TestType.FixedInt(16, true)), true),
                field("big", new TestType.Unbounded(false), true)));

        assertThat(layout.unionBits(product)).isEqualTo(52);
    }

    /** docs/record-format.md, section 2.2: the bytes of unbounded integers and decimals. */
    @Test
    void unboundedNumbersOfTheRecordFormat() {
        assertThat(ReferenceEncoder.unbounded(BigInteger.ZERO)).containsExactly(0x00);
        assertThat(ReferenceEncoder.unbounded(BigInteger.valueOf(128))).containsExactly(0x00, 0x80);
        assertThat(ReferenceEncoder.unbounded(BigInteger.valueOf(-1))).containsExactly(0xFF);
        assertThat(ReferenceEncoder.unbounded(new BigDecimal("1.50"))).containsExactly(0x04, 0x00, 0x96);
        assertThat(ReferenceEncoder.unbounded(new BigDecimal("50000000.00")))
                .containsExactly(0x04, 0x01, 0x2A, 0x05, 0xF2, 0x00);
        // scale -65 is zigzag 129: two LEB128 bytes
        assertThat(ReferenceEncoder.unbounded(new BigDecimal(BigInteger.ONE, -65))).containsExactly(0x81, 0x01, 0x01);
    }

    /** docs/record-format.md, section 3: the list<bytes> and list<list<uint8>> of its drawing. */
    @Test
    void theListsDrawnInTheRecordFormat() {
        TestRecord blobs = new TestRecord("Blobs", List.of(field("b", new TestType.ListOf(new TestType.Blob()),
                false)));
        TestRecord grid = new TestRecord("Grid", List.of(field("g", new TestType.ListOf(new TestType.ListOf(
                new TestType.FixedInt(8, false))), false)));

        byte[] blobBytes = encoder.encode(new RecordValue(blobs, List.of(List.of(new byte[] {1, 2}, new byte[0],
                new byte[] {-1}))));
        byte[] gridBytes = encoder.encode(new RecordValue(grid, List.of(List.of(List.of(7), List.of()))));

        assertThat(Arrays.copyOfRange(blobBytes, 4, blobBytes.length))
                .containsExactly(3, 0, 0, 0, 18, 0, 0, 0, 18, 0, 0, 0, 19, 0, 0, 0, 1, 2, -1);
        assertThat(Arrays.copyOfRange(gridBytes, 4, gridBytes.length))
                .containsExactly(2, 0, 0, 0, 17, 0, 0, 0, 21, 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0, 0);
    }

    /** The {@code Person} of docs/record-format.md sections 2 and 8.2, {@code @compact} or not. */
    private static TestRecord person(boolean compact) {
        return new TestRecord("Person", null, false, List.of(field("id", new TestType.Range(0, 1000, false), false),
                field("name", new TestType.Str(), false), field("flag", new TestType.Bool(), false),
                field("photo", new TestType.Blob(), true), field("note", new TestType.Str(), true),
                field("tail", new TestType.FixedInt(8, false), false)), compact);
    }

    /** docs/record-format.md section 2: the {@code Person} worked example is 30 bytes, 26 without its photo. */
    @Test
    void thePersonOfTheRecordFormat() {
        TestRecord person = person(false);

        assertThat(layout.bytes(person)).isEqualTo(15);
        assertThat(encoder.encode(new RecordValue(person, List.of(999, "Zoë 😀", true, new byte[] {1, 2, 3, -1},
                "hi", 200)))).hasSize(30);
        assertThat(encoder.encode(new RecordValue(person, Arrays.asList(999, "Zoë 😀", true, null, "hi", 200))))
                .hasSize(26);
    }

    /** docs/record-format.md 8.1: the compact {@code Person}'s fixed part is 24 bits, its fields where 8.2 says. */
    @Test
    void theCompactPersonsLayout() {
        TestRecord person = person(true);

        assertThat(layout.totalBits(person)).isEqualTo(24);
        assertThat(layout.bytes(person)).isEqualTo(3);
        List<SpecLayout.Slot> slots = layout.slots(person);
        // field, presence bit, offset, width, end slot, slot bit
        assertThat(slots.stream().map(s -> List.of(s.presenceBit(), s.offset(), s.width(), s.endSlot(), s.slotBit())))
                .containsExactly(List.of(-1L, 5L, 10L, -1L, -1L), List.of(-1L, 15L, 0L, -1L, 2L),
                        List.of(-1L, 15L, 1L, -1L, -1L), List.of(3L, 16L, 0L, -1L, 3L),
                        List.of(4L, 16L, 0L, -1L, 4L), List.of(-1L, 16L, 8L, -1L, -1L));
    }

    /** docs/record-format.md 8.2: the worked example's 20 bytes, and 15 without its photo. */
    @Test
    void theCompactPersonOfTheRecordFormat() {
        TestRecord person = person(true);

        byte[] full = encoder.encode(new RecordValue(person, List.of(999, "Zoë 😀", true, new byte[] {1, 2, 3, -1},
                "hi", 200)));
        byte[] noPhoto = encoder.encode(new RecordValue(person, Arrays.asList(999, "Zoë 😀", true, null, "hi",
                200)));

        assertThat(full).containsExactly(0xFC, 0xFC, 0xC8, 0x0E, 0x12, 0x5A, 0x6F, 0xC3, 0xAB, 0x20, 0xF0, 0x9F,
                0x98, 0x80, 0x01, 0x02, 0x03, 0xFF, 0x68, 0x69);
        assertThat(noPhoto).containsExactly(0xF4, 0xFC, 0xC8, 0x0D, 0x5A, 0x6F, 0xC3, 0xAB, 0x20, 0xF0, 0x9F,
                0x98, 0x80, 0x68, 0x69);
    }

    /**
     * docs/record-format.md 8.2, the smallest slot width: {@code @compact One { s: string; }} is 3 bits (1 byte) and
     * no slot (its one field with data ends at the record's size); a string of 254 bytes makes 255, the most one-byte
     * slots hold; one more byte takes two-byte slots (w = 1), and 65,535 bytes three (w = 2).
     */
    @Test
    void theSlotWidthIsTheSmallestThatHoldsTheSize() {
        TestRecord one = new TestRecord("One", null, false, List.of(field("s", new TestType.Str(), false)), true);

        byte[] w1 = encoder.encode(new RecordValue(one, List.of("x".repeat(254))));
        byte[] w2 = encoder.encode(new RecordValue(one, List.of("x".repeat(255))));
        byte[] w2max = encoder.encode(new RecordValue(one, List.of("x".repeat(65_534))));
        byte[] w3 = encoder.encode(new RecordValue(one, List.of("x".repeat(65_535))));

        assertThat(layout.bytes(one)).isEqualTo(1);
        assertThat(w1).hasSize(255);
        assertThat(Arrays.copyOf(w1, 2)).containsExactly(0x04, 'x');
        assertThat(w2).hasSize(256);
        assertThat(Arrays.copyOf(w2, 2)).containsExactly(0x05, 'x');
        assertThat(w2max).hasSize(65_535);
        assertThat(Arrays.copyOf(w2max, 2)).containsExactly(0x05, 'x');
        assertThat(w3).hasSize(65_536);
        assertThat(Arrays.copyOf(w3, 2)).containsExactly(0x06, 'x');
        // the empty string: slot bit 0, no slot and no data (section 8.1): the fixed part alone
        assertThat(encoder.encode(new RecordValue(one, List.of("")))).containsExactly(0x00);
    }

    /**
     * docs/record-format.md 8.1, empty required strings, bytes and lists: {@code @compact E { s: string; b: bytes;
     * l: list<uint8>; o: list<uint8> optional; n: uint8; }} is w (bits 0..1), slot bits 2..5 (s, b, l, o), n 6..13:
     * 2 bytes. An empty s, b or l has slot bit 0, no slot and no data (not even l's count); a present empty optional
     * o keeps its slot and its count, as wide as the slots (1 byte here, section 8.5).
     */
    @Test
    void emptyRequiredStringsBytesAndListsHaveNoSlot() {
        TestType uint8 = new TestType.FixedInt(8, false);
        TestRecord e = new TestRecord("E", null, false, List.of(field("s", new TestType.Str(), false),
                field("b", new TestType.Blob(), false), field("l", new TestType.ListOf(uint8), false),
                field("o", new TestType.ListOf(uint8), true), field("n", uint8, false)), true);

        assertThat(layout.bytes(e)).isEqualTo(2);
        // all empty, o present: slot bit 5 and n = 1 (bit 6); no slot (o ends at the size), then o's 1-byte count 0
        assertThat(encoder.encode(new RecordValue(e, List.of("", new byte[0], List.of(), List.of(), 1))))
                .containsExactly(0x60, 0x00, 0);
        // all empty, o absent: the fixed part alone
        assertThat(encoder.encode(new RecordValue(e, Arrays.asList("", new byte[0], List.of(), null, 1))))
                .containsExactly(0x40, 0x00);
        // none empty, o absent: slot bits 2..4, slots 5, 6 (2 + 2 + 1, + 1), then "a", 9, count 2, 5, 6 up to the size
        assertThat(encoder.encode(new RecordValue(e, Arrays.asList("a", new byte[] {9}, List.of(5, 6), null, 0))))
                .containsExactly(0x1C, 0x00, 0x05, 0x06, 'a', 0x09, 0x02, 0x05, 0x06);
        // only b empty: slot bits 2 and 4; one slot, 3 + 1 = 4, then l's count and element up to the size
        assertThat(encoder.encode(new RecordValue(e, Arrays.asList("a", new byte[0], List.of(7), null, 0))))
                .containsExactly(0x14, 0x00, 0x04, 'a', 0x01, 0x07);
    }

    /**
     * docs/record-format.md 8.6: {@code @compact Party { id: string; name: string optional; }} and {@code @compact Doc
     * { pad: bytes optional; a: Party; b: Party; href: string; }}. In {@code Doc{a=Party{"party1", "Acme Bank"},
     * b=Party{"party2", "Acme Bank"}, href="party1"}} b's name and href repeat strings of 9 and 6 bytes, written 17 and
     * 26 bytes before them: each is 3 bytes, {@code 0x80 | (length - 4)} and the distance. A string of 3 bytes, or of
     * 68, is never a reference; in a document over 65,535 bytes none is.
     */
    @Test
    void repeatedStringsOfADocumentAreReferencesToTheFirst() {
        TestRecord party = new TestRecord("Party", null, false, List.of(field("id", new TestType.Str(), false),
                field("name", new TestType.Str(), true)), true);
        TestRecord doc = new TestRecord("Doc", null, false, List.of(field("pad", new TestType.Blob(), true),
                field("a", new TestType.RecordRef(party), false), field("b", new TestType.RecordRef(party), false),
                field("href", new TestType.Str(), false)), true);

        byte[] bytes = encoder.encode(new RecordValue(doc, Arrays.asList(null,
                new RecordValue(party, List.of("party1", "Acme Bank")),
                new RecordValue(party, List.of("party2", "Acme Bank")), "party1")));

        assertThat(HexFormat.of().withUpperCase().formatHex(bytes)).isEqualTo("38141F"
                + "0C08" + "706172747931" + "41636D652042616E6B"
                + "0C08" + "706172747932" + "851100"
                + "821A00");
        // 3 and 68 bytes: written in full however often they repeat
        String long68 = "x".repeat(68);
        byte[] edges = encoder.encode(new RecordValue(doc, Arrays.asList(null,
                new RecordValue(party, List.of("abc", long68)), new RecordValue(party, List.of("abc", long68)),
                "abc")));
        assertThat(edges).hasSize(1 + 2 + 2 * (1 + 1 + 3 + 68) + 3);
        // the 67 bytes of a longest reference's string, and a document past 65,535 bytes that shares nothing
        String long67 = "y".repeat(67);
        byte[] longest = encoder.encode(new RecordValue(doc, Arrays.asList(null,
                new RecordValue(party, List.of("abcd", long67)), new RecordValue(party, List.of("abcd", long67)),
                "abcd")));
        assertThat(longest).hasSize(1 + 2 + (1 + 1 + 4 + 67) + (1 + 1 + 3 + 3) + 3);
        assertThat(longest[longest.length - 3] & 0xFF).isEqualTo(0x80);
        byte[] large = encoder.encode(new RecordValue(doc, Arrays.asList(new byte[65_500],
                new RecordValue(party, List.of("abcd", long67)), new RecordValue(party, List.of("abcd", long67)),
                "abcd")));
        assertThat(large).hasSize(1 + 3 * 3 + 65_500 + 2 * (1 + 1 + 4 + 67) + 4);
    }

    /**
     * Two-byte slots with two fields: {@code @compact Big { a: uint8; s: string; t: string optional; }} is w (bits
     * 0..1), slot bits 2..3, {@code a} 4..11: 2 bytes; with a 300-byte {@code s} and {@code t = "ab"} it has one slot
     * (s's; t ends at the size), two bytes wide: 2 + 2 + 302 = 306 bytes.
     */
    @Test
    void twoByteSlots() {
        TestRecord big = new TestRecord("Big", null, false, List.of(field("a", new TestType.FixedInt(8, false), false),
                field("s", new TestType.Str(), false), field("t", new TestType.Str(), true)), true);

        byte[] bytes = encoder.encode(new RecordValue(big, List.of(0xA5, "y".repeat(300), "ab")));
        byte[] withoutT = encoder.encode(new RecordValue(big, Arrays.asList(0xA5, "y".repeat(300), null)));

        assertThat(layout.bytes(big)).isEqualTo(2);
        assertThat(bytes).hasSize(306);
        assertThat(Arrays.copyOf(bytes, 5)).containsExactly(0x5D, 0x0A, 0x30, 0x01, 'y');
        assertThat(Arrays.copyOfRange(bytes, 303, 306)).containsExactly('y', 'a', 'b');
        // without t: slot bit 3 is 0, no slot: 2 + 300 = 302 > 255, still two bytes wide
        assertThat(withoutT).hasSize(302);
        assertThat(Arrays.copyOf(withoutT, 3)).containsExactly(0x55, 0x0A, 'y');
    }

    /**
     * A union with a slot in a compact record: {@code union Inner { small: uint8; text: string; }} and {@code
     * @compact R { x: uint8; u: Inner; n: string optional; }}: w, slot bits 2 (u) and 3 (n), x 4..11, u's tag 12..13
     * and inline place 14..21: 3 bytes. Its slot bit is 1 only when the alternative lives behind the slot.
     */
    @Test
    void aUnionInACompactRecord() {
        TestUnion inner = new TestUnion("Inner", List.of(field("small", new TestType.FixedInt(8, false), true),
                field("text", new TestType.Str(), true)));
        TestRecord r = new TestRecord("R", null, false, List.of(field("x", new TestType.FixedInt(8, false), false),
                field("u", new TestType.UnionRef(inner), false), field("n", new TestType.Str(), true)), true);

        assertThat(layout.bytes(r)).isEqualTo(3);
        // inline: no slot, no data; n absent: no slot
        assertThat(encoder.encode(new RecordValue(r, Arrays.asList(1, new RecordValue.UnionValue(inner, 0, 7), null))))
                .containsExactly(0x10, 0xD0, 0x01);
        assertThat(encoder.encode(new RecordValue(r, List.of(2, new RecordValue.UnionValue(inner, 1, "hé"), "a"))))
                .containsExactly(0x2C, 0x20, 0x00, 0x07, 0x68, 0xC3, 0xA9, 0x61);
        // an empty string behind the slot still has its slot bit (its data, none, ends at the size)
        assertThat(encoder.encode(new RecordValue(r, Arrays.asList(3, new RecordValue.UnionValue(inner, 1, ""), null))))
                .containsExactly(0x34, 0x20, 0x00);
    }

    /**
     * {@code @compact Pair { id: uint8; name: string; }} (w, slot bit 2, id 3..10: 2 bytes) is its compact encoding
     * wherever it is: nested in a record that is not compact (section 2.1's {@code Outer}) and in one that is.
     */
    @Test
    void aNestedCompactRecord() {
        TestRecord pair = new TestRecord("Pair", null, false, List.of(field("id", new TestType.FixedInt(8, false),
                false), field("name", new TestType.Str(), false)), true);
        List<TestField> outerFields = List.of(field("a", new TestType.FixedInt(8, false), false),
                field("p", new TestType.RecordRef(pair), false), field("tail", new TestType.FixedInt(8, false), false));
        TestRecord outer = new TestRecord("Outer", null, false, outerFields, false);
        TestRecord compactOuter = new TestRecord("CompactOuter", null, false, outerFields, true);
        RecordValue pairValue = new RecordValue(pair, List.of(2, "hi"));

        // no slot: name's data ends at the size, which whatever holds the Pair gives
        assertThat(encoder.encode(pairValue)).containsExactly(0x14, 0x00, 'h', 'i');
        assertThat(encoder.encode(new RecordValue(outer, List.of(1, pairValue, 3))))
                .containsExactly(0x01, 0x0A, 0, 0, 0, 0x03, 0x14, 0x00, 'h', 'i');
        // w, slot bit 2, a 3..10, tail 11..18: 3 bytes, then p's 4 bytes up to the size (no slot)
        assertThat(layout.bytes(compactOuter)).isEqualTo(3);
        assertThat(encoder.encode(new RecordValue(compactOuter, List.of(1, pairValue, 3))))
                .containsExactly(0x0C, 0x18, 0x00, 0x14, 0x00, 'h', 'i');
        // a list of them: count, end offsets (1 byte each, as Book's slots: section 8.5), each one's compact encoding
        TestRecord book = new TestRecord("Book", null, false, List.of(field("ps", new TestType.ListOf(
                new TestType.RecordRef(pair)), false)), true);
        // the second Pair's name is empty: slot bit 0, no slot (section 8.1), 2 bytes
        assertThat(encoder.encode(new RecordValue(book, List.of(List.of(pairValue, new RecordValue(pair,
                List.of(3, "")))))))
                .containsExactly(0x04, 2, 7, 9, 0x14, 0x00, 'h', 'i', 0x18, 0x00);
    }

    /**
     * A string with a default in a compact record: its presence bit is its slot bit. {@code @compact D { s: string =
     * "x"; n: uint8; }} is w, slot bit 2, n 3..10: 2 bytes, and only those when {@code s} holds its default. A compact
     * record without variable-length fields is its fixed part, as if it were not compact.
     */
    @Test
    void defaultsAndFixedWidthInCompactRecords() {
        TestRecord d = new TestRecord("D", null, false, List.of(new TestField("s", new TestType.Str(), false,
                TestField.JavaAs.NONE, null, "x", "\"x\""), field("n", new TestType.FixedInt(8, false), false)), true);
        TestRecord f = new TestRecord("F", null, false, List.of(field("a", new TestType.FixedInt(8, false), false)),
                true);

        assertThat(encoder.encode(new RecordValue(d, List.of("x", 5)))).containsExactly(0x28, 0x00);
        assertThat(encoder.encode(new RecordValue(d, List.of("yz", 5)))).containsExactly(0x2C, 0x00, 'y', 'z');
        assertThat(f.compactLayout()).isFalse();
        assertThat(encoder.encode(new RecordValue(f, List.of(5)))).containsExactly(0x05);
    }

    @Test
    void resetFrequencyIsOneByte() {
        TestEnum period = new TestEnum("PeriodEnum", List.of("D", "W", "M", "Q", "Y"));
        TestRecord record = new TestRecord("ResetFrequency", List.of(
                new TestField("periodMultiplier", new TestType.Range(1, 31, false), false,
                        TestField.JavaAs.BIG_INTEGER, null),
                field("period", new TestType.EnumRef(period), false)));

        byte[] bytes = encoder.encode(new RecordValue(record, List.of(BigInteger.valueOf(6),
                new RecordValue.EnumValue(period, 2))));

        assertThat(bytes).containsExactly(0x45);
    }

    @Test
    void presenceBitPrecedesTheValueAndUnusedHighBitsAreZero() {
        TestRecord record = new TestRecord("P", List.of(field("a", new TestType.Bool(), true),
                field("b", new TestType.FixedInt(8, true), false), field("c", new TestType.FixedInt(16, false), true)));

        // bit 0 presence of a, bit 1 a, bits 2..9 b = 0xFF, bit 10 presence of c (absent), bits 11..26 zero
        assertThat(encoder.encode(new RecordValue(record, Arrays.asList(true, (byte) -1, null))))
                .containsExactly(0xFF, 0x03, 0x00, 0x00);
        assertThat(layout.totalBits(record)).isEqualTo(27);
    }

    @Test
    void signedDecimalsAreOffsetByTenToThePMinusOne() {
        TestRecord record = new TestRecord("D", List.of(field("d", new TestType.Decimal(2, 1, true), false)));

        // decimal(2, 1): -9.9 is stored as -99 + 99 = 0 and 9.9 as 198, in 8 bits
        assertThat(encoder.encode(new RecordValue(record, List.of(new BigDecimal("-9.9"))))).containsExactly(0);
        assertThat(encoder.encode(new RecordValue(record, List.of(new BigDecimal("9.9"))))).containsExactly(198);
    }

    /** Every generated alphabet, read back by the spec's rules from its written form, is the expanded one. */
    @Test
    void generatedAlphabetsMeanWhatTheirTextSays() {
        PropertyRunner.forAll(100, draw -> generatedAlphabetsMeanWhatTheirTextSays(draw.anyLong()));
    }

    private static void generatedAlphabetsMeanWhatTheirTextSays(long seed) {
        RandomSchemas schemas = new RandomSchemas(new Random(seed));
        TestSchema schema = schemas.schema("a.sdo", "p", RandomSchemas.Profile.NORMAL);
        for (TestRecord record : schema.records()) {
            for (TestField field : record.fields()) {
                if (field.type() instanceof TestType.Chars chars && chars.written() != null) {
                    assertThat(expand(chars.written())).isEqualTo(chars.alphabet());
                    assertThat(chars.alphabet().chars().distinct().count()).isEqualTo(chars.alphabet().length());
                }
            }
        }
    }

    /** The spec's alphabet syntax: X-Y an inclusive range, a literal '-' only first. */
    private static String expand(String written) {
        StringBuilder chars = new StringBuilder();
        int i = 0;
        if (written.startsWith("-")) {
            chars.append('-');
            i = 1;
        }
        while (i < written.length()) {
            char c = written.charAt(i);
            if (i + 2 < written.length() && written.charAt(i + 1) == '-') {
                for (char x = c; x <= written.charAt(i + 2); x++) {
                    chars.append(x);
                }
                i += 3;
            } else {
                chars.append(c);
                i++;
            }
        }
        return chars.toString();
    }

    /**
     * The worked example of docs/record-format.md 8.5: {@code @compact Tags { id: uint8; tags: list<string>; }} is w,
     * slot bit 2 and id in bits 3..10 (2 bytes); {@code Tags{id=5, tags=["a", "", "Zoë"]}} is 11 bytes, its list's
     * count and end offsets one byte each as its slots would be, where section 3's 4-byte numbers would make it 23.
     */
    @Test
    void theListExampleOfSection85() {
        TestRecord tags = new TestRecord("Tags", null, false, List.of(field("id", new TestType.FixedInt(8, false), false),
                field("tags", new TestType.ListOf(new TestType.Str()), false)), true);
        assertThat(layout.bytes(tags)).isEqualTo(2);
        assertThat(encoder.encode(new RecordValue(tags, List.of(5, List.of("a", "", "Zoë")))))
                .containsExactly(0x2C, 0x00, 3, 5, 5, 9, 'a', 'Z', 'o', 0xC3, 0xAB);
    }

    private static TestField field(String name, TestType type, boolean optional) {
        return new TestField(name, type, optional, TestField.JavaAs.NONE, null);
    }
}
