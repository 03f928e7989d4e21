package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The three ways a trade becomes an SDO, told apart: {@code encode} into an existing buffer (what
 * {@link PeerBenchmark}'s SDO encode is, like SBE's encoder over its buffer) should allocate nothing;
 * {@code of} allocates the new record (its {@code ByteBuffer}, the bytes and the view) and nothing else;
 * {@code TradeBatch.add} appends to a batch, encoding in place.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SdoEncodeBenchmark {
    /** Where {@link #encode} writes: at an offset, as into a larger message or a batch chunk. */
    private static final int OFFSET = 16;

    private final ByteBuffer buffer = ByteBuffer.allocate(OFFSET + TradeSdo.BYTES + Long.BYTES);
    private final TradeBatch batch = new TradeBatch();
    private TradeBean trade;

    @Setup
    public void setUp() {
        trade = new TradeSamples(TradeSamples.defaultSeed()).next();
    }

    @Benchmark
    public ByteBuffer encode() {
        TradeSdo.encode(trade, buffer, OFFSET);
        return buffer;
    }

    @Benchmark
    public TradeSdo of() {
        return TradeSdo.of(trade);
    }

    /** One append, then the batch emptied again so that it never grows (its chunk stays allocated). */
    @Benchmark
    public TradeBatch batchAdd() {
        batch.add(trade);
        batch.store().truncate(0);
        return batch;
    }
}
