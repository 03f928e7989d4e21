package dev.sdo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PropertyRunnerTest {

    @Test
    void aFailingTryNamesItsSeedAndThatSeedDrawsTheSameValues() {
        List<Long> failing = new ArrayList<>();
        AssertionError failure = catchThrowableOfType(AssertionError.class, () -> PropertyRunner.forAll(1000, draw -> {
            long value = draw.longs(0, 1_000_000);
            if (value % 7 == 3) {
                failing.add(value);
                throw new AssertionError("no value is 3 modulo 7");
            }
        }));

        assertThat(failure).hasMessageContaining("no value is 3 modulo 7").hasMessageContaining("-Dsdo.seed=");
        Matcher seed = Pattern.compile("seed (-?\\d+)").matcher(failure.getMessage());
        assertThat(seed.find()).isTrue();
        assertThat(new Draw(Long.parseLong(seed.group(1))).longs(0, 1_000_000)).isEqualTo(failing.get(0));
    }

    @Test
    void everyTryRunsAndTheTriesDrawDifferentValues() {
        Set<Long> values = new HashSet<>();
        PropertyRunner.forAll(500, draw -> values.add(draw.anyLong()));
        assertThat(values).hasSizeGreaterThan(400);
    }

    @Test
    void rangesAreInclusiveAndTheirEdgesComeUp() {
        Set<Long> small = new HashSet<>();
        Set<Long> wide = new HashSet<>();
        PropertyRunner.forAll(2000, draw -> {
            small.add(draw.longs(-2, 3));
            long value = draw.longs(Long.MIN_VALUE + 5, Long.MAX_VALUE - 5);
            assertThat(value).isBetween(Long.MIN_VALUE + 5, Long.MAX_VALUE - 5);
            wide.add(value);
        });
        assertThat(small).containsExactlyInAnyOrder(-2L, -1L, 0L, 1L, 2L, 3L);
        assertThat(wide).contains(Long.MIN_VALUE + 5, Long.MIN_VALUE + 6, Long.MAX_VALUE - 5, -1L, 0L, 1L);
    }

    @Test
    void textsAreValidUtf16AndReachEveryUtf8Length() {
        Set<Integer> lengths = new HashSet<>();
        PropertyRunner.forAll(300, draw -> draw.text(0, 20).codePoints().forEach(codePoint -> {
            assertThat(Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF).isFalse();
            lengths.add(new String(Character.toChars(codePoint)).getBytes(java.nio.charset.StandardCharsets.UTF_8)
                    .length);
        }));
        assertThat(lengths).containsExactlyInAnyOrder(1, 2, 3, 4);
    }

    @Test
    void aRangeRunsEveryValueOnceAndNamesTheFailingOne() {
        List<Integer> seen = new ArrayList<>();
        PropertyRunner.forEach(2, 9, seen::add);
        assertThat(seen).containsExactly(2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(catchThrowableOfType(AssertionError.class, () -> PropertyRunner.forEach(0, 5, value ->
                assertThat(value).isLessThan(4)))).hasMessageStartingWith("property failed for 4");
    }
}
