package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.WriterVersion;
import dev.sdo.runtime.batch.ChunkAllocation;
import dev.sdo.runtime.batch.RecordType;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @compact} records (docs/record-format.md, section 8), compiled and run: the worked example's exact bytes,
 * compact records nested in and holding other records, in lists, holding unions, recursive, with more slot bits
 * than one load counts, with slots of 2 and 3 bytes; every record's encode, getters, sizes, writer, batch and Java
 * serial form agreeing, and damaged slot tables reported naming the field.
 */
class CompactRecordGenerationTest {
    private static final String P = "test.compact.";
    private static final int MANY = 70;
    private static final int MID = 60;

    private static Generated generated;

    @BeforeAll
    static void compile() {
        StringBuilder many = new StringBuilder("@compact record Many {\n    head: uint8;\n");
        for (int i = 0; i < MANY; i++) {
            many.append("    f").append(i).append(": string optional;\n");
        }
        many.append("    last: uint8;\n}\n@compact record Mid {\n");
        for (int i = 0; i < MID; i++) {
            many.append("    m").append(i).append(i % 3 == 0 ? ": string;\n" : ": bytes optional;\n");
        }
        many.append("}\n");
        generated = Generated.compile(Map.of("compact.sdo", """
                package test.compact;
                @compact
                record Person { id: int(0..1000); name: string; flag: bool; photo: bytes optional; note: string optional; tail: uint8; }
                record PlainPerson { id: int(0..1000); name: string; flag: bool; photo: bytes optional; note: string optional; tail: uint8; }
                @compact record Inner { a: uint8; s: string optional; }
                record Plain { x: uint8; inner: Inner; tail: string; }
                @compact record Holder { p: Plain optional; inners: list<Inner>; c: Inner optional; n: uint8; plains: list<Plain> optional; }
                record Outside { h: Holder; hs: list<Holder>; }
                record Pt { x: int8; y: int8; }
                union Choice { n: uint16; pt: Pt; text: string; blob: bytes; }
                @compact record WithUnion { a: uint8; u: Choice optional; s: string; v: Choice; b: uint8; }
                @compact record Node { value: int32; label: string optional; next: Node optional; kids: list<Node>; }
                @compact record Def { s: string = "abc"; n: uint8; t: string optional; }
                @compact record Fixed { a: uint8; b: bool; }
                @compact record Empties { s: string; b: bytes; l: list<uint16>; o: list<uint8> optional; q: Inner; n: uint8; }
                @compact record Yielding { yield: string optional; n: uint8; }
                @compact record Flags { n: uint8; fs: list<bool>; ws: list<uint8>; }
                @compact record Lists { a: uint8; ss: list<string>; ps: list<Pt> optional; ns: list<int(0..1000)>; bs: list<list<uint8>> optional; cs: list<char(20, "A-Z")> optional; hs: list<Inner>; }
                """ + many));
    }

    // The worked example of section 8.2

