package dev.sdo.benchmarks;

import dev.sdo.benchmarks.peers.TradeCodec;
import dev.sdo.benchmarks.peers.TradeCodecs;
import dev.sdo.benchmarks.trade.TradeBean;
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
 * The peers on the same trade: encode a bean into bytes, decode the bytes, decode and read every field. The
 * FlatBuffers codec exists only when the build had {@code flatc}; {@code run.sh} passes the codecs present.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED")
public class PeerBenchmark {
    @Param({"sdo", "sbe", "flatbuffers", "protobuf", "kryo", "java", "bean"})
    public String codec;

    private TradeCodec trades;
    private TradeBean trade;

    @Setup
    public void setUp() {
        trades = TradeCodecs.create(codec);
        trade = new TradeSamples(TradeSamples.defaultSeed()).next();
        trades.encode(trade);
    }

    @Benchmark
    public int encode() {
        return trades.encode(trade);
    }

    @Benchmark
    public Object decode() {
        return trades.decode();
    }

    @Benchmark
    public long decodeAndReadAll() {
        return trades.decodeAndReadAll();
    }
}
