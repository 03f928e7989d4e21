package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeCsv;
import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.GenericCsvBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericBatchBuilder;
import dev.sdo.runtime.generic.GenericCsv;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.format.DateTimeFormatter;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code sdoc convert} and {@code dump} of the million-trade CSV (issue 16: within 1.5x of the generated code's time,
 * in the same run), by the code paths {@code sdoc} runs, without the command line's file handling:
 * <ul>
 *   <li>convert: the generated {@code TradeCsv.readBatch} and {@code TradeBatch.writeTo} against sdoc's flat path
 *       (the schema's {@code CsvRecordBinding}, straight into bits, and {@code BatchFileWriter}) and against the
 *       generic writer ({@code GenericCsvBinding} into {@code RecordValues}, {@code GenericBatchBuilder}: the path of
 *       CSV with strings and of JSON, here on the same rows);</li>
 *   <li>dump back as CSV: {@code TradeCsv.writeBatch} against {@code GenericCsv} over the mapped file, read by the
 *       schema it carries ({@code sdoc dump FILE.sdob}).</li>
 * </ul>
 * Every convert writes the {@code .sdob} bytes into memory ({@link MemoryChannel}); every dump writes its text to a
 * writer that drops it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class SdocConvertBenchmark {
    private static final DateTimeFormatter DAY_MONTH_YEAR = DateTimeFormatter.ofPattern("dd/MM/yyyy");
    /** The benchmark's schema, from the repository root or from {@code benchmarks/}. */
    private static final List<Path> SCHEMA = List.of(Path.of("benchmarks", "src", "main", "sdo", "trade.sdo"),
            Path.of("src", "main", "sdo", "trade.sdo"));

    @Param("1000000")
    public int trades;

    private byte[] csv;
    private RecordLayout layout;
    private RecordIdentity identity;
    private MemoryChannel channel;
    private TradeBatch batch;
    private Path file;

    @Setup
    public void setUp() throws IOException {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        StringBuilder text = new StringBuilder(trades * 80)
                .append("ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date\n");
        for (int i = 0; i < trades; i++) {
            TradeBean trade = samples.next();
            text.append(trade.getId()).append(',').append(DAY_MONTH_YEAR.format(trade.getTradeDate())).append(',')
                    .append(trade.getBuySell()).append(',').append(trade.getCurrency1()).append(',')
                    .append(trade.getAmount1().toPlainString()).append(',')
                    .append(trade.getExchangeRate().stripTrailingZeros().toPlainString()).append(',')
                    .append(trade.getCurrency2()).append(',').append(trade.getAmount2().toPlainString()).append(',')
                    .append(DAY_MONTH_YEAR.format(trade.getSettlementDate())).append('\n');
        }
        csv = text.toString().getBytes(StandardCharsets.UTF_8);
        Path schema = SCHEMA.stream().filter(Files::isRegularFile).findFirst().orElseThrow(
                () -> new IllegalStateException("run from the repository root: no " + SCHEMA.get(0)));
        Compilation compilation = new SchemaCompiler().compile(List.of(schema));
        layout = compilation.layouts().stream().filter(l -> l.record().name().simpleName().equals("Trade"))
                .findFirst().orElseThrow();
        identity = compilation.model().orElseThrow().identity(layout);
        channel = new MemoryChannel(csv.length + (1 << 20));
        batch = TradeCsv.readBatch(new ByteArrayInputStream(csv), "trades.csv");
        file = Files.createTempFile("trades", ".sdob");
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE)) {
            batch.writeTo(out);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public long convertGenerated() throws IOException {
        TradeBatch read = TradeCsv.readBatch(new ByteArrayInputStream(csv), "trades.csv");
        read.writeTo(channel.clear());
        return read.size();
    }

    @Benchmark
    public long convertSdocFlat() throws IOException {
        RecordStore store = RecordStore.heap(layout.bytes());
        CsvRecordBinding.of(layout).create().read(new ByteArrayInputStream(csv), "trades.csv", store,
                BadInputPolicy.FAIL);
        BatchFileWriter.write(store, identity, channel.clear());
        return store.size();
    }

    @Benchmark
    public long convertGenericWriter() throws IOException {
        GenericBatchBuilder built = GenericBatchBuilder.of(identity);
        GenericCsvBinding.of(layout, built.writer().schema()).read(new ByteArrayInputStream(csv), "trades.csv",
                BadInputPolicy.FAIL, built::add);
        built.writeTo(channel.clear());
        return built.size();
    }

    @Benchmark
    public void dumpGenerated() throws IOException {
        TradeCsv.writeBatch(batch, OutputStream.nullOutputStream());
    }

    @Benchmark
    public void dumpGeneric() throws IOException {
        Writer out = Writer.nullWriter();
        GenericCsv.write(GenericBatch.open(file), out);
        out.flush();
    }
}
