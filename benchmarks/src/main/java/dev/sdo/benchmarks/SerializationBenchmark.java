package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
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
 * Serialise then deserialise one trade, the founding talk's "Time to Serialize/Deserialize" row (41.1 us for a
 * bean, 4.17 us for their binary version): Java serialisation of a bean and of an SDO (whose serial form is its
 * bytes), and the SDO's own bytes copied out and wrapped back.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SerializationBenchmark {
    private TradeBean bean;
    private TradeSdo sdo;

    @Setup
    public void setUp() {
        bean = new TradeSamples(TradeSamples.defaultSeed()).next();
        sdo = TradeSdo.of(bean);
    }

    @Benchmark
    public Object beanJavaSerialisation() throws IOException, ClassNotFoundException {
        return roundTrip(bean);
    }

    @Benchmark
    public Object sdoJavaSerialisation() throws IOException, ClassNotFoundException {
        return roundTrip(sdo);
    }

    @Benchmark
    public TradeSdo sdoBytes() {
        byte[] bytes = sdo.toByteArray();
        return TradeSdo.wrap(ByteBuffer.wrap(bytes), 0);
    }

    private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
