package dev.sdo.examples.trade;

import com.example.trade.Side;
import com.example.trade.Trade;
import com.example.trade.TradeBatch;
import com.example.trade.TradeBean;
import com.example.trade.TradeCsv;
import com.example.trade.TradeFields;
import com.example.trade.TradeSdo;
import dev.sdo.compiler.data.TradeCsvGenerator;
import dev.sdo.runtime.batch.RecordSort;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.openjdk.jol.info.GraphLayout;

/**
 * The founding talk's demo on real files: generate a CSV of many FX trades, then do the same work with beans (a
 * plain CSV reader and Java objects) and with SDOs (the generated {@code TradeCsv} reading straight into a
 * {@code TradeBatch}): read the CSV, filter, sort, write to a file and read it back. Prints the sizes and the
 * times side by side.
 *
 * <p>Run with {@code java -jar examples/trade/target/trade-demo.jar [COUNT]} (default 1,000,000 trades). Each
 * timing is one run without warm-up, a rough indication only; the JMH benchmarks are the real measure.
 */
public final class TradeDemo {
    private static final int DEFAULT_COUNT = 1_000_000;
    /** How many beans JOL walks to measure the average bean. */
    static final int MEASURED_BEANS = 10_000;
    private static final long SEED = 2014;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy");
    /** The filter: EUR bought for more than ten million. */
    private static final BigDecimal TEN_MILLION = BigDecimal.valueOf(10_000_000);

    private final PrintStream out;

    TradeDemo(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? parseCount(args[0]) : DEFAULT_COUNT;
        Path directory = Files.createTempDirectory("trade-demo");
        try {
            new TradeDemo(System.out).run(count, directory);
        } finally {
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(directory);
        }
    }

    private static int parseCount(String text) {
        try {
            int count = Integer.parseInt(text.replace("_", "").replace(",", ""));
            if (count < MEASURED_BEANS || count > 10_000_000) {
                throw new NumberFormatException();
            }
            return count;
        } catch (NumberFormatException e) {
            System.err.println("usage: java -jar trade-demo.jar [COUNT], COUNT from 10,000 to 10,000,000 trades");
            System.exit(2);
            throw new AssertionError("unreachable");
        }
    }

    /** A result and how long it took. */
    private record Timed<T>(T value, long nanos) {
        static <T> Timed<T> of(Callable<T> work) throws Exception {
            long start = System.nanoTime();
            T value = work.call();
            return new Timed<>(value, System.nanoTime() - start);
        }
    }

    /** Runs the demo on {@code count} trades (at least {@value #MEASURED_BEANS}), with its files in {@code directory}. */
    void run(int count, Path directory) throws Exception {
        Path csv = directory.resolve("trades.csv");
        Timed<Long> generated = Timed.of(() -> {
            try (Writer writer = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                new TradeCsvGenerator(SEED).write(count, writer);
            }
            return Files.size(csv);
        });
        out.printf("Generated %,d FX trades as CSV (seed %d): %s in %s.%n%n", count, SEED,
                megabytes(generated.value()), millis(generated.nanos()));

        Timed<List<TradeBean>> beans = Timed.of(() -> {
            try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
                return TradeCsvReader.read(reader);
            }
        });
        Timed<TradeBatch> batch = Timed.of(() -> TradeCsv.readBatch(csv));
        check(beans.value().size() == count && batch.value().size() == count, "both read every trade");

        Timed<Long> beanFilter = Timed.of(() -> beans.value().stream().filter(TradeDemo::bigEuroBuy).count());
        // The same filter as a predicate on the stored bits: no object per trade, the first two tests one compare.
        Timed<Long> sdoFilter = Timed.of(() -> batch.value().count(BIG_EURO_BUY));
        check(beanFilter.value().equals(sdoFilter.value()), "both filters find the same trades");

        Timed<List<TradeBean>> beansSorted = Timed.of(() -> {
            List<TradeBean> sorted = new java.util.ArrayList<>(beans.value());
            sorted.sort(Comparator.comparing(TradeBean::getAmount1));
            return sorted;
        });
        Timed<TradeBatch> batchSorted = Timed.of(() -> sortByAmount1(batch.value()));
        check(beansSorted.value().get(count - 1).getId() == batchSorted.value().get(count - 1).getId(),
                "both sorts end with the same trade");

