package dev.sdo.benchmarks;

import dev.sdo.benchmarks.position.BondBean;
import dev.sdo.benchmarks.position.Instrument;
import dev.sdo.benchmarks.position.InstrumentBean;
import dev.sdo.benchmarks.position.PositionBatch;
import dev.sdo.benchmarks.position.PositionBean;
import dev.sdo.benchmarks.position.PositionSdo;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
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
 * Reading through a union in a batch: the total quantity of the equity positions of a million positions, each
 * holding an equity (inline in the union's bits), a currency pair (inline) or a bond (behind the union's slot). The
 * SDO scan reads, per record, the union's tag and for an equity its inline bits: O(1) whatever the alternative, and
 * with {@code -prof gc} it shows whether the union view a getter returns is allocated (0 B/op when the JIT removes
 * it). Beans in an {@code ArrayList} are the baseline.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class UnionScanBenchmark {
    private static final int SMALL_IDS = 1 << 20;

    @Param("1000000")
    public int positions;

    private List<PositionBean> beans;
    private PositionBatch batch;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        beans = new ArrayList<>(positions);
        batch = new PositionBatch();
        for (int i = 0; i < positions; i++) {
            InstrumentBean instrument = new InstrumentBean();
            switch (random.nextInt(3)) {
                case 0 -> instrument.setEquity(random.nextInt(16_777_216));
                case 1 -> instrument.setFx(random.nextBoolean() ? "EURUSD" : "GBPJPY");
                default -> {
                    BondBean bond = new BondBean();
                    bond.setIsin("DE000" + (1_000_000 + random.nextInt(8_000_000)));
                    bond.setCoupon(BigDecimal.valueOf(random.nextInt(100_000), 4));
                    bond.setMaturity(LocalDate.of(2030, 1, 1).plusDays(random.nextInt(3_000)));
                    instrument.setBond(bond);
                }
            }
            PositionBean position = new PositionBean();
            position.setId(i);
            position.setInstrument(instrument);
            position.setQuantity(random.nextInt(-1_000, 1_000));
            beans.add(position);
            batch.add(position);
        }
        batch.trimToSize();
        if (beanScan() != sdoCursorScan()) {
            throw new IllegalStateException("the bean and SDO scans disagree");
        }
    }

    /** The baseline: beans in a list, their union a bean too. */
    @Benchmark
    public long beanScan() {
        long sum = 0;
        for (PositionBean position : beans) {
            Instrument instrument = position.getInstrument();
            if (instrument.which() == Instrument.Kind.EQUITY && instrument.getEquity() < SMALL_IDS) {
                sum += position.getQuantity();
            }
        }
        return sum;
    }

    /** The batch's reusable cursor: the union read in place, tag then the equity's inline bits. */
    @Benchmark
    public long sdoCursorScan() {
        long[] sum = new long[1];
        batch.forEachCursor(position -> {
            Instrument instrument = position.getInstrument();
            if (instrument.which() == Instrument.Kind.EQUITY && instrument.getEquity() < SMALL_IDS) {
                sum[0] += position.getQuantity();
            }
        });
        return sum[0];
    }
}
