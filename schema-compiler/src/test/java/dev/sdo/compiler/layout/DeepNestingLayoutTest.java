package dev.sdo.compiler.layout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.testing.FrontEnd;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Records that each hold several copies of the one before: a layout that re-summed shared records would visit
 * 3^depth records and never finish, so this test hangs (and times out) unless each record is summed once.
 */
class DeepNestingLayoutTest {
    private static final int DEPTH = 19;

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void sharedRecordsAreSummedOnce() {
        StringBuilder text = new StringBuilder("package p;\nrecord R0 { flag: bool optional; }\n");
        for (int level = 1; level <= DEPTH; level++) {
            String inner = "R" + (level - 1);
            text.append("record R").append(level).append(" { a: ").append(inner).append("; b: ").append(inner)
                    .append("; c: ").append(inner).append(" optional; }\n");
        }
        Schema schema = FrontEnd.valid(text.toString());

        List<RecordLayout> layouts = RecordLayout.ofAll(schema);

        // R0 is 2 bits; R(k) = 3 * R(k-1) + 1 presence bit.
        long expected = 2;
        for (int level = 1; level <= DEPTH; level++) {
            expected = 3 * expected + 1;
            assertThat(layouts.get(level).totalBits()).isEqualTo(expected);
        }
        RecordLayout deepest = layouts.get(DEPTH);
        assertThat(deepest.fields().get(2).presenceBit()).isEqualTo(2 * layouts.get(DEPTH - 1).totalBits());
    }
}
