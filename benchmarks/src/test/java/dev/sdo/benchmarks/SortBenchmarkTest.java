package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.benchmarks.tick.Tick;
import dev.sdo.benchmarks.tick.TickBatch;
import dev.sdo.benchmarks.tick.TickSdo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every way {@link SortBenchmark} sorts the prints gives the order of the beans' sort. */
class SortBenchmarkTest {
    @Test
    void everySortGivesTheBeansOrder() {
        SortBenchmark sort = new SortBenchmark();
        sort.ticks = 20_000;
        sort.setUp();

        List<String> expected = sort.beans().stream().map(SortBenchmarkTest::key).toList();

        assertThat(expected.stream().distinct().count()).isGreaterThan(10_000);
        for (TickBatch sorted : List.of(sort.sdoObjectComparator(), sort.sdoRawComparator(), sort.sdoRawKey())) {
            assertThat(sorted.stream().map(TickSdo::toBean).map(SortBenchmarkTest::key).toList()).isEqualTo(expected);
        }
    }

    private static String key(Tick tick) {
        return tick.getVenue() + " " + tick.getAt();
    }
}
