package dev.sdo.benchmarks;

import dev.sdo.benchmarks.customer.Country;
import dev.sdo.benchmarks.customer.CustomerBatch;
import dev.sdo.benchmarks.customer.CustomerBean;
import dev.sdo.benchmarks.customer.CustomerSdo;
import java.math.BigDecimal;
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
 * A scan of a batch of records of variable size (strings and a list around fixed-width fields): the total balance
 * of the active customers of one country. Beans sit in an {@code ArrayList}; the SDOs in a {@link CustomerBatch},
 * visited with its one reusable cursor ({@code forEach}) or by index ({@code get(i)}, through the offsets index),
 * reading the primitive accessors, which should allocate nothing per record with the cursor ({@code -prof gc}).
 * {@code sdoNameBytes} reads a variable-length field: the total UTF-8 length of the names, from their end slots.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class VariableBatchScanBenchmark {
    private static final Country COUNTRY = Country.DE;
    private static final Country[] COUNTRIES = Country.values();

    @Param("1000000")
    public int customers;

    private List<CustomerBean> beans;
    private CustomerBatch batch;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        beans = new ArrayList<>(customers);
        batch = new CustomerBatch();
        for (int i = 0; i < customers; i++) {
            CustomerBean customer = new CustomerBean();
            customer.setId(i);
            customer.setCountry(COUNTRIES[random.nextInt(COUNTRIES.length)]);
            customer.setBalance(BigDecimal.valueOf(random.nextLong(-1_000_000_00L, 1_000_000_00L), 2));
            customer.setName("customer-" + Integer.toString(random.nextInt(1 << 30), 36).repeat(1 + random.nextInt(3)));
            customer.setNote(random.nextInt(4) == 0 ? "note " + i : null);
            customer.setTags(random.nextBoolean() ? List.of("gold") : List.of("silver", "web", "eu"));
            customer.setActive(random.nextInt(10) != 0);
            beans.add(customer);
            batch.add(customer);
        }
        batch.trimToSize();
        if (beanScan() != sdoCursorScan() || sdoCursorScan() != sdoIndexScan()) {
            throw new IllegalStateException("the bean and SDO scans disagree");
        }
    }

    /** The scan over beans: a list walk with the beans' object getters. */
    @Benchmark
    public long beanScan() {
        long sum = 0;
        for (CustomerBean customer : beans) {
            if (customer.isActive() && customer.getCountry() == COUNTRY) {
                sum += customer.getBalance().unscaledValue().longValue();
            }
        }
        return sum;
    }

    /** The scan over the batch with its one cursor, moved from record to record through the offsets index. */
    @Benchmark
    public long sdoCursorScan() {
        long[] sum = {0};
        batch.forEachCursor(customer -> {
            if (customer.isActive() && customer.getCountry() == COUNTRY) {
                sum[0] += customer.getBalanceUnscaled();
            }
        });
        return sum[0];
    }

    /** The same scan by index: {@code get(i)} finds record i in constant time and wraps it in a new view. */
    @Benchmark
    public long sdoIndexScan() {
        long sum = 0;
        for (int i = 0, n = batch.size(); i < n; i++) {
            CustomerSdo customer = batch.get(i);
            if (customer.isActive() && customer.getCountry() == COUNTRY) {
                sum += customer.getBalanceUnscaled();
            }
        }
        return sum;
    }

    /** Reads a variable-length field of every record: the names' total UTF-8 length, from their end slots. */
    @Benchmark
    public long sdoNameBytes() {
        long[] sum = {0};
        batch.forEachCursor(customer -> sum[0] += customer.getNameBuffer().remaining());
        return sum[0];
    }
}
