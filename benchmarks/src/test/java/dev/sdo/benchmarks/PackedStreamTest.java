package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class PackedStreamTest {
    @Test
    void everyFieldReadsBackWhateverItsPosition() {
        PropertyRunner.forAll(1000, draw -> everyFieldReadsBackWhateverItsPosition(
                draw.list(1, 64, () -> draw.longs(0, Long.MAX_VALUE))));
    }

    private static void everyFieldReadsBackWhateverItsPosition(List<Long> values) {
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

    @Test
    void everyStringReadsBackWhateverItsPositionAndLength() {
        PropertyRunner.forAll(1000, draw -> everyStringReadsBackWhateverItsPositionAndLength(
                draw.list(1, 32, () -> draw.text(0, 300))));
    }

    private static void everyStringReadsBackWhateverItsPositionAndLength(List<String> values) {
        byte[] stream = PackedStream.packStrings(values.toArray(String[]::new));
        for (int position = 1; position <= values.size(); position++) {
            assertThat(PackedStream.readString(stream, position)).isEqualTo(values.get(position - 1));
        }
    }
}
