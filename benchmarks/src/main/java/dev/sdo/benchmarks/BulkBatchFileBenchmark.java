package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk write and read back of one million trades (27 MB of records), per trade, against the physical limit: the
 * same bytes copied out of one {@link ByteBuffer} and into a new one with no format at all. A write and a read
 * are two copies, so the baseline makes two copies and, like the reads, allocates its destination.
 *
 * <ul>
 *   <li>{@code byteBufferCopy}: records buffer to a transfer buffer, transfer buffer to a new heap buffer.
 *   <li>{@code sdobInMemory}: {@code TradeBatch.writeTo} a channel over a transfer buffer (headers, block framing,
 *       CRC32C of every block), then {@code TradeBatch.readFrom} it into a new heap batch (CRCs checked).
 *   <li>{@code sdobWriteInMemory}, {@code sdobReadInMemory}: its two halves alone.
 *   <li>{@code sdobFile}: the same through a file (in page cache, not forced to disk).
 *   <li>{@code javaSerialisation}: the batch through {@code ObjectOutputStream} as its count and record bytes.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BulkBatchFileBenchmark {
    static final int TRADES = 1_000_000;

    private TradeBatch batch;
    private ByteBuffer records;
    private ByteBuffer transfer;
    private MemoryChannel channel;
    private MemoryChannel writeChannel;
    private Path file;

    @Setup
    public void setUp() throws IOException {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        batch = new TradeBatch();
        for (int i = 0; i < TRADES; i++) {
            batch.add(samples.next());
        }
        channel = new MemoryChannel((int) (batch.recordBytes() + (1 << 20)));
        batch.writeTo(channel.clear());
        writeChannel = new MemoryChannel((int) (batch.recordBytes() + (1 << 20)));
        // The baseline's source: the same record bytes, taken from the batch as the file holds them.
        records = ByteBuffer.allocate((int) batch.recordBytes());
        batch.forEachCursor(trade -> records.put(trade.toByteArray()));
        records.flip();
        transfer = ByteBuffer.allocateDirect((int) batch.recordBytes());
        file = Files.createTempFile("bulk-batch-", ".sdob");
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    @OperationsPerInvocation(TRADES)
    public ByteBuffer byteBufferCopy() {
        transfer.clear();
        transfer.put(0, records, 0, records.limit());
        ByteBuffer copy = ByteBuffer.allocate(records.limit());
        copy.put(0, transfer, 0, records.limit());
        return copy;
    }

    @Benchmark
    @OperationsPerInvocation(TRADES)
    public TradeBatch sdobInMemory() throws IOException {
        batch.writeTo(channel.clear());
        return TradeBatch.readFrom(channel.rewind());
    }

    /** The write half of {@link #sdobInMemory}, to see where its time goes. */
    @Benchmark
    @OperationsPerInvocation(TRADES)
    public MemoryChannel sdobWriteInMemory() throws IOException {
        MemoryChannel out = writeChannel.clear();
        batch.writeTo(out);
        return out;
    }

    /** The read half of {@link #sdobInMemory}, from bytes written once in set-up. */
    @Benchmark
    @OperationsPerInvocation(TRADES)
    public TradeBatch sdobReadInMemory() throws IOException {
        return TradeBatch.readFrom(channel.rewind());
    }

    @Benchmark
    @OperationsPerInvocation(TRADES)
    public TradeBatch sdobFile() throws IOException {
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            batch.writeTo(out);
        }
        try (FileChannel in = FileChannel.open(file)) {
            return TradeBatch.readFrom(in);
        }
    }

    @Benchmark
    @OperationsPerInvocation(TRADES)
    public Object javaSerialisation() throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) batch.recordBytes() + (1 << 20));
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(batch);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