    private static Map<String, Object> personValues(byte[] photo) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("id", 999);
        values.put("name", "Zoë 😀");
        values.put("flag", true);
        values.put("photo", photo);
        values.put("note", "hi");
        values.put("tail", 200);
        return values;
    }

    @Test
    void theWorkedExampleHasTheBytesOfSection8() {
        assertThat(generated.bytes(P + "Person")).isEqualTo(3);
        assertThat(generated.bytes(P + "PlainPerson")).isEqualTo(15);
        Object bean = generated.bean(P + "Person", personValues(new byte[] {1, 2, 3, -1}));
        byte[] bytes = roundTrip("Person", bean, List.of("id", "name", "flag", "photo", "note", "tail"));
        assertThat(HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes))
                .isEqualTo("FC FC C8 0E 12 5A 6F C3 AB 20 F0 9F 98 80 01 02 03 FF 68 69");

        Object absent = generated.bean(P + "Person", personValues(null));
        byte[] shorter = roundTrip("Person", absent, List.of("id", "name", "flag", "photo", "note", "tail"));
        assertThat(HexFormat.ofDelimiter(" ").withUpperCase().formatHex(shorter))
                .isEqualTo("F4 FC C8 0D 5A 6F C3 AB 20 F0 9F 98 80 68 69");
        Object view = wrap("Person", shorter);
        assertThat(Generated.call(view, "hasPhoto")).isEqualTo(false);
        assertThat(Generated.call(view, "getPhoto")).isNull();
        assertThat(Generated.call(view, "getNote")).isEqualTo("hi");
        assertThat(bytesOf("PlainPerson", generated.bean(P + "PlainPerson", personValues(null)))).hasSize(26);
    }

    @Test
    void aCompactRecordWithoutVariableLengthFieldsIsItsFixedPart() {
        assertThat(generated.bytes(P + "Fixed")).isEqualTo(2);
        assertThat(bytesOf("Fixed", generated.bean(P + "Fixed", Map.of("a", 7, "b", true)))).containsExactly(7, 1);
    }

    @Test
    void fieldsWithDefaultsHaveASlotOnlyWhenTheyHoldAnotherValue() {
        List<String> order = List.of("s", "n", "t");
        Object defaults = generated.bean(P + "Def", Map.of("n", 5));
        byte[] bytes = roundTrip("Def", defaults, order);
        // w = 0, slot bits 0 0, n = 5 at bits 4..11: no table, no data.
        assertThat(bytes).containsExactly(0x50, 0x00);
        assertThat(Generated.call(wrap("Def", bytes), "getS")).isEqualTo("abc");

        Map<String, Object> values = new HashMap<>(Map.of("s", "xyz", "n", 5, "t", ""));
        byte[] other = roundTrip("Def", generated.bean(P + "Def", values), order);
        // Both slot bits 1: one slot, s ends at 2 + 1 + 3 = 6; t (empty) ends at the record's size, 6.
        assertThat(other).containsExactly(0x5C, 0x00, 6, 'x', 'y', 'z');
    }

    @Test
    void theLayoutFingerprintOfACompactRecordIsNotThatOfTheSameRecordWithoutCompact() throws Exception {
        long plain = serialVersionUid(Generated.compile(Map.of("fp.sdo", "package fp;\nrecord R { s: string; }\n")));
        long compact = serialVersionUid(Generated.compile(Map.of("fp.sdo",
                "package fp;\n@compact record R { s: string; }\n")));
        long fixed = serialVersionUid(Generated.compile(Map.of("fp.sdo", "package fp;\nrecord R { a: uint8; }\n")));
        long fixedCompact = serialVersionUid(Generated.compile(Map.of("fp.sdo",
                "package fp;\n@compact record R { a: uint8; }\n")));
        assertThat(compact).isNotEqualTo(plain);
        // @compact changes nothing for a record without variable-length fields: neither its bytes nor its fingerprint.
        assertThat(fixedCompact).isEqualTo(fixed);
    }

    private static long serialVersionUid(Generated schema) throws ReflectiveOperationException {
        java.lang.reflect.Field uid = schema.type("fp.RSdo").getDeclaredField("serialVersionUID");
        uid.setAccessible(true);
        return uid.getLong(null);
    }

    // Nesting, lists, unions, recursion

    private Object inner(int a, String s) {
        Map<String, Object> values = new HashMap<>();
        values.put("a", a);
        values.put("s", s);
        return generated.bean(P + "Inner", values);
    }

    private Object plain(int x, Object inner, String tail) {
        return generated.bean(P + "Plain", Map.of("x", x, "inner", inner, "tail", tail));
    }

    private Object holder(int n) {
        Map<String, Object> values = new HashMap<>();
        values.put("p", n % 2 == 0 ? plain(n, inner(n, n % 4 == 0 ? null : "in" + n), "tail" + n) : null);
        List<Object> inners = new ArrayList<>();
        for (int i = 0; i < n % 4; i++) {
            inners.add(inner(i, i % 2 == 0 ? "é".repeat(i) : null));
        }
        values.put("inners", inners);
        values.put("c", n % 3 == 0 ? null : inner(200, "c"));
        values.put("n", n);
        values.put("plains", n % 5 == 0 ? null : List.of(plain(1, inner(2, null), ""), plain(3, inner(4, "x"), "y")));
        return generated.bean(P + "Holder", values);
    }

    @Test
    void compactRecordsNestInAndHoldOtherRecordsAndLists() {
        List<String> order = List.of("p", "inners", "c", "n", "plains");
        for (int n = 0; n < 12; n++) {
            roundTrip("Holder", holder(n), order);
        }
        Object inner = inner(9, "nine");
        byte[] innerBytes = roundTrip("Inner", inner, List.of("a", "s"));
        // Inner: w = 0, slot bit 1, a = 9 at bits 3..10 (2 bytes); no slot: s ends at the record's size.
        assertThat(innerBytes).containsExactly(0x4C, 0x00, 'n', 'i', 'n', 'e');
        Object plain = plain(1, inner, "t");
        byte[] plainBytes = roundTrip("Plain", plain, List.of("x", "inner", "tail"));
        // Plain (not compact): x, inner's 32-bit slot, tail's; the nested Inner is its own complete encoding.
        assertThat(plainBytes).hasSize(9 + 6 + 1);
        assertThat(Arrays.copyOfRange(plainBytes, 9, 15)).isEqualTo(innerBytes);

        Object outside = generated.bean(P + "Outside", Map.of("h", holder(2), "hs", List.of(holder(1), holder(6),
                holder(7))));
        roundTrip("Outside", outside, List.of("h", "hs"));
        Object view = wrap("Outside", bytesOf("Outside", outside));
        Object second = ((List<?>) Generated.call(view, "getHs")).get(1);
        assertThat(Generated.call(second, "toBean")).isEqualTo(holder(6));
    }

    @Test
    void aValueThatChangesBetweenTheSizingAndTheWritingPassIsRefusedNamingTheRecord() {
        Map<String, Object> values = new HashMap<>();
        values.put("inners", List.of(inner(1, "one")));
        values.put("n", 3);
        Object holder = generated.bean(P + "Holder", values);
        Object c = inner(2, "two");
        // Its optional c absent while it is sized (two calls: its slot bit, its data), present once it is written:
        // the writing pass counts another slot than the size it would read was logged with.
        AtomicInteger calls = new AtomicInteger();
        Class<?> type = generated.type(P + "Holder");
        Object changing = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> method.getName().equals("getC")
                        ? (calls.getAndIncrement() < 2 ? null : c) : method.invoke(holder, args));
        assertThatThrownBy(() -> generated.of(P + "Holder", changing)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Holder: 3 slots written where its sizing pass logged 2");
        // The same value, unchanged, encodes: the log is the thread's again.
        values.put("c", c);
        roundTrip("Holder", generated.bean(P + "Holder", values), List.of("p", "inners", "c", "n", "plains"));
    }

    private Object choice(String alternative, Object value) {
        Object bean = generated.bean(P + "Choice", Map.of());
        if (alternative != null) {
            generated.set(bean, alternative, value);
        }
        return bean;
    }

    @Test
    void aUnionInACompactRecordHasASlotOnlyForAnAlternativeStoredAfterTheFixedPart() {
        List<String> order = List.of("a", "u", "s", "v", "b");
        List<Object> choices = List.of(choice("n", 65535), choice("pt", generated.bean(P + "Pt", Map.of("x", (byte) -3,
                "y", (byte) 4))), choice("text", "texté"), choice("text", ""), choice("blob", new byte[] {9, 8}));
        for (Object u : choices) {
            for (Object v : choices) {
                Map<String, Object> values = new HashMap<>();
                values.put("a", 1);
                values.put("u", u);
                values.put("s", "s");
                values.put("v", v);
                values.put("b", 2);
                roundTrip("WithUnion", generated.bean(P + "WithUnion", values), order);
            }
        }
        Map<String, Object> values = new HashMap<>();
        values.put("a", 1);
        values.put("u", null);
        values.put("s", "s");
        values.put("v", choice("n", 7));
        values.put("b", 2);
        byte[] bytes = roundTrip("WithUnion", generated.bean(P + "WithUnion", values), order);
        // Only s has a slot (u none, v inline): bits 2..4 = 0 1 0.
        assertThat(bytes[0] & 0x1F).isEqualTo(0x08);
        assertThat(Generated.call(wrap("WithUnion", bytes), "getU")).isNull();

        values.put("v", choice("text", ""));
        byte[] empty = roundTrip("WithUnion", generated.bean(P + "WithUnion", values), order);
        // An empty string behind the slot still has its slot: bits 2..4 = 0 1 1.
        assertThat(empty[0] & 0x1F).isEqualTo(0x18);
    }

    private Object node(int value, int depth) {
        Map<String, Object> values = new HashMap<>();
        values.put("value", value);
        values.put("label", value % 2 == 0 ? "n" + value : null);
        values.put("next", depth > 0 && value % 3 != 0 ? node(value + 1, depth - 1) : null);
        List<Object> kids = new ArrayList<>();
        for (int i = 0; depth > 0 && i < value % 3; i++) {
            kids.add(node(value * 10 + i, depth - 1));
        }
        values.put("kids", kids);
        return generated.bean(P + "Node", values);
    }

    @Test
    void aRecursiveCompactRecordHoldsTreesOfItself() {
        for (int value = 1; value < 8; value++) {
            roundTrip("Node", node(value, 4), List.of("value", "label", "next", "kids"));
        }
    }

    // Empty required strings, bytes and lists (section 8.1)

    private static final List<String> EMPTIES_ORDER = List.of("s", "b", "l", "o", "q", "n");

    private Object empties(String s, byte[] b, List<Integer> l, List<Integer> o) {
        Map<String, Object> values = new HashMap<>();
        values.put("s", s);
        values.put("b", b);
        values.put("l", l);
        values.put("o", o);
        values.put("q", inner(1, null));
        values.put("n", 3);
        return generated.bean(P + "Empties", values);
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
    }

    @Test
    void anEmptyRequiredStringBytesOrListHasNoSlotAndNoData() {
        // w 0..1, slot bits 2..6 (s, b, l, o, q), n 7..14: 2 bytes. q = Inner{a = 1}: 08 00.
        assertThat(generated.bytes(P + "Empties")).isEqualTo(2);
        Object allEmpty = empties("", new byte[0], List.of(), null);
        byte[] bytes = roundTrip("Empties", allEmpty, EMPTIES_ORDER);
        // Only q has data (slot bit 6), n = 3: no slot, q's 2 bytes up to the record's size.
        assertThat(hex(bytes)).isEqualTo("C0 01 08 00");
        Object view = wrap("Empties", bytes);
        assertThat(Generated.call(view, "getS")).isEqualTo("");
        assertThat((byte[]) Generated.call(view, "getB")).isEmpty();
        assertThat((List<?>) Generated.call(view, "getL")).isEmpty();
        assertThat(Generated.call(view, "getO")).isNull();
        assertThat(((ByteBuffer) Generated.call(view, "getSBuffer")).remaining()).isZero();
        ByteBuffer emptyBytes = (ByteBuffer) Generated.call(view, "getBBuffer");
        assertThat(emptyBytes.remaining()).isZero();
        assertThat(emptyBytes.isReadOnly()).isTrue();
        assertThat(Generated.call(view, "getN")).isEqualTo(3);

        // A present empty optional list keeps its slot (bit 5) and its count, 1 byte wide as the slots (section 8.5).
        byte[] optionalEmpty = roundTrip("Empties", empties("", new byte[0], List.of(), List.of()), EMPTIES_ORDER);
        assertThat(hex(optionalEmpty)).isEqualTo("E0 01 04 00 08 00");
        assertThat((List<?>) Generated.call(wrap("Empties", optionalEmpty), "getO")).isEmpty();

        // None empty: slots 7, 8, 13 after the 5 bytes of fixed part and table (l's count 1 byte wide), q to the size.
        Object full = empties("é", new byte[] {7}, List.of(1, 2), null);
        byte[] fullBytes = roundTrip("Empties", full, EMPTIES_ORDER);
        assertThat(hex(fullBytes)).isEqualTo("DC 01 07 08 0D C3 A9 07 02 01 00 02 00 08 00");
        assertThat(Generated.call(wrap("Empties", fullBytes), "getL")).isEqualTo(List.of(1, 2));

        // One of each: only l empty.
        byte[] lEmpty = roundTrip("Empties", empties("é", new byte[] {7}, List.of(), null), EMPTIES_ORDER);
        assertThat(hex(lEmpty)).isEqualTo("CC 01 06 07 C3 A9 07 08 00");
        assertThat(Generated.call(wrap("Empties", lEmpty), "toBean"))
                .isEqualTo(empties("é", new byte[] {7}, List.of(), null));
    }

    @Test
    void aWriterInPlaceRefusesAChangeBetweenEmptyAndNotEmpty() {
        byte[] bytes = bytesOf("Empties", empties("", new byte[0], List.of(), null));
        ByteBuffer buffer = ByteBuffer.wrap(bytes.clone());
        Object writer = generated.callStatic(P + "EmptiesWriter", "update", buffer, 0, bytes.length);
        Generated.call(writer, "s", "");
        Generated.call(writer, "l", List.of());
        assertThatThrownBy(() -> Generated.call(writer, "s", "x")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Empties.s").hasMessageContaining("slot table");
        assertThatThrownBy(() -> Generated.call(writer, "l", List.of(1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Empties.l").hasMessageContaining("slot table");
        Generated.call(writer, "n", 4);
        assertThat(Generated.call(writer, "done")).isEqualTo(bytes.length);
        Object changed = empties("", new byte[0], List.of(), null);
        generated.set(changed, "n", 4);
        assertThat(buffer.array()).isEqualTo(bytesOf("Empties", changed));

        byte[] full = bytesOf("Empties", empties("é", new byte[] {7}, List.of(1, 2), null));
        ByteBuffer fullBuffer = ByteBuffer.wrap(full.clone());
        Object fullWriter = generated.callStatic(P + "EmptiesWriter", "update", fullBuffer, 0, full.length);
        assertThatThrownBy(() -> Generated.call(fullWriter, "b", new byte[0])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Empties.b").hasMessageContaining("slot table");
        assertThatThrownBy(() -> Generated.call(fullWriter, "l", List.of())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Empties.l").hasMessageContaining("slot table");
        Generated.call(fullWriter, "s", "ü");
        Generated.call(fullWriter, "l", List.of(3, 4));
        assertThat(fullBuffer.array()).isEqualTo(bytesOf("Empties", empties("ü", new byte[] {7}, List.of(3, 4), null)));

        // A new record: an empty value set leaves its slot bit 0; a required one never set is still refused.
        Object fresh = generated.callStatic(P + "EmptiesWriter", "wrap", ByteBuffer.allocate(32), 0);
        Generated.call(fresh, "s", "");
        Generated.call(fresh, "b", new byte[0]);
        Generated.call(fresh, "q", inner(1, null));
        assertThatThrownBy(() -> Generated.call(fresh, "done")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Empties.l");
    }

    @Test
    void aRequiredRecordWithoutItsSlotOrAListWithoutItsCountIsStillCorrupt() {
        byte[] bytes = bytesOf("Empties", empties("", new byte[0], List.of(), null));
        byte[] noRecordSlot = bytes.clone();
        noRecordSlot[0] &= ~0x40; // q's slot bit
        assertThatThrownBy(() -> wrap("Empties", noRecordSlot)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Empties.q").hasMessageContaining("slot bit 0");
        // l's slot bit 1 with no data (its slot 3, where the data starts): a list without its count is damage, not
        // the empty list.
        byte[] listWithoutCount = HexFormat.of().parseHex("D00103" + "0800");
        Object view = wrap("Empties", listWithoutCount);
        assertThat(Generated.call(view, "getS")).isEqualTo("");
        assertThatThrownBy(() -> Generated.call(view, "getL")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Empties.l");
        assertThat(Generated.call(Generated.call(view, "getQ"), "getA")).isEqualTo(1);
    }

    // Lists held by a compact record (section 8.5)

    private static final List<String> LISTS_ORDER = List.of("a", "ss", "ps", "ns", "bs", "cs", "hs");

    private static Object lists(List<String> ss, List<Object> ps, List<Integer> ns, List<List<Integer>> bs,
            List<String> cs, List<Object> hs) {
        Map<String, Object> values = new HashMap<>();
        values.put("a", 7);
        values.put("ss", ss);
        values.put("ps", ps);
        values.put("ns", ns);
        values.put("bs", bs);
        values.put("cs", cs);
        values.put("hs", hs);
        return generated.bean(P + "Lists", values);
    }

    private static Object pt(int x, int y) {
        return generated.bean(P + "Pt", Map.of("x", (byte) x, "y", (byte) y));
    }

    @Test
    void aListFieldOfACompactRecordHasItsCountAndOffsetsAtTheSlotWidth() {
        Object small = lists(List.of("a", "", "bc"), List.of(pt(1, -1)), List.of(1000, 0), List.of(List.of(7), List.of()),
                List.of("ABCDEFGHIJKLMNOPQRST"), List.of(inner(1, "x"), inner(2, null)));
        byte[] bytes = roundTrip("Lists", small, LISTS_ORDER);
        // w, 6 slot bits (ss, ps, ns, bs, cs, hs; a has none), a: 2 + 6 + 8 = 16 bits, BYTES = 2; five slots of 1
        // byte (hs, the last, ends at the record's size)
        assertThat(bytes[0] & 3).isZero();
        int d0 = 2 + 5;
        // ss: count 3, ends 5, 5, 7 (counted from its first byte: 1 + 3 bytes of numbers, then "a", "", "bc")
        assertThat(Arrays.copyOfRange(bytes, d0, d0 + 7)).containsExactly(3, 5, 5, 7, 'a', 'b', 'c');
        assertThat(bytes[2]).isEqualTo((byte) (d0 + 7));
        // ps: count 1, then Pt's 2 bytes; ns: count 2, then 2 x 10 bits in 3 bytes
        assertThat(Arrays.copyOfRange(bytes, d0 + 7, d0 + 10)).containsExactly(1, 1, -1);
        assertThat(bytes[d0 + 10]).isEqualTo((byte) 2);
        // bs: count 2, ends 3 + 5 = 8, 12 (1 + 2, then [7]'s 4-byte count and its byte, []'s 4-byte count)
        assertThat(Arrays.copyOfRange(bytes, d0 + 14, d0 + 14 + 12)).containsExactly(2, 8, 12, 1, 0, 0, 0, 7, 0, 0, 0,
                0);

        Object view = wrap("Lists", bytes);
        assertThat((List<?>) Generated.call(view, "getSs")).isEqualTo(List.of("a", "", "bc"));
        assertThat((List<?>) Generated.call(view, "getNs")).isEqualTo(List.of(1000, 0));
        assertThat((List<?>) Generated.call(view, "getCs")).isEqualTo(List.of("ABCDEFGHIJKLMNOPQRST"));

        // Empty lists: the required ones have no slot, the optional ones a 1-byte count.
        roundTrip("Lists", lists(List.of(), List.of(), List.of(), List.of(), List.of(), List.of()), LISTS_ORDER);
        roundTrip("Lists", lists(List.of(), null, List.of(), null, null, List.of()), LISTS_ORDER);

        // Slots of 2 and 3 bytes: the counts and offsets too.
        for (int[] sizes : new int[][] {{100, 2}, {20_000, 3}}) {
            List<String> many = new ArrayList<>();
            List<Integer> numbers = new ArrayList<>();
            List<Object> inners = new ArrayList<>();
            for (int i = 0; i < sizes[0]; i++) {
                many.add("s" + i);
                numbers.add(i % 1001);
                inners.add(inner(i & 0xFF, i % 3 == 0 ? null : "i" + i));
            }
            Object big = lists(many, List.of(pt(3, 4)), numbers, List.of(List.of(1, 2), List.of(3)),
                    List.of("ZZZZZZZZZZZZZZZZZZZZ"), inners);
            byte[] bigBytes = roundTrip("Lists", big, LISTS_ORDER);
            assertThat((bigBytes[0] & 3) + 1).as("slot width of %d bytes", bigBytes.length).isEqualTo(sizes[1]);
            int width = sizes[1];
            // ss starts after the 2 fixed bytes and 5 slots: its count, width bytes little-endian
            int count = 0;
            for (int k = 0; k < width; k++) {
                count |= (bigBytes[2 + 5 * width + k] & 0xFF) << (8 * k);
            }
            assertThat(count).isEqualTo(sizes[0]);
            Object bigView = wrap("Lists", bigBytes);
            assertThat(((List<?>) Generated.call(bigView, "getSs")).get(sizes[0] - 1)).isEqualTo("s" + (sizes[0] - 1));
            assertThat(Generated.call(bigView, "toBean")).isEqualTo(big);
        }
    }

    @Test
    void aListOfMoreElementsThanBytesKeepsItsFourByteCount() {
        List<Boolean> flags = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            flags.add(i % 3 == 0);
        }
        Map<String, Object> values = new HashMap<>(Map.of("n", 1, "fs", flags, "ws", List.of(9)));
        byte[] bytes = roundTrip("Flags", generated.bean(P + "Flags", values), List.of("n", "fs", "ws"));
        // 2 fixed bytes, fs's 2-byte slot; fs: a 4-byte count (2,000 does not fit the slots' 2 bytes) and 250 bytes;
        // ws: a 2-byte count and its element, up to the record's size
        assertThat(bytes[0] & 3).isEqualTo(1);
        assertThat(bytes).hasSize(2 + 2 + 4 + 250 + 2 + 1);
        assertThat(Arrays.copyOfRange(bytes, 4, 8)).containsExactly(0xD0, 0x07, 0, 0);
        assertThat(Arrays.copyOfRange(bytes, 258, 261)).containsExactly(1, 0, 9);
        assertThat((List<?>) Generated.call(wrap("Flags", bytes), "getFs")).isEqualTo(flags);
    }

    @Test
    void aWriterChangesAListOfACompactRecordInPlaceAtItsSlotWidth() {
        Object first = lists(List.of("ab", "c"), null, List.of(5), null, null, List.of(inner(1, "x")));
        ByteBuffer buffer = ByteBuffer.allocate(100);
        int size = (int) generated.callStatic(P + "ListsSdo", "encode", first, buffer, 0);
        Object writer = generated.callStatic(P + "ListsWriter", "update", buffer, 0, size);
        Generated.call(writer, "ss", List.of("x", "yz"));
        // A list of records with string fields may hold the target of a later shared string (section 8.6).
        assertThatThrownBy(() -> Generated.call(writer, "hs", List.of(inner(2, "y"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Lists.hs")
                .hasMessageContaining("encode it anew");
        assertThatThrownBy(() -> Generated.call(writer, "ss", List.of("xyz"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Lists.ss");
        Object changed = lists(List.of("x", "yz"), null, List.of(5), null, null, List.of(inner(1, "x")));
        assertThat(Arrays.copyOfRange(buffer.array(), 0, size)).isEqualTo(bytesOf("Lists", changed));
    }

    @Test
    void aListOfACompactRecordIsCheckedAtItsSlotWidth() {
        Object value = lists(List.of("a", "bc"), null, List.of(1, 2), null, null, List.of(inner(1, "x")));
        byte[] good = bytesOf("Lists", value);
        // 2 fixed bytes, 2 slots (ss, ns; hs ends at the size): ss from byte 4 is its count 2, its ends 4 and 6, then
        // 'a', 'bc'
        assertThat(Arrays.copyOfRange(good, 4, 10)).containsExactly(2, 4, 6, 'a', 'b', 'c');

        byte[] countTooLarge = good.clone();
        countTooLarge[4] = 9; // 9 end offsets cannot fit the list's 6 bytes
        assertThatThrownBy(() -> Generated.call(wrap("Lists", countTooLarge), "getSs"))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Lists.ss");
        byte[] descending = good.clone();
        descending[5] = 5; // element 1 would end before it starts
        descending[6] = 4;
        assertThatThrownBy(() -> ((List<?>) Generated.call(wrap("Lists", descending), "getSs")).get(1))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Lists.ss[1]");
        byte[] beyond = good.clone();
        beyond[6] = 7; // element 1 would end beyond the list's 6 bytes
        assertThatThrownBy(() -> ((List<?>) Generated.call(wrap("Lists", beyond), "getSs")).get(1))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Lists.ss[1]");
        // ns: count 2 of 10 bits is 1 + 3 bytes; a count of 3 disagrees with them
        int ns = 10;
        assertThat(good[ns]).isEqualTo((byte) 2);
        byte[] packedCount = good.clone();
        packedCount[ns] = 3;
        assertThatThrownBy(() -> Generated.call(wrap("Lists", packedCount), "getNs"))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Lists.ns");
        // hs: count 1, end 1 + 1 + 3 = 5, then Inner's 3 bytes; an end offset inside the table is damage
        int hs = ns + 4;
        assertThat(Arrays.copyOfRange(good, hs, hs + 2)).containsExactly(1, 5);
        byte[] intoTable = good.clone();
        intoTable[hs + 1] = 1;
        assertThatThrownBy(() -> ((List<?>) Generated.call(wrap("Lists", intoTable), "getHs")).get(0))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Lists.hs[0]");
    }

    // Many slot bits, wide slots

    @Test
    void moreSlotBitsThanOneLoadCounts() {
        Random random = new Random(56);
        List<String> manyOrder = new ArrayList<>(List.of("head"));
        for (int i = 0; i < MANY; i++) {
            manyOrder.add("f" + i);
        }
        manyOrder.add("last");
        List<String> midOrder = new ArrayList<>();
        for (int i = 0; i < MID; i++) {
            midOrder.add("m" + i);
        }
        assertThat(generated.bytes(P + "Many")).isEqualTo((2 + MANY + 16 + 7) / 8);
        for (int round = 0; round < 20; round++) {
            Map<String, Object> values = new HashMap<>(Map.of("head", 1, "last", 255));
            for (int i = 0; i < MANY; i++) {
                values.put("f" + i, random.nextInt(3) == 0 ? null : "v".repeat(random.nextInt(4)) + i);
            }
            byte[] bytes = roundTrip("Many", generated.bean(P + "Many", values), manyOrder);
            Object view = wrap("Many", bytes);
            for (int i = 0; i < MANY; i++) {
                assertThat(Generated.call(view, "getF" + i)).as("round %d f%d", round, i).isEqualTo(values.get("f" + i));
            }
            Map<String, Object> mid = new HashMap<>();
            for (int i = 0; i < MID; i++) {
                mid.put("m" + i, i % 3 == 0 ? "s" + i : random.nextBoolean() ? null : new byte[random.nextInt(3)]);
            }
            roundTrip("Mid", generated.bean(P + "Mid", mid), midOrder);
        }
    }

    @Test
    void slotsAreAsWideAsTheRecordsSizeNeeds() {
        List<String> order = List.of("id", "name", "flag", "photo", "note", "tail");
        // 3 + W + 1 + n bytes (one slot, name's: photo ends at the size): W = 1 up to n = 250 (255 bytes), W = 2 up
        // to n = 65,529 (65,535 bytes).
        int[][] sizes = {{0, 1}, {250, 1}, {251, 2}, {300, 2}, {65_529, 2}, {65_530, 3}, {70_000, 3}};
        for (int[] size : sizes) {
            Map<String, Object> values = personValues(new byte[size[0]]);
            values.put("name", "n");
            values.put("note", null);
            byte[] bytes = roundTrip("Person", generated.bean(P + "Person", values), order);
            // 3 fixed bytes, 1 slot, 1 + size[0] bytes of data.
            assertThat(bytes[0] & 3).as("width code of %d", bytes.length).isEqualTo(size[1] - 1);
            assertThat(bytes).hasSize(3 + size[1] + 1 + size[0]);
        }
    }

    // Damaged data

    @Test
    void damagedSlotTablesAreReportedNamingTheField() {
        byte[] good = bytesOf("Person", generated.bean(P + "Person", personValues(new byte[] {1, 2, 3, -1})));

        // name's slot bit 0 would mean an empty name (section 8.1): the one slot left, 14, is then photo's end, and
        // note ends at the record's size: read so, with an empty name and photo from byte 4.
        byte[] noNameSlot = good.clone();
        noNameSlot[0] &= ~0x04;
        Object noName = wrap("Person", noNameSlot);
        assertThat(Generated.call(noName, "getName")).isEqualTo("");
        assertThat((byte[]) Generated.call(noName, "getPhoto")).hasSize(10);
        assertThat(Generated.call(noName, "byteSize")).isEqualTo(good.length);

        byte[] truncated = Arrays.copyOf(good, 4);
        assertThatThrownBy(() -> wrap("Person", truncated)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person: its slot table ends at byte 5");

        byte[] descending = good.clone();
        descending[4] = 0x0D; // photo ends before name does
        assertThatThrownBy(() -> wrap("Person", descending)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person.photo");

        byte[] beyond = good.clone();
        beyond[4] = 0x30; // photo ends past the record, where note would start
        assertThatThrownBy(() -> wrap("Person", beyond)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person.note");

        byte[] tableBeyond = good.clone();
        tableBeyond[0] |= 3; // 4-byte slots: the first would hold bytes of name's, past the record's end
        assertThatThrownBy(() -> wrap("Person", tableBeyond)).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> deserialise(serialForm(tableBeyond))).isInstanceOf(InvalidObjectException.class);
        assertThatThrownBy(() -> deserialise(serialForm(descending))).isInstanceOf(InvalidObjectException.class)
                .hasMessageContaining("Person.photo");
    }

    /**
     * A nested compact record and a list's element are checked when their getter reads them (generated
     * {@code wrapNested}: their fixed part, slot table and required slots, in constant time, their size their data's
     * length): damaged, each is a {@code CorruptDataException} naming the field or element, while the record holding
     * them still wraps.
     */
    @Test
    void aDamagedNestedRecordOrElementIsReportedByItsGetter() {
        Map<String, Object> values = new HashMap<>();
        values.put("p", null);
        values.put("inners", List.of(inner(1, "ab"), inner(2, "xyz")));
        values.put("c", inner(200, "cc"));
        values.put("n", 5);
        values.put("plains", null);
        byte[] good = bytesOf("Holder", generated.bean(P + "Holder", values));
        byte[] c = bytesOf("Inner", inner(200, "cc"));
        byte[] second = bytesOf("Inner", inner(2, "xyz"));
        // Inner: 2 fixed bytes, then s up to the record's size: no slot at all.
        assertThat(c).hasSize(4);
        int cAt = indexOf(good, c);
        int secondAt = indexOf(good, second);
        assertThat(cAt).isPositive();
        assertThat(secondAt).isPositive();

        byte[] noData = good.clone();
        noData[cAt] &= ~0x04; // s's slot bit 0: a record without data, which takes its fixed part alone
        Object view = wrap("Holder", noData);
        assertThatThrownBy(() -> Generated.call(view, "getC")).isInstanceOf(CorruptDataException.class)
                .hasMessage("Holder.c: the record stored in its 4 bytes has no data after its 2 fixed bytes");
        assertThat(((List<?>) Generated.call(view, "getInners")).size()).isEqualTo(2);

        byte[] element = good.clone();
        element[secondAt] &= ~0x04;
        List<?> inners = (List<?>) Generated.call(wrap("Holder", element), "getInners");
        assertThat(Generated.call(inners.get(0), "toBean")).isEqualTo(inner(1, "ab"));
        assertThatThrownBy(() -> inners.get(1)).isInstanceOf(CorruptDataException.class)
                .hasMessage("Holder.inners[1]: the record stored in its 5 bytes has no data after its 2 fixed bytes");

        // Holder nested in Outside, its width code damaged to 4-byte slots: its one slot would end past its bytes.
        Object outside = generated.bean(P + "Outside", Map.of("h", generated.bean(P + "Holder", values), "hs",
                List.of()));
        byte[] outsideBytes = bytesOf("Outside", outside);
        int holderAt = indexOf(outsideBytes, good);
        assertThat(holderAt).isPositive();
        byte[] wide = outsideBytes.clone();
        wide[holderAt] |= 3;
        Object h = Generated.call(wrap("Outside", wide), "getH");
        assertThatThrownBy(() -> Generated.call(h, "getInners")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Holder.inners: its data 6..");
    }

    /**
     * A nested compact record's slots between its first and its last are checked by the getters that read them, not
     * when the record is returned: a slot that descends is a {@code CorruptDataException} naming the field whose
     * getter reads it, while the record's other fields still read.
     */
    @Test
    void aNestedRecordsDescendingSlotIsReportedByTheGetterThatReadsIt() {
        Map<String, Object> holderValues = new HashMap<>();
        holderValues.put("p", null);
        holderValues.put("inners", List.of(inner(1, "ab")));
        holderValues.put("c", inner(200, "cc"));
        holderValues.put("n", 7);
        holderValues.put("plains", null);
        Object holder = generated.bean(P + "Holder", holderValues);
        byte[] holderBytes = bytesOf("Holder", holder);
        byte[] good = bytesOf("Outside", generated.bean(P + "Outside", Map.of("h", holder, "hs", List.of())));
        // Holder: 2 fixed bytes (width, 4 slot bits, n), then the slot of inners (c ends at the size), then their data.
        int holderAt = indexOf(good, holderBytes);
        assertThat(holderAt).isPositive();
        assertThat(holderBytes[2] & 0xFF).isGreaterThan(3);

        byte[] damaged = good.clone();
        damaged[holderAt + 2] = 2; // inners would end at byte 2, in the slot table, before its data starts at 3
        Object h = Generated.call(wrap("Outside", damaged), "getH");
        assertThat(Generated.call(h, "getN")).isEqualTo(7);
        assertThatThrownBy(() -> Generated.call(h, "getInners")).isInstanceOf(CorruptDataException.class)
                .hasMessage("Holder.inners: its data 3..2 does not lie within the record's data, bytes 3.."
                        + holderBytes.length + ": the record's end slots must ascend");
        assertThatThrownBy(() -> Generated.call(h, "getC")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Holder.c: its data 2..");
        assertThatThrownBy(() -> Generated.call(h, "checkedByteSize")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Holder.inners: its data ends at byte 2");

        byte[] beyond = good.clone();
        beyond[holderAt + 2] = (byte) (holderBytes.length + 1); // inners would end after the record
        Object far = Generated.call(wrap("Outside", beyond), "getH");
        assertThatThrownBy(() -> Generated.call(far, "getInners")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Holder.inners: its data 3.." + (holderBytes.length + 1) + " does not lie");
        assertThatThrownBy(() -> Generated.call(far, "getC")).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Holder.c: its data " + (holderBytes.length + 1) + "..");
    }

    // Writers and batches

    @Test
    void aBatchAppendsCompactRecordsAndItsWriterRefusesChangesOfSizeOrSlots() throws ReflectiveOperationException {
        List<String> order = List.of("id", "name", "flag", "photo", "note", "tail");
        Object batch = generated.callStatic(P + "PersonBatch", "over",
                VariableRecordStore.create(generated.bytes(P + "Person"), ChunkAllocation.HEAP, 64));
        List<Object> beans = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Map<String, Object> values = personValues(i % 2 == 0 ? new byte[i] : null);
            values.put("name", "name" + i);
            values.put("id", i);
            Object bean = generated.bean(P + "Person", values);
            beans.add(bean);
            if (i % 3 == 0) {
                Generated.call(batch, "add", bean);
            } else {
                Object writer = Generated.call(batch, "append");
                writeFields(writer, bean, order);
                Generated.call(writer, "done");
            }
        }
        VariableRecordStore store = (VariableRecordStore) Generated.call(batch, "store");
        for (int i = 0; i < 10; i++) {
            assertThat(store.toByteArray(i)).as("record %d", i).isEqualTo(bytesOf("Person", beans.get(i)));
            assertThat(Generated.call(Generated.call(batch, "get", i), "toBean")).isEqualTo(beans.get(i));
        }
        // add sizes a record once and writes it from the sizes logged; a value refused leaves the batch as it was.
        Map<String, Object> tooLarge = personValues(null);
        tooLarge.put("id", 1001);
        long bytesBefore = store.recordBytes();
        assertThatThrownBy(() -> Generated.call(batch, "add", generated.bean(P + "Person", tooLarge)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Person.id");
        assertThat(store.size()).isEqualTo(10);
        assertThat(store.recordBytes()).isEqualTo(bytesBefore);
        Generated.call(batch, "add", beans.get(4));
        assertThat(store.toByteArray(10)).isEqualTo(bytesOf("Person", beans.get(4)));
        @SuppressWarnings("unchecked")
        RecordType<Object, ?> type = (RecordType<Object, ?>) generated.type(P + "PersonBatch").getField("TYPE")
                .get(null);
        byte[] encoded = new byte[type.encodedSize(beans.get(4))];
        type.encode(beans.get(4), ByteBuffer.wrap(encoded), 0);
        assertThat(encoded).isEqualTo(bytesOf("Person", beans.get(4)));
        byte[] next = store.toByteArray(3);
        Object writer = Generated.call(batch, "writer", 2);
        Generated.call(writer, "tail", 9);
        assertThatThrownBy(() -> Generated.call(writer, "name", "longer name")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Person.name");
        generated.set(beans.get(2), "tail", 9);
        assertThat(store.toByteArray(2)).isEqualTo(bytesOf("Person", beans.get(2)));
        assertThat(store.toByteArray(3)).isEqualTo(next);
    }

    /**
     * A compact record has no versions (record-format.md 8): its SDO has no members for a later version's records,
     * and its batch type refuses a later writer. Nor does it hold its own size: it has no {@code sizeOf}, its views
     * take the size their container gives, checked against the record's slot table.
     */
    @Test
    void aCompactRecordsCodeReadsItsOwnVersionOnly() throws ReflectiveOperationException {
        Class<?> sdo = generated.type(P + "PersonSdo");
        assertThat(Arrays.stream(sdo.getDeclaredConstructors()).flatMap(c -> Arrays.stream(c.getParameterTypes())))
                .doesNotContain(WriterVersion.class);
        assertThat(Arrays.stream(sdo.getDeclaredMethods()).filter(m -> m.getName().equals("wrap")))
                .singleElement().satisfies(m -> assertThat(m.getParameterTypes())
                        .containsExactly(ByteBuffer.class, int.class, int.class));
        assertThat(Arrays.stream(sdo.getDeclaredMethods()).map(java.lang.reflect.Method::getName))
                .doesNotContain("sizeOf");
        assertThat(Arrays.stream(sdo.getDeclaredFields()).map(java.lang.reflect.Field::getName))
                .doesNotContain("writerBytes", "newerSize");

        RecordType<?, ?> type = (RecordType<?, ?>) generated.type(P + "PersonBatch").getField("TYPE").get(null);
        int bytes = generated.bytes(P + "Person");
        type.checkWriter(new WriterVersion(1, bytes));
        assertThatThrownBy(() -> type.checkWriter(new WriterVersion(2, bytes + 4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Person: a compact record has no versions: its code reads records of version 1, not 2");
        assertThatThrownBy(() -> type.checkWriter(new WriterVersion(1, bytes + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Person: version 1 of the record");

        byte[] record = bytesOf("Person", generated.bean(P + "Person", personValues(null)));
        ByteBuffer chunk = ByteBuffer.wrap(Arrays.copyOf(record, record.length + 8));
        Object view = type.wrap(chunk, 0, type.ownWriter(), record.length);
        assertThat(Generated.call(view, "getNote")).isEqualTo("hi");
        // Two fields with data, one slot: a container's size that cannot hold the table is damage.
        assertThatThrownBy(() -> type.wrap(chunk, 0, type.ownWriter(), 3))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Person: its slot table ends at byte 4, beyond the 3 bytes available");
        Object cursor = type.cursor(type.ownWriter());
        ((Flyweight) cursor).moveTo(chunk, 0, record.length);
        assertThat(((Flyweight) cursor).byteSize()).isEqualTo(record.length);
        assertThat(((Flyweight) cursor).checkedByteSize()).isEqualTo(record.length);
        assertThatThrownBy(() -> ((Flyweight) cursor).moveTo(chunk, 0)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("moveTo(chunk, offset, size)");
    }

    @Test
    void aWriterChangingARecordInPlaceRefusesChangesOfSizeOrSlots() {
        List<Object> beans = new ArrayList<>();
        ByteBuffer buffer = ByteBuffer.allocate(200);
        int[] offsets = new int[4];
        for (int i = 0, at = 0; i < 3; i++) {
            Map<String, Object> values = personValues(i % 2 == 0 ? new byte[i] : null);
            // Names under 4 bytes: a longer one may be a shared string's target, never changed in place (8.6).
            values.put("name", "n" + i);
            beans.add(generated.bean(P + "Person", values));
            offsets[i] = at;
            at += (int) generated.callStatic(P + "PersonSdo", "encode", beans.get(i), buffer, at);
            offsets[i + 1] = at;
        }
        byte[] after = Arrays.copyOfRange(buffer.array(), offsets[3], buffer.capacity());
        byte[] next = Arrays.copyOfRange(buffer.array(), offsets[2], offsets[3]);

        Object writer = generated.callStatic(P + "PersonWriter", "update", buffer, offsets[1],
                offsets[2] - offsets[1]);
        Generated.call(writer, "tail", 7);
        Generated.call(writer, "name", "N1");
        Generated.call(writer, "note", "ho");
        assertThatThrownBy(() -> Generated.call(writer, "name", "n11")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Person.name: 3 bytes of data in place of 2");
        assertThatThrownBy(() -> Generated.call(writer, "note", (Object) null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Person.note")
                .hasMessageContaining("slot table");
        assertThatThrownBy(() -> Generated.call(writer, "photo", new byte[0])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Person.photo");

        Object changed = beans.get(1);
        generated.set(changed, "tail", 7);
        generated.set(changed, "name", "N1");
        generated.set(changed, "note", "ho");
        assertThat(Arrays.copyOfRange(buffer.array(), offsets[1], offsets[2])).isEqualTo(bytesOf("Person", changed));
        assertThat(Arrays.copyOfRange(buffer.array(), offsets[2], offsets[3])).isEqualTo(next);
        assertThat(Arrays.copyOfRange(buffer.array(), offsets[3], buffer.capacity())).isEqualTo(after);
    }

    @Test
    void aWriterRefusesFieldsOutOfOrderAndRecordsThatDoNotFit() {
        Object writer = generated.callStatic(P + "PersonWriter", "wrap", ByteBuffer.allocate(64), 0);
        Generated.call(writer, "note", "x");
        assertThatThrownBy(() -> Generated.call(writer, "name", "y")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Person.name comes after Person.note");

        // 3 fixed bytes and 5 of data fit 8 bytes; name's slot does not (note ends at the size).
        Object tight = generated.callStatic(P + "PersonWriter", "wrap", ByteBuffer.allocate(8), 0);
        Generated.call(tight, "id", 1);
        Generated.call(tight, "flag", true);
        Generated.call(tight, "tail", 2);
        Generated.call(tight, "name", "abc");
        Generated.call(tight, "note", "de");
        assertThatThrownBy(() -> Generated.call(tight, "done")).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** A setter named yield, which Java calls only as {@code this.yield(null)}, is what its clearer calls. */
    @Test
    void aFieldNamedYieldIsClearedThroughItsWriter() {
        ByteBuffer buffer = ByteBuffer.allocate(16);
        Object writer = generated.callStatic(P + "YieldingWriter", "wrap", buffer, 0);
        Generated.call(writer, "clearYield");
        Generated.call(writer, "n", 7);
        int size = (int) Generated.call(writer, "done");
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("yield", null);
        values.put("n", 7);
        assertThat(Arrays.copyOf(buffer.array(), size))
                .isEqualTo(bytesOf("Yielding", generated.bean(P + "Yielding", values)));
    }

    // Helpers

    /**
     * Checks every way of writing and reading {@code bean} as {@code record} against {@code of}: its getters give it
     * back, its sizes, a writer setting {@code order}'s fields in a buffer with other bytes around it, and Java
     * serialisation. Returns its bytes.
     */
    private static byte[] roundTrip(String record, Object bean, List<String> order) {
        String name = P + record;
        Object sdo = generated.of(name, bean);
        byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
        assertThat(Generated.call(sdo, "byteSize")).isEqualTo(bytes.length);
        assertThat(generated.callStatic(name + "Sdo", "encodedSize", bean)).isEqualTo(bytes.length);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        Object view = wrap(record, bytes);
        assertThat(Generated.call(view, "toBean")).isEqualTo(bean);
        assertThat(view).isEqualTo(sdo);
        assertThat(view.hashCode()).isEqualTo(sdo.hashCode());

        // encode into a used buffer, between other bytes
        ByteBuffer used = filled(bytes.length + 10);
        assertThat(generated.callStatic(name + "Sdo", "encode", bean, used, 3)).isEqualTo(bytes.length);
        assertThat(Arrays.copyOfRange(used.array(), 3, 3 + bytes.length)).isEqualTo(bytes);
        assertThat(Arrays.copyOfRange(used.array(), 3 + bytes.length, used.capacity()))
                .containsOnly((byte) 0x5A);

        // the writer, its record between other bytes
        ByteBuffer buffer = filled(bytes.length + 10);
        Object writer = generated.callStatic(name + "Writer", "wrap", buffer, 3);
        writeFields(writer, bean, order);
        assertThat(Generated.call(writer, "done")).isEqualTo(bytes.length);
        assertThat(Arrays.copyOfRange(buffer.array(), 3, 3 + bytes.length)).as("writer's bytes").isEqualTo(bytes);
        assertThat(Arrays.copyOfRange(buffer.array(), 0, 3)).containsOnly((byte) 0x5A);
        assertThat(Arrays.copyOfRange(buffer.array(), 3 + bytes.length, buffer.capacity())).containsOnly((byte) 0x5A);

        try {
            assertThat(deserialise(serialise(sdo))).isEqualTo(sdo);
        } catch (IOException | ClassNotFoundException e) {
            throw new AssertionError(e);
        }
        return bytes;
    }

    private static ByteBuffer filled(int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 0x5A);
        return ByteBuffer.wrap(bytes);
    }

    /** Sets {@code order}'s fields of {@code bean} through {@code writer}, skipping null ones. */
    private static void writeFields(Object writer, Object bean, List<String> order) {
        for (String field : order) {
            String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
            boolean bool = Arrays.stream(bean.getClass().getMethods()).anyMatch(m -> m.getName().equals("is" + capitalized));
            Object value = Generated.call(bean, (bool ? "is" : "get") + capitalized);
            if (value != null) {
                Generated.call(writer, field, value);
            }
        }
    }

    private static byte[] bytesOf(String record, Object bean) {
        return (byte[]) Generated.call(generated.of(P + record, bean), "toByteArray");
    }

    /**
     * The view of {@code bytes} as {@code record}: of all of them for a compact record, which does not hold its size
     * ({@code wrap(buffer, offset, length)}); any other finds its size in its bytes.
     */
    private static Object wrap(String record, byte[] bytes) {
        try {
            generated.type(P + record + "Sdo").getMethod("wrap", ByteBuffer.class, int.class, int.class);
        } catch (NoSuchMethodException e) {
            return generated.wrap(P + record, ByteBuffer.wrap(bytes), 0);
        }
        return generated.callStatic(P + record + "Sdo", "wrap", ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    private static byte[] serialise(Object sdo) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(sdo);
        }
        return out.toByteArray();
    }

    /** A Person's Java serial form holding {@code bytes} (as many as the worked example's) in place of its own. */
    private static byte[] serialForm(byte[] bytes) throws IOException {
        Object bean = generated.bean(P + "Person", personValues(new byte[] {1, 2, 3, -1}));
        byte[] form = serialise(generated.of(P + "Person", bean));
        byte[] good = bytesOf("Person", bean);
        int at = indexOf(form, good);
        assertThat(at).isPositive();
        assertThat(bytes).hasSameSizeAs(good);
        System.arraycopy(bytes, 0, form, at, bytes.length);
        return form;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static Object deserialise(byte[] form) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(form)) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, generated.type(P + "Person").getClassLoader());
            }
        }) {
            return in.readObject();
        }
    }
}
