package dev.sdo.benchmarks;

import dev.sdo.benchmarks.peers.sbe.MessageHeaderEncoder;
import dev.sdo.benchmarks.peers.sbe.TradeEncoder;
import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.benchmarks.trade.TradeWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writing a trade without a bean (issue #18): {@code TradeWriter} from primitives against SBE's encoder from the
 * same primitives (with its message header, and without it) and against {@code TradeSdo.encode(bean)}, one record into a reused buffer; and a million trades
 * appended to a batch through {@code TradeBatch.append()} against {@code add(bean)}. The primitives (epoch days,
 * unscaled decimals, interned currency strings, enum constants) are taken from {@link TradeSamples}' beans once, in
 * the setup, as a feed handler would have them from its wire format.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED")
public class WriterBenchmark {
    /** Trades cycled through: enough to defeat branch prediction of the values, few enough to stay in cache. */
    private static final int SAMPLES = 1_024;
    private static final int BATCH_TRADES = 1_000_000;
    /** Where the single-record benchmarks write: at an offset, as into a larger message or a batch chunk. */
    private static final int OFFSET = 16;

    private final ByteBuffer buffer = ByteBuffer.allocate(OFFSET + TradeSdo.BYTES + Long.BYTES);
    private final UnsafeBuffer sbeBuffer = new UnsafeBuffer(new byte[128]);
    private final MessageHeaderEncoder sbeHeader = new MessageHeaderEncoder();
    private final TradeEncoder sbe = new TradeEncoder();
    private final TradeBatch batch = new TradeBatch();
    /** One writer moved from record to record, as SBE's encoder is re-wrapped. */
    private final TradeWriter writer = new TradeWriter();

    private final TradeBean[] beans = new TradeBean[SAMPLES];
    private final long[] ids = new long[SAMPLES];
    private final int[] tradeDays = new int[SAMPLES];
    private final Side[] sides = new Side[SAMPLES];
    private final String[] currencies1 = new String[SAMPLES];
    private final long[] amounts1 = new long[SAMPLES];
    private final long[] rates = new long[SAMPLES];
    private final String[] currencies2 = new String[SAMPLES];
    private final long[] amounts2 = new long[SAMPLES];
    private final int[] settlementDays = new int[SAMPLES];
    private int next;

    @Setup
    public void setUp() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        for (int i = 0; i < SAMPLES; i++) {
            TradeBean trade = samples.next();
            beans[i] = trade;
            ids[i] = trade.getId();
            tradeDays[i] = (int) trade.getTradeDate().toEpochDay();
            sides[i] = trade.getBuySell();
            currencies1[i] = trade.getCurrency1().intern();
            amounts1[i] = trade.getAmount1().setScale(2).unscaledValue().longValueExact();
            rates[i] = trade.getExchangeRate().setScale(6).unscaledValue().longValueExact();
            currencies2[i] = trade.getCurrency2().intern();
            amounts2[i] = trade.getAmount2().setScale(2).unscaledValue().longValueExact();
            settlementDays[i] = (int) trade.getSettlementDate().toEpochDay();
        }
        batch.ensureCapacity(BATCH_TRADES);
    }

    private int nextSample() {
        int i = next;
        next = (i + 1) & (SAMPLES - 1);
        return i;
    }

    @Benchmark
    public ByteBuffer writerFromPrimitives() {
        int i = nextSample();
        writer.moveTo(buffer, OFFSET).id(ids[i]).tradeDateEpochDay(tradeDays[i]).buySell(sides[i])
                .currency1(currencies1[i]).amount1Unscaled(amounts1[i]).exchangeRateUnscaled(rates[i])
                .currency2(currencies2[i]).amount2Unscaled(amounts2[i]).settlementDateEpochDay(settlementDays[i])
                .done();
        return buffer;
    }

    @Benchmark
    public UnsafeBuffer sbeFromPrimitives() {
        int i = nextSample();
        sbeFields(sbe.wrapAndApplyHeader(sbeBuffer, 0, sbeHeader), i);
        return sbeBuffer;
    }

    /**
     * SBE's encoder from the same primitives without the message header: its 39-byte body, against the writer's 27
     * bytes. SBE's messages carry the header; this is the closer count of bytes.
     */
    @Benchmark
    public UnsafeBuffer sbeBodyFromPrimitives() {
        int i = nextSample();
        sbeFields(sbe.wrap(sbeBuffer, MessageHeaderEncoder.ENCODED_LENGTH), i);
        return sbeBuffer;
    }

    /** Sets every field of SBE's trade from sample {@code i}'s primitives. */
    private void sbeFields(TradeEncoder trade, int i) {
        trade.id(ids[i])
                .tradeDate(tradeDays[i])
                .buySell(sides[i] == Side.Buy ? dev.sdo.benchmarks.peers.sbe.Side.Buy
                        : dev.sdo.benchmarks.peers.sbe.Side.Sell)
                .currency1(currencies1[i])
                .amount1(amounts1[i])
                .exchangeRate(rates[i])
                .currency2(currencies2[i])
                .amount2(amounts2[i])
                .settlementDate(settlementDays[i]);
    }

    @Benchmark
    public ByteBuffer encodeBean() {
        TradeSdo.encode(beans[nextSample()], buffer, OFFSET);
        return buffer;
    }

    /** A million trades appended through the batch's writer, then the batch emptied (its chunks stay). */
    @Benchmark
    @OperationsPerInvocation(BATCH_TRADES)
    public TradeBatch batchAppendFromPrimitives() {
        for (int n = 0; n < BATCH_TRADES; n++) {
            int i = n & (SAMPLES - 1);
            batch.append().id(ids[i]).tradeDateEpochDay(tradeDays[i]).buySell(sides[i])
                    .currency1(currencies1[i]).amount1Unscaled(amounts1[i]).exchangeRateUnscaled(rates[i])
                    .currency2(currencies2[i]).amount2Unscaled(amounts2[i])
                    .settlementDateEpochDay(settlementDays[i]).done();
        }
        batch.store().truncate(0);
        return batch;
    }

    /** A million trades added as beans, then the batch emptied (its chunks stay). */
    @Benchmark
    @OperationsPerInvocation(BATCH_TRADES)
    public TradeBatch batchAddBeans() {
        for (int n = 0; n < BATCH_TRADES; n++) {
            batch.add(beans[n & (SAMPLES - 1)]);
        }
        batch.store().truncate(0);
        return batch;
    }
}
