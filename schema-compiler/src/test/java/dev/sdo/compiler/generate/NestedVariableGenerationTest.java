package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VariableList;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Records with variable-length data nested in others, and lists of every element type, checked against
 * docs/record-format.md: a nested record with variable-length data takes an end slot and its data is its whole
 * encoding; lists of records of fixed width store them at a byte stride; blobs, lists and records with
 * variable-length data are elements behind an end-offset table.
 */
class NestedVariableGenerationTest {
    private static final String SCHEMA = """
            package test.nest;
            enum Side { Buy, Sell }
            record Leg { side: Side; amount: udecimal(9, 2); }
            record Party { id: uint16; name: string; tags: list<string> optional; }
            record Wrapper { code: uint8; party: Party; }
            record Pair { id: uint8; name: string; }
            record Outer { a: uint8; p: Pair; tail: uint8; }
            record Book {
                id:      uint8;
                owner:   Party;
                backup:  Party optional;
                deep:    Wrapper;
                legs:    list<Leg>;
                parties: list<Party> optional;
                blobs:   list<bytes>;
                grid:    list<list<int(-5..100)>>;
                names:   list<list<string>>;
                nested:  list<list<Party>>;
                wide:    list<char(10)>;
                legGrid: list<list<Leg>>;
            }
            """;
    private static final String BOOK = "test.nest.Book";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("nest.sdo", SCHEMA));
    }

    private static Object party(int id, String name, List<String> tags) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", id);
        values.put("name", name);
        values.put("tags", tags);
        return generated.bean("test.nest.Party", values);
    }

    private static Object leg(String side, String amount) {
        return generated.bean("test.nest.Leg", Map.of("side", generated.enumConstant("test.nest.Side", side),
                "amount", new BigDecimal(amount)));
    }

    private static Map<String, Object> bookValues() {
        Map<String, Object> values = new HashMap<>();
        values.put("id", 9);
        values.put("owner", party(1, "Zoë", List.of("a", "bc")));
        values.put("backup", null);
        values.put("deep", generated.bean("test.nest.Wrapper", Map.of("code", 200,
                "party", party(65535, "", null))));
        values.put("legs", List.of(leg("Buy", "1.25"), leg("Sell", "9999999.99")));
        values.put("parties", List.of(party(2, "x", List.of()), party(3, "😀", null)));
        values.put("blobs", List.of(new byte[] {1, 2}, new byte[0], new byte[] {-1}));
        values.put("grid", List.of(List.of(-5, 100), List.of(), List.of(0)));
        values.put("names", List.of(List.of("a", ""), List.of()));
        values.put("nested", List.of(List.of(party(4, "n", List.of("t"))), List.of()));
        values.put("wide", List.of("0123456789", "", "x"));
        values.put("legGrid", List.of(List.of(leg("Sell", "0.01")), List.of()));
        return values;
    }

    private static Object book() {
        return generated.of(BOOK, generated.bean(BOOK, bookValues()));
    }

    @Test
    void gettersAndToBeanGiveBackWhatWasEncoded() {
        Object sdo = book();
        Object bean = generated.bean(BOOK, bookValues());

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(generated.of(BOOK, Generated.call(sdo, "toBean"))).isEqualTo(sdo);
        Object owner = Generated.call(sdo, "getOwner");
        assertThat(owner.getClass().getSimpleName()).isEqualTo("PartySdo");
        assertThat(Generated.call(owner, "getName")).isEqualTo("Zoë");
        assertThat(Generated.call(owner, "getTags")).isEqualTo(List.of("a", "bc"));
        assertThat(Generated.call(sdo, "hasBackup")).isEqualTo(false);
        assertThat(Generated.call(sdo, "getBackup")).isNull();
        Object deepParty = Generated.call(Generated.call(sdo, "getDeep"), "getParty");
        assertThat(Generated.call(deepParty, "getId")).isEqualTo(65535);
        assertThat(Generated.call(deepParty, "getTags")).isNull();
        assertThat(Generated.call(sdo, "getGrid")).isEqualTo(List.of(List.of(-5, 100), List.of(), List.of(0)))
                .isInstanceOf(RandomAccess.class);
        assertThat(Generated.call(sdo, "getNames")).isEqualTo(List.of(List.of("a", ""), List.of()));
        assertThat(Generated.call(sdo, "getWide")).isEqualTo(List.of("0123456789", "", "x"));
        List<?> blobs = (List<?>) Generated.call(sdo, "getBlobs");
        assertThat(blobs).hasSize(3);
        assertThat((byte[]) blobs.get(0)).containsExactly(1, 2);
        assertThat((byte[]) blobs.get(2)).containsExactly(-1);
        List<?> parties = (List<?>) Generated.call(sdo, "getParties");
        assertThat(Generated.call(parties.get(1), "getName")).isEqualTo("😀");
        List<?> legs = (List<?>) Generated.call(sdo, "getLegs");
        assertThat(Generated.call(legs.get(1), "getAmount")).isEqualTo(new BigDecimal("9999999.99"));
    }

    @Test
    void aBeanCopiesEveryNestedListAndRecord() {
        Object sdo = book();
        Object bean = Generated.call(sdo, "toBean");
        List<?> nested = (List<?>) Generated.call(bean, "getNested");
        Object party = ((List<?>) nested.get(0)).get(0);
        assertThat(party.getClass().getSimpleName()).isEqualTo("PartyBean");
        assertThat(((List<?>) Generated.call(bean, "getLegs")).get(0).getClass().getSimpleName()).isEqualTo("LegBean");
        assertThat(Generated.call(bean, "getOwner").getClass().getSimpleName()).isEqualTo("PartyBean");
        assertThat(Generated.call(bean, "getGrid").getClass().getName()).doesNotContain("PackedList");
        assertThat(((List<?>) Generated.call(bean, "getGrid")).get(0).getClass().getName())
                .doesNotContain("PackedList");
    }

    @Test
    void aNestedRecordWithVariableDataIsItsWholeEncodingAfterTheFixedPart() {
        // Outer: a 0..7, p's end slot 8..39, tail 40..47: 6 bytes. Pair: id 0..7, name's end slot 8..39: 5 bytes,
        // its slot counted from Pair's first byte.
        Object outer = generated.of("test.nest.Outer", generated.bean("test.nest.Outer", Map.of("a", 1,
                "p", generated.bean("test.nest.Pair", Map.of("id", 2, "name", "hi")), "tail", 3)));
        byte[] bytes = (byte[]) Generated.call(outer, "toByteArray");
        assertThat(bytes).containsExactly(1, 13, 0, 0, 0, 3, 2, 7, 0, 0, 0, 'h', 'i');
        assertThat(generated.bytes("test.nest.Outer")).isEqualTo(6);
    }

    @Test
    void listsOfFixedRecordsUseAByteStrideAndBlobsAnEndOffsetTable() {
        Object sdo = book();
        ByteBuffer record = ByteBuffer.wrap((byte[]) Generated.call(sdo, "toByteArray"));
        // id 0..7, owner slot 8..39, backup presence 40, slot 41..72, deep slot 73..104, legs slot 105..136,
        // parties presence 137, slot 138..169, blobs slot 170..201.
        int legsStart = (int) BitFields.read(record, 0, 73, 32);
        int legsEnd = (int) BitFields.read(record, 0, 105, 32);
        assertThat(legsEnd - legsStart).isEqualTo(4 + 2 * 4); // Leg: 1 + 30 bits, 4 bytes each
        assertThat(BitFields.read(record, legsStart, 0, 32)).isEqualTo(2);
        assertThat(BitFields.read(record, legsStart + 4, 0, 1)).isEqualTo(0); // Buy
        assertThat(BitFields.read(record, legsStart + 4, 1, 30)).isEqualTo(125);
        assertThat(BitFields.read(record, legsStart + 8, 0, 1)).isEqualTo(1); // Sell
        assertThat(BitFields.read(record, legsStart + 8, 31, 1)).as("padding").isZero();

        int blobsStart = (int) BitFields.read(record, 0, 138, 32);
        int blobsEnd = (int) BitFields.read(record, 0, 170, 32);
        byte[] blobs = Arrays.copyOfRange(record.array(), blobsStart, blobsEnd);
        assertThat(blobs).containsExactly(3, 0, 0, 0, 18, 0, 0, 0, 18, 0, 0, 0, 19, 0, 0, 0, 1, 2, -1);

        VariableList<?> view = (VariableList<?>) Generated.call(sdo, "getBlobs");
        ByteBuffer first = view.elementBuffer(0);
        assertThat(first.isReadOnly()).isTrue();
        assertThat(first.remaining()).isEqualTo(2);
        assertThat(first.get(1)).isEqualTo((byte) 2);
    }

    @Test
    void anElementOutOfRangeIsNamedWithItsIndexAndPath() {
        Map<String, Object> values = bookValues();
        values.put("grid", List.of(List.of(0), List.of(1, 101)));
        assertThatThrownBy(() -> generated.of(BOOK, generated.bean(BOOK, values)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Book.grid[1][1]: ");

        Map<String, Object> badLeg = bookValues();
        badLeg.put("legs", List.of(leg("Buy", "1"), leg("Buy", "-1")));
        assertThatThrownBy(() -> generated.of(BOOK, generated.bean(BOOK, badLeg)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Book.legs[1]: Leg.amount: ");

        Map<String, Object> nullBlob = bookValues();
        nullBlob.put("blobs", Arrays.asList(new byte[0], null));
        assertThatThrownBy(() -> generated.of(BOOK, generated.bean(BOOK, nullBlob)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Book.blobs[1]: a list element is null");

        Map<String, Object> nullName = bookValues();
        nullName.put("nested", List.of(List.of(), List.of(party(1, null, null))));
        assertThatThrownBy(() -> generated.of(BOOK, generated.bean(BOOK, nullName)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Book.nested[1][0]: Party.name: a required field is null");

        Map<String, Object> wide = bookValues();
        wide.put("wide", List.of("0123456789A"));
        assertThatThrownBy(() -> generated.of(BOOK, generated.bean(BOOK, wide)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Book.wide[0]: ");
    }

    @Test
    void aDamagedNestedRecordIsReportedNamingTheField() {
        byte[] bytes = (byte[]) Generated.call(book(), "toByteArray");
        ByteBuffer record = ByteBuffer.wrap(bytes);
        int ownerStart = generated.bytes(BOOK);
        // The owner's own size (its tags' end slot, bits 16..47 of Party... after id and name: bits 48..) is damaged.
        int partyFixed = generated.bytes("test.nest.Party");
        BitFields.write(record, ownerStart, 8L * partyFixed - 32 - (8L * partyFixed - 81), 32, 3);
        Object view = generated.wrap(BOOK, record, 0);
        assertThatThrownBy(() -> Generated.call(view, "getOwner")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Book.owner");
    }
}
