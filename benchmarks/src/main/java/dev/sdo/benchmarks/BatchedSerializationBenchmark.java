package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.batch.RecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The talk's "Batched Serialize/Deserialize" row (12.3 us against 44 ns per record): a batch of trades written
 * out and read back, reported per record. Beans go through one Java serialisation stream as a list; the batch's
 * bytes are copied out of the {@link RecordStore} and bulk-appended into a new one; and the generated
 * {@code TradeBatch} goes through one Java serialisation stream (its serial form: count and record bytes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BatchedSerializationBenchmark {
    static final int BATCH = 1_000;

    private ArrayList<TradeBean> beans;
    private RecordStore batch;
    private TradeBatch tradeBatch;

    @Setup
    public void setUp() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        beans = new ArrayList<>(BATCH);
        batch = RecordStore.heap(TradeSdo.BYTES);
        tradeBatch = new TradeBatch();
        for (int i = 0; i < BATCH; i++) {
            TradeBean trade = samples.next();
            beans.add(trade);
            long index = batch.appendBlank();
            TradeSdo.encode(trade, batch.chunkOf(index), batch.offsetOf(index), 0);
            tradeBatch.add(trade);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public Object beansJavaSerialisation() throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(beans);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public RecordStore sdoBatchBytes() {
        byte[] bytes = new byte[BATCH * TradeSdo.BYTES];
        int copied = 0;
        for (int chunk = 0; chunk < batch.chunkCount(); chunk++) {
            int length = batch.chunkRecords(chunk) * TradeSdo.BYTES;
            batch.chunk(chunk).get(0, bytes, copied, length);
            copied += length;
        }
        RecordStore copy = RecordStore.heap(TradeSdo.BYTES);
        copy.appendAll(ByteBuffer.wrap(bytes), 0, BATCH);
        return copy;
    }

    /** The generated batch through one Java serialisation stream: its serial form is its count and record bytes. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public Object sdoBatchJavaSerialisation() throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(tradeBatch);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
