package dev.sdo.benchmarks;

import dev.sdo.benchmarks.varwide.VarWideBean;
import dev.sdo.benchmarks.varwide.VarWideSdo;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * The POF curve with variable-length data (issue 4): the time to read string N of a record of 1,024 strings of
 * random lengths (0 to 40 bytes). The SDO wraps the bytes and calls the generated getter of string N: two 32-bit
 * end slots at constant offsets give its bytes, whatever the lengths of the 1,023 others (docs/record-format.md).
 * The packed stream stores each string as a varint length and its bytes, the way POF and Protocol Buffers do:
 * reading string N skips the N - 1 before it, one length at a time. Both decode the same UTF-8 at the end.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class VariableFieldPositionBenchmark {
    static final int FIELDS = 1_024;

    @Param({"1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024"})
    public int field;

    private ByteBuffer sdoBytes;
    private byte[] stream;
    private Function<VarWideSdo, String> getter;

    @Setup
    public void setUp() throws Throwable {
        SplittableRandom random = new SplittableRandom(TradeSamples.defaultSeed());
        String[] values = new String[FIELDS];
        VarWideBean bean = new VarWideBean();
        for (int i = 0; i < FIELDS; i++) {
            StringBuilder value = new StringBuilder();
            for (int length = random.nextInt(41); length > 0; length--) {
                value.append((char) ('a' + random.nextInt(26)));
            }
            values[i] = value.toString();
            VarWideBean.class.getMethod("setS" + (i + 1), String.class).invoke(bean, values[i]);
        }
        sdoBytes = ByteBuffer.wrap(VarWideSdo.of(bean).toByteArray());
        stream = PackedStream.packStrings(values);
        getter = getterOf(field);
        String expected = values[field - 1];
        if (!sdoReadField().equals(expected) || !streamReadField().equals(expected)) {
            throw new IllegalStateException("string " + field + " reads wrong");
        }
    }

    @Benchmark
    public String sdoReadField() {
        return getter.apply(VarWideSdo.wrap(sdoBytes, 0));
    }

    @Benchmark
    public String streamReadField() {
        return PackedStream.readString(stream, field);
    }

    /** The generated getter of string {@code n} as a function, bound once, with no reflection per call. */
    @SuppressWarnings("unchecked")
    private static Function<VarWideSdo, String> getterOf(int n) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle getter = lookup.findVirtual(VarWideSdo.class, "getS" + n, MethodType.methodType(String.class));
        CallSite site = LambdaMetafactory.metafactory(lookup, "apply",
                MethodType.methodType(Function.class), MethodType.methodType(Object.class, Object.class),
                getter, MethodType.methodType(String.class, VarWideSdo.class));
        return (Function<VarWideSdo, String>) site.getTarget().invokeExact();
    }
}
