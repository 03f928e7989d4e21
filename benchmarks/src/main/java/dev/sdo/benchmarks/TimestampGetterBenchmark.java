package dev.sdo.benchmarks;

import dev.sdo.benchmarks.print.PrintBean;
import dev.sdo.benchmarks.print.PrintSdo;
import java.time.Instant;
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
 * Reading a timestamp of each unit from an SDO (issue 22): the primitive accessors ({@code getSentEpochNanos}, a
 * 64-bit count; {@code getExchangeEpochMicros}, an offset from its range's start in 52 bits;
 * {@code getBookedEpochMilli}) allocate nothing, which {@code -prof gc} shows as 0 B/op; the {@code Instant}
 * getters make their object on each call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TimestampGetterBenchmark {
    private PrintSdo sdo;

    @Setup
    public void setUp() {
        PrintBean bean = new PrintBean();
        bean.setSent(Instant.parse("2026-11-27T09:30:00.123456789Z"));
        bean.setExchange(Instant.parse("2026-11-27T09:30:00.123456Z"));
        bean.setBooked(Instant.parse("2026-11-27T09:30:00.123Z"));
        bean.setSequence(-2L);
        sdo = PrintSdo.of(bean);
    }

    @Benchmark
    public long sentEpochNanos() {
        return sdo.getSentEpochNanos();
    }

    @Benchmark
    public long exchangeEpochMicros() {
        return sdo.getExchangeEpochMicros();
    }

    @Benchmark
    public long bookedEpochMilli() {
        return sdo.getBookedEpochMilli();
    }

    @Benchmark
    public long sequence() {
        return sdo.getSequence();
    }

    @Benchmark
    public Instant sent() {
        return sdo.getSent();
    }
}
