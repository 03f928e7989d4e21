package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PackedStreamTest {
    @Property
    void everyFieldReadsBackWhateverItsPosition(
            @ForAll @Size(min = 1, max = 64) List<@LongRange(min = 0, max = Long.MAX_VALUE) Long> values) {
        byte[] stream = PackedStream.pack(values.stream().mapToLong(Long::longValue).toArray());
        for (int position = 1; position <= values.size(); position++) {
            assertThat(PackedStream.read(stream, position)).isEqualTo(values.get(position - 1));
        }
    }

    @Test
    void smallValuesTakeOneByteAndLargeOnesMore() {
        assertThat(PackedStream.pack(new long[] {0, 127})).hasSize(2);
        assertThat(PackedStream.pack(new long[] {128})).containsExactly(0x80, 0x01);
        assertThat(PackedStream.pack(new long[] {0xFFFF_FFFFL})).hasSize(5);
    }

    @Property
    void everyStringReadsBackWhateverItsPositionAndLength(
            @ForAll @Size(min = 1, max = 32) List<@StringLength(max = 300) String> values) {
        byte[] stream = PackedStream.packStrings(values.toArray(String[]::new));
        for (int position = 1; position <= values.size(); position++) {
            assertThat(PackedStream.readString(stream, position)).isEqualTo(values.get(position - 1));
        }
    }
}
