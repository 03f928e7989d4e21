package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A sort of a million trades by (currency1, tradeDate), a string-like field then a date: the beans' list sorted
 * with the comparator a user writes first; the batch sorted with the same comparator over the SDO's object
 * getters (a {@code String} and a {@code LocalDate} made per read); with one over the raw keys
 * ({@code getCurrency1OrderKey()}, {@code getTradeDateEpochDay()}), which allocate nothing; and by one {@code long}
 * made of both keys, which the batch sorts by radix. Each SDO sort makes a sorted copy of the batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class SortBenchmark {
    static final Comparator<TradeBean> BEAN_ORDER =
            Comparator.comparing(TradeBean::getCurrency1).thenComparing(TradeBean::getTradeDate);
    static final Comparator<TradeSdo> SDO_OBJECT_ORDER =
            Comparator.comparing(TradeSdo::getCurrency1).thenComparing(TradeSdo::getTradeDate);
    static final Comparator<TradeSdo> SDO_RAW_ORDER =
            Comparator.comparingLong(TradeSdo::getCurrency1OrderKey).thenComparingInt(TradeSdo::getTradeDateEpochDay);
    /** The first day of the trade date's range, {@code date(2000-01-01..2099-12-31)}: its days fit 16 bits. */
    private static final int FIRST_DAY = (int) LocalDate.of(2000, 1, 1).toEpochDay();

    @Param("1000000")
    public int trades;

    private List<TradeBean> beans;
    private TradeBatch batch;

    @Setup
    public void setUp() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        beans = new ArrayList<>(trades);
        batch = new TradeBatch();
        for (int i = 0; i < trades; i++) {
            TradeBean trade = samples.next();
            beans.add(trade);
            batch.add(trade);
        }
    }

    /** The beans, copied and sorted: what a list of beans costs to sort without changing it. */
    @Benchmark
    public List<TradeBean> beans() {
        List<TradeBean> sorted = new ArrayList<>(beans);
        sorted.sort(BEAN_ORDER);
        return sorted;
    }

    @Benchmark
    public TradeBatch sdoObjectComparator() {
        return batch.sortedBy(SDO_OBJECT_ORDER);
    }

    @Benchmark
    public TradeBatch sdoRawComparator() {
        return batch.sortedBy(SDO_RAW_ORDER);
    }

    /** Currency1's 15-bit key above the trade date's 16 bits of days: one radix sort. */
    @Benchmark
    public TradeBatch sdoRawKey() {
        return batch.sortedBy((TradeSdo trade) -> trade.getCurrency1OrderKey() << 16
                | (trade.getTradeDateEpochDay() - FIRST_DAY));
    }
}
