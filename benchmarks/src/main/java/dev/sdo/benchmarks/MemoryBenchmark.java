package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.batch.RecordStore;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Building a million (or ten million) trades as beans in a list against as a batch, each in its own fork with
 * the same fixed heap; run with {@code -prof gc} for allocation, GC count and GC time. {@link HeapReport} gives
 * the heap each one keeps.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-XX:+UseG1GC"})
public class MemoryBenchmark {
    @Param("1000000")
    public int tradeCount;

    @Benchmark
    public List<TradeBean> buildBeans() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        List<TradeBean> beans = new ArrayList<>();
        for (int i = 0; i < tradeCount; i++) {
            beans.add(samples.next());
        }
        return beans;
    }

    @Benchmark
    public RecordStore buildBatch() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        RecordStore batch = RecordStore.heap(TradeSdo.BYTES);
        for (int i = 0; i < tradeCount; i++) {
            long index = batch.appendBlank();
            TradeSdo.encode(samples.next(), batch.chunkOf(index), batch.offsetOf(index), 0);
        }
        return batch;
    }
}
