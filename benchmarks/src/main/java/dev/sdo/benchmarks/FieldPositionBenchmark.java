package dev.sdo.benchmarks;

import dev.sdo.benchmarks.wide.WideBean;
import dev.sdo.benchmarks.wide.WideSdo;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
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
 * The POF curve of seed 000: the time to read field N of a 1,024-field record from its binary form. The SDO
 * wraps the bytes and calls the generated getter of field N (flat: the offset is a constant); the packed stream
 * skips N - 1 varints first (growing with N). Each N runs in its own fork, so the getter's call site sees one
 * implementation and inlines it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FieldPositionBenchmark {
    static final int FIELDS = 1_024;

    @Param({"1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024"})
    public int field;

    private ByteBuffer sdoBytes;
    private byte[] stream;
    private ToLongFunction<WideSdo> getter;

    @Setup
    public void setUp() throws Throwable {
        SplittableRandom random = new SplittableRandom(TradeSamples.defaultSeed());
        long[] values = new long[FIELDS];
        WideBean bean = new WideBean();
        for (int i = 0; i < FIELDS; i++) {
            // Mixed magnitudes, so the varints are 1 to 5 bytes long as real data would be.
            values[i] = random.nextLong(1L << (1 + random.nextInt(32)));
            WideBean.class.getMethod("setF" + (i + 1), long.class).invoke(bean, values[i]);
        }
        sdoBytes = ByteBuffer.allocate(WideSdo.BYTES + Long.BYTES);
        WideSdo.encode(bean, sdoBytes, 0, 0);
        stream = PackedStream.pack(values);
        getter = getterOf(field);
        long expected = values[field - 1];
        if (sdoReadField() != expected || streamReadField() != expected) {
            throw new IllegalStateException("field " + field + " reads wrong");
        }
    }

    @Benchmark
    public long sdoReadField() {
        return getter.applyAsLong(WideSdo.wrap(sdoBytes, 0));
    }

    @Benchmark
    public long streamReadField() {
        return PackedStream.read(stream, field);
    }

    /** The generated getter of field {@code n} as a function, bound once, with no reflection per call. */
    @SuppressWarnings("unchecked")
    private static ToLongFunction<WideSdo> getterOf(int n) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle getter = lookup.findVirtual(WideSdo.class, "getF" + n, MethodType.methodType(long.class));
        CallSite site = LambdaMetafactory.metafactory(lookup, "applyAsLong",
                MethodType.methodType(ToLongFunction.class), MethodType.methodType(long.class, Object.class),
                getter, MethodType.methodType(long.class, WideSdo.class));
        return (ToLongFunction<WideSdo>) site.getTarget().invokeExact();
    }
}
