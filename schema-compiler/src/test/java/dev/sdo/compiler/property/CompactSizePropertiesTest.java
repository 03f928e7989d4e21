package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What {@code @compact} costs and saves (docs/record-format.md section 8), on the reference encoding of random
 * records: a compact record of m variable-length fields, c of them with a slot of W bytes, is never larger than the
 * same record without {@code @compact} while its slots are at most 3 bytes wide (its size under 2^24), and smaller
 * while they are at most 2 bytes. Not in general: 4-byte slots cost what the 32-bit slots of section 2 cost, and the
 * width code and slot bits come on top (a record of one required string of 2^24 bytes is one byte larger compact).
 *
 * <p>Why, with X the bits of the other fields (unions' tags and inline places included) and p the variable-length
 * fields with a presence bit: without {@code @compact} the fixed part is {@code ceil((X + p) / 8) + 4m} bytes, with
 * it {@code ceil((X + m + 2) / 8) + cW}, the data the same. The difference is at most {@code ceil((m + 2 - p) / 8)}
 * bytes of bits against {@code 4m - cW >= (4 - W) m} bytes of slots, and {@code ceil((m + 2) / 8) <= m} for m >= 1
 * (strictly less than 2m).
 */
class CompactSizePropertiesTest {
    private static final int VALUES_PER_RECORD = 25;
    private final SpecLayout layout = new SpecLayout();
    private final ReferenceEncoder encoder = new ReferenceEncoder(layout);

    @Test
    void aCompactRecordIsNeverLargerWhileItsSlotsAreAtMostThreeBytes() {
        PropertyRunner.forAll(60, draw -> {
            long seed = draw.anyLong();
            Random random = new Random(seed);
            TestSchema schema = new RandomSchemas(random).schema("c.sdo", "p", RandomSchemas.Profile.NORMAL);
            RandomValues values = new RandomValues(random);
            for (TestRecord record : schema.concreteRecords()) {
                if (!record.compactLayout()) {
                    continue;
                }
                TestRecord twin = new TestRecord(record.name(), null, false, record.fields(), false);
                int m = SpecLayout.variableFields(record).size();
                int p = (int) SpecLayout.variableFields(record).stream().filter(TestField::hasPresenceBit).count();
                for (int n = 0; n < VALUES_PER_RECORD; n++) {
                    RecordValue value = values.record(record);
                    byte[] compact = encoder.encode(value);
                    byte[] plain = encoder.encode(new RecordValue(twin, value.values()));
                    int width = (compact[0] & 3) + 1;
                    String what = "seed " + seed + ", " + record.name() + " (m = " + m + ", W = " + width + "): "
                            + compact.length + " bytes compact, " + plain.length + " without\n" + schema.text()
                            + "\nvalue: " + value.describe();
                    assertThat(width).as(what).isLessThanOrEqualTo(3);
                    if (width <= 2) {
                        assertThat(compact.length).as(what).isLessThan(plain.length);
                    } else {
                        assertThat(compact.length).as(what).isLessThanOrEqualTo(plain.length);
                    }
                    // the general bound, which holds for W = 4 too
                    assertThat(compact.length).as(what).isLessThanOrEqualTo(plain.length + (m + 2 - p + 7) / 8);
                }
            }
        });
    }

    /**
     * The case where compact costs more: {@code @compact One { b: bytes; }} holding 2^24 - 4 bytes needs 4-byte slots
     * (1 + 3 + 2^24 - 4 = 2^24 does not fit 3 bytes): 1 + 4 + 2^24 - 4 bytes, one more than the 4 + 2^24 - 4 of
     * section 2. One byte less of data, and 3-byte slots make it 2^24 - 1 bytes, as many as without.
     */
    @Test
    void fourByteSlotsCanMakeACompactRecordLarger() {
        TestField field = new TestField("b", new TestType.Blob(), false, TestField.JavaAs.NONE, null);
        TestRecord compact = new TestRecord("One", null, false, List.of(field), true);
        TestRecord plain = new TestRecord("One", null, false, List.of(field), false);
        byte[] big = new byte[(1 << 24) - 4];
        byte[] lessBig = new byte[(1 << 24) - 5];

        byte[] compactBig = encoder.encode(new RecordValue(compact, List.of(big)));
        assertThat(compactBig).hasSize((1 << 24) + 1);
        assertThat(compactBig[0]).isEqualTo((byte) 0x07); // w = 3, the slot bit
        assertThat(encoder.encode(new RecordValue(plain, List.of(big)))).hasSize(1 << 24);
        byte[] compactLessBig = encoder.encode(new RecordValue(compact, List.of(lessBig)));
        assertThat(compactLessBig).hasSize((1 << 24) - 1);
        assertThat(compactLessBig[0]).isEqualTo((byte) 0x06);
        assertThat(encoder.encode(new RecordValue(plain, List.of(lessBig)))).hasSize((1 << 24) - 1);
    }
}
