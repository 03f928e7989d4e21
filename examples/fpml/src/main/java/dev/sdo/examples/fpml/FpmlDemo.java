package dev.sdo.examples.fpml;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.fpml.sdo.BusinessDayConventionEnum;
import org.fpml.sdo.DayTypeEnum;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.PayRelativeToEnum;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ResetFrequencySdo;
import org.fpml.sdo.ResetRelativeToEnum;
import org.fpml.sdo.TradeBatch;
import org.fpml.sdo.TradeBean;
import org.fpml.sdo.TradeSdo;
import org.fpml.sdo.TradeXml;
import org.openjdk.jol.info.GraphLayout;

/**
 * FpML at scale: generate a document of many interest rate swap trades, read it with the generated
 * {@code TradeXml} into beans, encode each as a {@code TradeSdo}, and print what each costs: the XML, the beans on
 * the heap, the SDOs' bytes, and the times; then read the document again straight into a {@code TradeBatch}, each
 * bean dropped as soon as it is encoded. Then FpML's own published example of each product the schema models
 * (swap, FRA, cap, floor, collar): the document's bytes and its trade's SDO bytes. Last, the model imported from
 * FpML's XSD ({@link ImportedModelDemo}): the same trades, and every published document of the confirmation view
 * there and back.
 *
 * <p>Run with {@code java -jar examples/fpml/target/fpml-demo.jar [COUNT]} (default 50,000 trades, about 350 MB
 * of XML in a temporary file). Each timing is one run without warm-up, a rough indication only.
 */
public final class FpmlDemo {
    private static final int DEFAULT_COUNT = 50_000;
    private static final int MAX_COUNT = 2_000_000;
    /** How many beans JOL walks to measure the average bean. */
    static final int MEASURED_BEANS = 1_000;
    private static final long SEED = 2014;

    private final PrintStream out;

    FpmlDemo(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? parseCount(args[0]) : DEFAULT_COUNT;
        Path directory = Files.createTempDirectory("fpml-demo");
        try {
            new FpmlDemo(System.out).run(count, directory);
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
            if (count < MEASURED_BEANS || count > MAX_COUNT) {
                throw new NumberFormatException();
            }
            return count;
        } catch (NumberFormatException e) {
            System.err.printf("usage: java -jar fpml-demo.jar [COUNT], COUNT from %,d to %,d trades%n", MEASURED_BEANS,
                    MAX_COUNT);
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

    /** Runs the demo on {@code count} trades (at least {@value #MEASURED_BEANS}), with its file in {@code directory}. */
    void run(int count, Path directory) throws Exception {
        Path xml = directory.resolve("trades.xml");
        Timed<Long> generated = Timed.of(() -> {
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(xml))) {
                new FpmlTradeGenerator(SEED).write(count, file);
            }
            return Files.size(xml);
        });
        out.printf("Generated %,d FpML interest rate swaps in one dataDocument (seed %d): %s in %s.%n%n", count, SEED,
                megabytes(generated.value()), millis(generated.nanos()));

        Timed<List<TradeBean>> beans = Timed.of(() -> TradeXml.read(xml));
        check(beans.value().size() == count, "every trade read");
        Timed<List<TradeSdo>> sdos = Timed.of(() -> {
            List<TradeSdo> encoded = new ArrayList<>(count);
            for (TradeBean bean : beans.value()) {
                encoded.add(TradeSdo.of(bean));
            }
            return encoded;
        });
        long sdoBytes = 0;
        for (int i = 0; i < count; i++) {
            TradeSdo sdo = sdos.value().get(i);
            sdoBytes += sdo.byteSize();
            if (i < MEASURED_BEANS) {
                check(sdo.toBean().equals(beans.value().get(i)), "every SDO gives its bean back");
            }
        }
        long beanHeap = (long) ((double) beanBytes(beans.value().subList(0, MEASURED_BEANS)) / MEASURED_BEANS * count);
        Timed<TradeBatch> batch = Timed.of(() -> TradeXml.readBatch(xml));
        check(batch.value().size() == count && batch.value().get(count - 1).equals(sdos.value().get(count - 1)),
                "the batch holds every trade");

        out.printf("%-44s %12s %12s%n", String.format("%,d trades", count), "all", "per trade");
        row("XML", generated.value(), count);
        row("beans on the heap (JOL)", beanHeap, count);
        row("SDOs (TradeSdo.byteSize)", sdoBytes, count);
        out.printf("  %-42s %12s%n", "read the XML into beans (TradeXml.read)", millis(beans.nanos()));
        out.printf("  %-42s %12s%n", "encode the beans as SDOs (TradeSdo.of)", millis(sdos.nanos()));
        out.printf("  %-42s %12s%n", "read the XML into a batch (readBatch)", millis(batch.nanos()));
        out.println();
        resetFrequencyOfTheFirstFloatingStream(sdos.value().get(0));
        out.println();
        publishedExamples();
        out.println();
        ImportedModelDemo imported = new ImportedModelDemo(out);
        imported.generatedTrades(xml, count, generated.value());
        imported.publishedDocuments();
    }

    /** FpML's own examples of each product the schema models, each document's XML against its trade's SDO. */
    private void publishedExamples() throws IOException {
        out.printf("%-44s %12s %12s%n", "FpML's published examples", "XML", "SDO");
        for (String name : PublishedExamples.NAMES) {
            byte[] xml = PublishedExamples.bytes(name);
            List<TradeBean> trades = TradeXml.read(new ByteArrayInputStream(xml), name);
            check(trades.size() == 1, "one trade in " + name);
            TradeSdo sdo = TradeSdo.of(trades.get(0));
            check(sdo.toBean().equals(trades.get(0)), "the SDO of " + name + " gives its trade back");
            String product = sdo.getProduct().which().name().toLowerCase(Locale.ROOT).replace('_', ' ');
            out.printf("  %-42s %12s %12s%n", name + " (" + product + ")", String.format("%,d B", xml.length),
                    String.format("%,d B", sdo.byteSize()));
        }
    }

    /** The talk's element, inside the first trade: one byte. */
    private void resetFrequencyOfTheFirstFloatingStream(TradeSdo trade) {
        for (InterestRateStream stream : trade.getProduct().getSwap().getSwapStream()) {
            if (stream.hasResetDates()) {
                var frequency = stream.getResetDates().getResetFrequency();
                byte[] bytes = ResetFrequencySdo.of(frequency).toByteArray();
                out.printf("Trade 1, stream %s: resetFrequency %s %s is %d byte, 0x%02X.%n", stream.getId(),
                        frequency.getPeriodMultiplier(), frequency.getPeriod(), bytes.length, bytes[0]);
                return;
            }
        }
    }

    private void row(String what, long bytes, int count) {
        out.printf("  %-42s %12s %12s%n", what, megabytes(bytes), String.format("%,d B", bytes / count));
    }

    /**
     * The heap bytes of beans and of everything they reference, less the enum constants that every bean shares
     * with the rest of the program.
     */
    private static long beanBytes(List<TradeBean> beans) {
        List<Object> constants = new ArrayList<>();
        constants.addAll(List.of(PeriodEnum.values()));
        constants.addAll(List.of(BusinessDayConventionEnum.values()));
        constants.addAll(List.of(PayRelativeToEnum.values()));
        constants.addAll(List.of(ResetRelativeToEnum.values()));
        constants.addAll(List.of(DayTypeEnum.values()));
        return GraphLayout.parseInstance(beans.toArray())
                .subtract(GraphLayout.parseInstance(constants.toArray())).totalSize();
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
