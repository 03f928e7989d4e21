package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Arrays;
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

    private static TestField field(String name, TestType type, boolean optional) {
        return new TestField(name, type, optional, TestField.JavaAs.NONE, null);
    }
}
