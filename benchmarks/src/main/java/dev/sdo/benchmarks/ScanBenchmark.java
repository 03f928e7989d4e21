package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.batch.RecordStore;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * A filter and sum over a million trades: the amount of every buy traded in 2016. Beans sit in an
 * {@code ArrayList}; the SDOs in a {@link RecordStore}, read with the primitive accessors, record by record with
 * {@code wrap}, through the store's iterator, and through the generated {@link TradeBatch}: its cursor
 * ({@code forEachCursor}) and its for-each loop (a view per trade). None should allocate per trade
 * ({@code -prof gc}, gc.alloc.rate.norm), unless the JIT keeps a view it cannot scalar-replace.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class ScanBenchmark {
    private static final LocalDate FROM = LocalDate.of(2016, 1, 1);
    private static final LocalDate UNTIL = LocalDate.of(2017, 1, 1);
    private static final int FROM_DAY = (int) FROM.toEpochDay();
    private static final int UNTIL_DAY = (int) UNTIL.toEpochDay();

    @Param("1000000")
    public int trades;

    private List<TradeBean> beans;
    private RecordStore batch;
    /** The generated batch over the same store: {@code forEachCursor} moves one cursor, its iterator makes views. */
    private TradeBatch tradeBatch;
    /** The query as a consumer made once, so that a {@code forEachCursor} query allocates no lambda. */
    private final BuysIn2016 forEachQuery = new BuysIn2016();

    @Setup
    public void setUp() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        beans = new ArrayList<>(trades);
        batch = RecordStore.heap(TradeSdo.BYTES);
        batch.ensureCapacity(trades);
        for (int i = 0; i < trades; i++) {
            TradeBean trade = samples.next();
            beans.add(trade);
            long index = batch.appendBlank();
            TradeSdo.encode(trade, batch.chunkOf(index), batch.offsetOf(index), 0);
        }
        tradeBatch = TradeBatch.over(batch);
        // Only these two here: running every query in each fork would give RecordStore's iterator two kinds of
        // reader to profile and cost sdoIteratorQuery its inlining (ScanBenchmarkTest checks that all agree).
        if (beanQuery() != sdoQuery()) {
            throw new IllegalStateException("the bean and SDO queries disagree");
        }
    }

    /** The query over beans: a list walk with the beans' object getters. */
    @Benchmark
    public long beanQuery() {
        long sum = 0;
        for (TradeBean trade : beans) {
            if (trade.getBuySell() == Side.Buy && !trade.getTradeDate().isBefore(FROM)
                    && trade.getTradeDate().isBefore(UNTIL)) {
                sum += trade.getAmount1().unscaledValue().longValue();
            }
        }
        return sum;
    }

    /** The query over the batch, chunk by chunk, wrapping each record with the SDO's primitive accessors. */
    @Benchmark
    public long sdoQuery() {
        long sum = 0;
        for (int c = 0; c < batch.chunkCount(); c++) {
            ByteBuffer chunk = batch.chunk(c);
            int end = batch.chunkRecords(c) * TradeSdo.BYTES;
            for (int offset = 0; offset < end; offset += TradeSdo.BYTES) {
                TradeSdo trade = TradeSdo.wrap(chunk, offset);
                int day = trade.getTradeDateEpochDay();
                if (trade.getBuySell() == Side.Buy && day >= FROM_DAY && day < UNTIL_DAY) {
                    sum += trade.getAmount1Unscaled();
                }
            }
        }
        return sum;
    }

    /** The query through the generated {@code TradeBatch.forEachCursor}: one cursor moved from record to record. */
    @Benchmark
    public long batchForEachCursorQuery() {
        forEachQuery.sum = 0;
        tradeBatch.forEachCursor(forEachQuery);
        return forEachQuery.sum;
    }

    /** The query through the generated {@code TradeBatch}'s for-each loop: a view of its own per record. */
    @Benchmark
    public long batchIteratorQuery() {
        long sum = 0;
        for (TradeSdo trade : tradeBatch) {
            int day = trade.getTradeDateEpochDay();
            if (trade.getBuySell() == Side.Buy && day >= FROM_DAY && day < UNTIL_DAY) {
                sum += trade.getAmount1Unscaled();
            }
        }
        return sum;
    }

    /** The query for {@code forEachCursor}: the cursor it is handed is read with its primitives. */
    private static final class BuysIn2016 implements Consumer<TradeSdo> {
        long sum;

        @Override
        public void accept(TradeSdo trade) {
            int day = trade.getTradeDateEpochDay();
            if (trade.getBuySell() == Side.Buy && day >= FROM_DAY && day < UNTIL_DAY) {
                sum += trade.getAmount1Unscaled();
            }
        }
    }

    /** The same query through the store's iterator, which wraps each record as it goes. */
    @Benchmark
    public long sdoIteratorQuery() {
        long sum = 0;
        Iterator<TradeSdo> records = batch.iterator(TradeSdo::wrap);
        while (records.hasNext()) {
            TradeSdo trade = records.next();
            int day = trade.getTradeDateEpochDay();
            if (trade.getBuySell() == Side.Buy && day >= FROM_DAY && day < UNTIL_DAY) {
                sum += trade.getAmount1Unscaled();
            }
        }
        return sum;
    }
}