        Path beanFile = directory.resolve("beans.csv");
        Path sdoFile = directory.resolve("trades.sdob");
        Timed<Long> beanWrite = Timed.of(() -> writeCsv(beansSorted.value(), beanFile));
        Timed<Long> sdoWrite = Timed.of(() -> {
            try (FileChannel channel = FileChannel.open(sdoFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                batchSorted.value().writeTo(channel);
            }
            return Files.size(sdoFile);
        });
        Timed<Long> beanRead = Timed.of(() -> {
            try (Reader reader = Files.newBufferedReader(beanFile, StandardCharsets.UTF_8)) {
                return TradeCsvReader.read(reader).stream().mapToLong(TradeBean::getId).sum();
            }
        });
        Timed<Long> sdoRead = Timed.of(() -> {
            long ids = 0;
            for (Trade trade : TradeBatch.map(sdoFile)) {
                ids += trade.getId();
            }
            return ids;
        });
        // Ids are 1..count: every trade came back from both files.
        long idSum = (long) count * (count + 1) / 2;
        check(beanRead.value() == idSum && sdoRead.value() == idSum, "every trade reads back from both files");

        long beanHeap = (long) ((double) beanBytes(beans.value().subList(0, MEASURED_BEANS)) / MEASURED_BEANS * count);
        long sdoHeap = batch.value().store().allocatedBytes();

        out.printf("%-46s %12s %12s%n", String.format("%,d trades", count), "beans", "SDOs");
        row("read the CSV", millis(beans.nanos()), millis(batch.nanos()));
        row("memory", megabytes(beanHeap), megabytes(sdoHeap));
        row("filter: EUR bought over 10M (" + String.format("%,d", sdoFilter.value()) + ")",
                millis(beanFilter.nanos()), millis(sdoFilter.nanos()));
        row("sort by Amount1", millis(beansSorted.nanos()), millis(batchSorted.nanos()));
        row("write a file (beans: CSV; SDOs: .sdob)", millis(beanWrite.nanos()), millis(sdoWrite.nanos()));
        row("file size", megabytes(beanWrite.value()), megabytes(sdoWrite.value()));
        row("read the file back, every trade", millis(beanRead.nanos()), millis(sdoRead.nanos()));
        out.println();
        out.printf("Beans: a line-by-line CSV reader making a TradeBean of each row; memory is JOL's measure of%n"
                + "%,d of them and all they reference, scaled. SDOs: TradeCsv.readBatch parses the bytes straight%n"
                + "into one store of %d-byte records (TradeSdo.BYTES), sorted by a radix sort of record indexes,%n"
                + "written as a checksummed batch file and mapped back into memory. One run each, no warm-up:%n"
                + "a rough indication; the JMH benchmarks are the real measure.%n", MEASURED_BEANS, TradeSdo.BYTES);
    }

    private void row(String what, String beans, String sdos) {
        out.printf("  %-44s %12s %12s%n", what, beans, sdos);
    }

    /** {@link #bigEuroBuy} as a query of the batch's records (docs/queries.md). */
    private static final RecordPredicate<Trade> BIG_EURO_BUY = TradeFields.BUY_SELL.eq(Side.Buy)
            .and(TradeFields.CURRENCY1.eq("EUR"))
            .and(TradeFields.AMOUNT1.gt(TEN_MILLION));

    private static boolean bigEuroBuy(Trade trade) {
        return trade.getBuySell() == Side.Buy && trade.getCurrency1().equals("EUR")
                && trade.getAmount1().compareTo(TEN_MILLION) > 0;
    }

    /** The batch sorted by Amount1: one key read per record, a radix sort of indexes, one copy in that order. */
    private static TradeBatch sortByAmount1(TradeBatch batch) {
        int[] order = RecordSort.byKey(batch.store(),
                (chunk, offset) -> TradeSdo.wrap(chunk, offset).getAmount1().unscaledValue().longValue());
        return TradeBatch.over(batch.store().permuted(order));
    }

    private static long writeCsv(List<TradeBean> beans, Path file) throws IOException {
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write(String.join(",", TradeCsvReader.COLUMNS));
            writer.write('\n');
            StringBuilder row = new StringBuilder(128);
            for (TradeBean trade : beans) {
                row.setLength(0);
                row.append(trade.getId()).append(',').append(DATE.format(trade.getTradeDate())).append(',')
                        .append(trade.getBuySell()).append(',').append(trade.getCurrency1()).append(',')
                        .append(trade.getAmount1().toPlainString()).append(',')
                        .append(trade.getExchangeRate().toPlainString()).append(',').append(trade.getCurrency2())
                        .append(',').append(trade.getAmount2().toPlainString()).append(',')
                        .append(DATE.format(trade.getSettlementDate())).append('\n');
                writer.append(row);
            }
        }
        return Files.size(file);
    }

    /**
     * The heap bytes of beans and of everything they reference, less the enum constants that every bean shares
     * with the rest of the program.
     */
    private static long beanBytes(List<TradeBean> beans) {
        Set<Side> sides = EnumSet.noneOf(Side.class);
        beans.forEach(bean -> sides.add(bean.getBuySell()));
        long all = GraphLayout.parseInstance(beans.toArray()).totalSize();
        long shared = GraphLayout.parseInstance(sides.toArray()).totalSize();
        return all - shared;
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("the demo went wrong: not " + what);
        }
    }

    private static String megabytes(long bytes) {
        return String.format("%.1f MB", bytes / 1_000_000.0);
    }

    private static String millis(long nanos) {
        return String.format("%,d ms", nanos / 1_000_000);
    }
}
