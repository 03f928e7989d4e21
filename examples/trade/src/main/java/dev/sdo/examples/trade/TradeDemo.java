package dev.sdo.examples.trade;

import com.example.trade.Side;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.openjdk.jol.info.GraphLayout;

/**
 * Compares the sample trades as classic Java beans with the same trades as SDOs: bytes on the heap, Java-serialised
 * size, and for many generated trades the total memory and a rough serialise-and-read-back time.
 *
 * <p>Run with {@code java -jar examples/trade/target/trade-demo.jar [COUNT]} (default 200,000 trades). The
 * timings are one single run each, a rough indication only; the JMH benchmarks are the real measure.
 */
public final class TradeDemo {
    /**
     * Large enough to show the difference, small enough that Java serialisation of the beans (about 11 objects
     * each) keeps the whole demo well under a minute on a small shared machine; pass a count for more.
     */
    private static final int DEFAULT_COUNT = 200_000;
    /** How many generated beans JOL walks to measure the average bean. */
    static final int MEASURED_BEANS = 10_000;

    private final PrintStream out;

    TradeDemo(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws IOException, ClassNotFoundException {
        int count = args.length > 0 ? parseCount(args[0]) : DEFAULT_COUNT;
        new TradeDemo(System.out).run(count);
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

    /** Prints the comparison for {@code count} generated trades (at least {@value #MEASURED_BEANS}). */
    void run(int count) throws IOException, ClassNotFoundException {
        List<TradeBean> samples = SampleTrades.load();
        List<TradeSdo> sampleSdos = samples.stream().map(TradeSdo::of).toList();

        out.printf("The %d sample trades of trades.csv, per trade:%n", samples.size());
        out.printf("  %-44s %12s %12s%n", "", "bean", "SDO");
        out.printf("  %-44s %12d %12d%n", "bytes in memory (bean: JOL; SDO: BYTES)", beanBytes(samples) / samples.size(),
                TradeSdo.BYTES);
        out.printf("  %-44s %12d %12d%n", "Java-serialised size (ObjectOutputStream)",
                serialisedSize(samples.get(0)), serialisedSize(sampleSdos.get(0)));
        out.println();

        TradeGenerator generator = new TradeGenerator(samples);
        List<TradeBean> beans = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            beans.add(generator.trade(i));
        }
        ByteBuffer store = ByteBuffer.allocate(count * TradeSdo.BYTES);
        long encodeStart = System.nanoTime();
        for (int i = 0; i < count; i++) {
            TradeSdo.of(beans.get(i)).writeTo(store, i * TradeSdo.BYTES);
        }
        long encodeNanos = System.nanoTime() - encodeStart;

        long beanHeap = (long) ((double) beanBytes(beans.subList(0, MEASURED_BEANS)) / MEASURED_BEANS * count);
        long sdoHeap = GraphLayout.parseInstance(store).totalSize();
        RoundTrip beanTrip = beanRoundTrip(beans);
        RoundTrip sdoTrip = sdoRoundTrip(store, count);

        out.printf("%,d generated trades (the samples cycled, dates and amounts varied):%n", count);
        out.printf("  %-44s %12s %12s%n", "", "beans", "SDOs");
        out.printf("  %-44s %12s %12s%n", "memory", megabytes(beanHeap), megabytes(sdoHeap));
        out.printf("  %-44s %12s %12s%n", "serialised size", megabytes(beanTrip.bytes), megabytes(sdoTrip.bytes));
        out.printf("  %-44s %12s %12s%n", "serialise + read back, one rough run", millis(beanTrip.nanos),
                millis(sdoTrip.nanos));
        out.println();
        out.printf("Bean memory: JOL's measure of %,d generated beans and all they reference (the shared Side%n"
                + "constants excepted), scaled to %,d. SDO memory: the one ByteBuffer that holds them all.%n"
                + "Beans go through ObjectOutputStream and ObjectInputStream; SDOs are one bulk copy of that%n"
                + "ByteBuffer, then every record wrapped in place and read. Encoding the beans as SDOs took %s.%n"
                + "Timings are single runs without warm-up, a rough indication only: the JMH benchmarks are%n"
                + "the real measure.%n", MEASURED_BEANS, count, millis(encodeNanos));
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

    private static int serialisedSize(Serializable value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(bytes)) {
            objects.writeObject(value);
        }
        return bytes.size();
    }

    /** How long writing and reading back took, and how many bytes went through. */
    private record RoundTrip(long nanos, long bytes) {}

    private static RoundTrip beanRoundTrip(List<TradeBean> beans) throws IOException, ClassNotFoundException {
        long start = System.nanoTime();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(bytes)) {
            objects.writeObject(new ArrayList<>(beans));
        }
        Object back;
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = objects.readObject();
        }
        long nanos = System.nanoTime() - start;
        List<?> read = (List<?>) back;
        if (read.size() != beans.size() || !read.get(read.size() - 1).equals(beans.get(beans.size() - 1))) {
            throw new IllegalStateException("the beans did not survive serialisation");
        }
        return new RoundTrip(nanos, bytes.size());
    }

    private static RoundTrip sdoRoundTrip(ByteBuffer store, int count) {
        long start = System.nanoTime();
        byte[] written = new byte[store.capacity()];
        store.get(0, written);
        ByteBuffer read = ByteBuffer.wrap(written);
        long idSum = 0;
        for (int i = 0; i < count; i++) {
            idSum += TradeSdo.wrap(read, i * TradeSdo.BYTES).getId();
        }
        long nanos = System.nanoTime() - start;
        // Ids are 1..count: reading every one back proves the records survived (and keeps the reads from being
        // optimised away).
        if (idSum != (long) count * (count + 1) / 2) {
            throw new IllegalStateException("the SDOs did not survive the copy");
        }
        return new RoundTrip(nanos, written.length);
    }

    private static String megabytes(long bytes) {
        return String.format("%.1f MB", bytes / 1_000_000.0);
    }

    private static String millis(long nanos) {
        return String.format("%,d ms", nanos / 1_000_000);
    }
}
