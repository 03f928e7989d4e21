package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every way {@link SortBenchmark} sorts the trades gives the order of the beans' sort, and they are not all alike. */
class SortBenchmarkTest {
    @Test
    void everySortGivesTheBeansOrder() {
        SortBenchmark sort = new SortBenchmark();
        sort.trades = 20_000;
        sort.setUp();

        List<String> expected = sort.beans().stream().map(SortBenchmarkTest::key).toList();

        assertThat(expected.stream().distinct().count()).isGreaterThan(100);
        for (TradeBatch sorted : List.of(sort.sdoObjectComparator(), sort.sdoRawComparator(), sort.sdoRawKey())) {
            assertThat(sorted.stream().map(TradeSdo::toBean).map(SortBenchmarkTest::key).toList()).isEqualTo(expected);
        }
    }

    private static String key(TradeBean trade) {
        return trade.getCurrency1() + " " + trade.getTradeDate();
    }
}
