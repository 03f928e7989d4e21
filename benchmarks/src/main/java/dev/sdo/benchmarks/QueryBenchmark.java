package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.Trade;
import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeFields;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.query.RecordPredicate;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
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
 * Issue #17's query over a million trades: the sum of {@code amount1} of the trades that buy EUR
 * ({@code currency1 == "EUR" && buySell == Buy}), (a) as {@code TradeBatch.sum} with a predicate from
 * {@link TradeFields}, compiled to tests on the stored bits; (b) as a loop written by hand over the same bytes (one
 * load, one mask, one compare, the amount's load); (c) over an {@code ArrayList} of beans; (d) through the getters a
 * user writes first ({@code getCurrency1().equals("EUR")}), over the batch's cursor; and (a) and (c) in parallel. All
 * four must agree ({@code setUp} checks), and none of (a), (b) and (d) should allocate per trade ({@code -prof gc}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class QueryBenchmark {
    private static final RecordPredicate<Trade> EUR_BUYS =
            TradeFields.CURRENCY1.eq("EUR").and(TradeFields.BUY_SELL.eq(Side.Buy));

    @Param("1000000")
    public int trades;

    private List<TradeBean> beans;
    private RecordStore store;
    private TradeBatch batch;
    private final EurBuys cursorQuery = new EurBuys();

    /** (b)'s constants, worked out from the layout as a person writing the loop would. */
    private long wordMask;
    private long wordValue;
    private int amountIndex;
    private long amountMask;

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
        store = batch.store();
        // buySell is bit 48, currency1 bits 49..63: both in the first 8 bytes.
        long currency = new Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ").pack("currency1", "EUR", 3);
        wordMask = 1L << TradeFields.BUY_SELL.bits().bitOffset()
                | BitFields.mask(15) << TradeFields.CURRENCY1.bits().bitOffset();
        wordValue = (long) Side.Buy.ordinal() << TradeFields.BUY_SELL.bits().bitOffset()
                | currency << TradeFields.CURRENCY1.bits().bitOffset();
        amountIndex = (int) (TradeFields.AMOUNT1.bits().bitOffset() / Byte.SIZE);
        amountMask = BitFields.mask(TradeFields.AMOUNT1.bits().width());
        long expected = handWritten();
        if (batchSum().unscaledValue().longValueExact() != expected || beans() != expected
                || cursorGetters() != expected || batchSumParallel().unscaledValue().longValueExact() != expected
                || beansParallel() != expected) {
            throw new IllegalStateException("the queries disagree");
        }
    }

    /** (a) The batch's query: the predicate compiled to one masked compare, the sum exact. */
    @Benchmark
    public BigDecimal batchSum() {
        return batch.sum(TradeFields.AMOUNT1, EUR_BUYS);
    }

    /** (a) in parallel, over slices of the records. */
    @Benchmark
    public BigDecimal batchSumParallel() {
        return batch.where(EUR_BUYS).parallel().sum(TradeFields.AMOUNT1);
    }

    /** (b) The loop a person writes over the bytes. */
    @Benchmark
    public long handWritten() {
        long sum = 0;
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            int end = store.chunkRecords(c) * TradeSdo.BYTES;
            for (int base = 0; base < end; base += TradeSdo.BYTES) {
                if ((BitFields.getLong(chunk, base) & wordMask) == wordValue) {
                    sum += BitFields.getLong(chunk, base + amountIndex) & amountMask;
                }
            }
        }
        return sum;
    }

    /** (c) The beans in a list. */
    @Benchmark
    public long beans() {
        long sum = 0;
        for (TradeBean trade : beans) {
            if (trade.getCurrency1().equals("EUR") && trade.getBuySell() == Side.Buy) {
                sum += trade.getAmount1().unscaledValue().longValue();
            }
        }
        return sum;
    }

    /** (c) in parallel. */
    @Benchmark
    public long beansParallel() {
        return beans.parallelStream().filter(trade -> trade.getCurrency1().equals("EUR") && trade.getBuySell() == Side.Buy)
                .mapToLong(trade -> trade.getAmount1().unscaledValue().longValue()).sum();
    }

    /** (d) The getters a user writes first, through the batch's cursor. */
    @Benchmark
    public long cursorGetters() {
        cursorQuery.sum = 0;
        batch.forEachCursor(cursorQuery);
        return cursorQuery.sum;
    }

    private static final class EurBuys implements Consumer<TradeSdo> {
        long sum;

        @Override
        public void accept(TradeSdo trade) {
            if (trade.getCurrency1().equals("EUR") && trade.getBuySell() == Side.Buy) {
                sum += trade.getAmount1Unscaled();
            }
        }
    }
}
