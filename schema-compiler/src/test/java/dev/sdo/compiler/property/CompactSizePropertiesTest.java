package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What {@code @compact} costs and saves (docs/record-format.md section 8), on the reference encoding of random
 * records: a compact record of m variable-length fields, c of them with data (c - 1 slots of W bytes: the last one's
 * data ends at the record's size), is never larger than the same record without {@code @compact} while its slots are
 * at most 3 bytes wide (its size under 2^24), and smaller while they are at most 2 bytes. Not in general: 4-byte
 * slots cost what the 32-bit slots of section 2 cost, and the width code and slot bits come on top (a record of 40
 * required blobs holding 2^24 bytes between them is two bytes larger compact).
 *
 * <p>Why, with X the bits of the other fields (unions' tags and inline places included) and p the variable-length
 * fields with a presence bit: without {@code @compact} the fixed part is {@code ceil((X + p) / 8) + 4m} bytes, with
 * it {@code ceil((X + m + 2) / 8) + (c - 1) W}, the data the same. The difference is at most
 * {@code ceil((m + 2 - p) / 8)} bytes of bits against {@code 4m - (c - 1) W >= (4 - W) m + W} bytes of slots, and
 * {@code ceil((m + 2) / 8) <= m + 3} for m >= 1 (strictly less than 2m + 2).
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
     * The case where compact costs more: {@code @compact Many { b0: bytes; ... b39: bytes; }}, b0 holding 2^24 bytes
     * and the others one each, needs 4-byte slots: 6 bytes of width code and slot bits and 39 slots of 4 bytes, 162
     * bytes before the data, against section 2's 40 slots of 4 bytes, 160. With 1,000 bytes less in b0 its slots are
     * 3 bytes wide, 6 + 117 = 123 bytes before the data: smaller.
     */
    @Test
    void fourByteSlotsCanMakeACompactRecordLarger() {
        List<TestField> fields = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            fields.add(new TestField("b" + i, new TestType.Blob(), false, TestField.JavaAs.NONE, null));
        }
        TestRecord compact = new TestRecord("Many", null, false, fields, true);
        TestRecord plain = new TestRecord("Many", null, false, fields, false);
        for (int less : new int[] {0, 1000}) {
            List<Object> values = new java.util.ArrayList<>();
            values.add(new byte[(1 << 24) - less]);
            for (int i = 1; i < 40; i++) {
                values.add(new byte[] {(byte) i});
            }
            byte[] compactBytes = encoder.encode(new RecordValue(compact, values));
            byte[] plainBytes = encoder.encode(new RecordValue(plain, values));
            int data = (1 << 24) - less + 39;
            assertThat(plainBytes).hasSize(160 + data);
            if (less == 0) {
                assertThat(compactBytes[0] & 3).isEqualTo(3);
                assertThat(compactBytes).hasSize(6 + 39 * 4 + data);
            } else {
                assertThat(compactBytes[0] & 3).isEqualTo(2);
                assertThat(compactBytes).hasSize(6 + 39 * 3 + data);
            }
        }
    }
}
