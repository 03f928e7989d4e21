package dev.sdo.benchmarks;

import dev.sdo.benchmarks.tick.TickBatch;
import dev.sdo.benchmarks.tick.TickBean;
import dev.sdo.benchmarks.tick.TickSdo;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
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
 * A sort of a million trade prints by (venue, time), a string-like field then a timestamp: the beans' list sorted
 * with the comparator a user writes first; the batch sorted with the same comparator over the SDO's object
 * getters (a {@code String} and an {@code Instant} made per read); with one over the raw keys
 * ({@code getVenueOrderKey()}, {@code getAtEpochMilli()}), which allocate nothing; and by one {@code long} made of
 * both keys, which the batch sorts by radix. Each sort makes a sorted copy.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class SortBenchmark {
    static final Comparator<TickBean> BEAN_ORDER =
            Comparator.comparing(TickBean::getVenue).thenComparing(TickBean::getAt);
    static final Comparator<TickSdo> SDO_OBJECT_ORDER =
            Comparator.comparing(TickSdo::getVenue).thenComparing(TickSdo::getAt);
    static final Comparator<TickSdo> SDO_RAW_ORDER =
            Comparator.comparingLong(TickSdo::getVenueOrderKey).thenComparingLong(TickSdo::getAtEpochMilli);
    private static final String[] VENUES = {"XLON", "XPAR", "XETR", "BATS", "CHIX", "TRQX", "XAMS", "XMIL", "XSWX"};
    /** The first print's time; the others follow within a trading day. */
    private static final long OPEN = Instant.parse("2026-11-27T08:00:00Z").toEpochMilli();
    private static final long DAY_MILLIS = 8L * 3_600_000;
    /** Bits of a print's milliseconds after {@link #OPEN}, below the venue's 20-bit key in the radix key. */
    private static final int TIME_BITS = 43;

    @Param("1000000")
    public int ticks;

    private List<TickBean> beans;
    private TickBatch batch;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(21);
        beans = new ArrayList<>(ticks);
        batch = new TickBatch();
        for (int i = 0; i < ticks; i++) {
            TickBean tick = new TickBean();
            tick.setId(i);
            tick.setVenue(VENUES[random.nextInt(VENUES.length)]);
            tick.setAt(Instant.ofEpochMilli(OPEN + random.nextLong(DAY_MILLIS)));
            tick.setPrice(BigDecimal.valueOf(random.nextLong(1, 10_000_000), 4));
            tick.setSize(random.nextLong(1, 100_000));
            beans.add(tick);
            batch.add(tick);
        }
    }

    /** The beans, copied and sorted: what a list of beans costs to sort without changing it. */
    @Benchmark
    public List<TickBean> beans() {
        List<TickBean> sorted = new ArrayList<>(beans);
        sorted.sort(BEAN_ORDER);
        return sorted;
    }

    @Benchmark
    public TickBatch sdoObjectComparator() {
        return batch.sortedBy(SDO_OBJECT_ORDER);
    }

    @Benchmark
    public TickBatch sdoRawComparator() {
        return batch.sortedBy(SDO_RAW_ORDER);
    }

    /** The venue's 20-bit key above the print's milliseconds since the open: one radix sort. */
    @Benchmark
    public TickBatch sdoRawKey() {
        return batch.sortedBy((TickSdo tick) -> tick.getVenueOrderKey() << TIME_BITS | (tick.getAtEpochMilli() - OPEN));
    }
}
