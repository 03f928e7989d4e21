package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Trade;
import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The 100-million-trade run: 2.7 GB of trades in one direct-memory batch (41 chunks of 64 MiB),
 * written to a {@code .sdob} file, mapped back, checked on a sample of records against the beans they came from
 * and on a full scan sum, with bytes and times printed. The file is deleted at the end.
 *
 * <pre>java -Xmx8g -cp benchmarks/target/benchmarks.jar dev.sdo.benchmarks.HundredMillionTrades [count] [dir]</pre>
 */
public final class HundredMillionTrades {
    private static final int DEFAULT_COUNT = 100_000_000;
    /** Every this many records (and the last) is kept as a bean to compare with the mapped file. */
    private static final int SAMPLE_EVERY = 999_983;

    private HundredMillionTrades() {}

    public static void main(String[] args) throws IOException {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_COUNT;
        Path directory = Path.of(args.length > 1 ? args[1] : System.getProperty("java.io.tmpdir"));
        Path file = Files.createTempFile(directory, "hundred-million-trades-", ".sdob");
        try {
            run(count, file);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void run(int count, Path file) throws IOException {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        Map<Integer, TradeBean> sample = new LinkedHashMap<>();
        long expectedIds = 0;
        long expectedAmounts = 0;

        long start = System.nanoTime();
        TradeBatch batch = TradeBatch.direct();
        batch.ensureCapacity(count);
        for (int i = 0; i < count; i++) {
            TradeBean trade = samples.next();
            batch.add(trade);
            expectedIds += trade.getId();
            expectedAmounts += trade.getAmount1().unscaledValue().longValueExact();
            if (i % SAMPLE_EVERY == 0 || i == count - 1) {
                sample.put(i, trade);
            }
        }
        long built = System.nanoTime();
        System.out.printf("built   %,d trades in a direct batch: %,d bytes of records (%,d per trade), "
                + "%,d bytes allocated, in %.1f s (%.0f ns per trade, bean made and encoded)%n", batch.size(),
                batch.recordBytes(), batch.recordBytes() / batch.size(), batch.allocatedBytes(),
                seconds(built - start), (double) (built - start) / count);

        try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            batch.writeTo(out);
            out.force(false);
        }
        long written = System.nanoTime();
        long fileBytes = Files.size(file);
        System.out.printf("wrote   %s: %,d bytes (records + %,d bytes of headers, block framing and footer) "
                + "in %.1f s, %.0f MB/s, forced to disk%n", file, fileBytes, fileBytes - batch.recordBytes(),
                seconds(written - built), fileBytes / 1e6 / seconds(written - built));
        batch = null; // the 2.7 GB of direct memory can go before the file is mapped

        TradeBatch mapped = TradeBatch.map(file);
        long mappedAt = System.nanoTime();
        System.out.printf("mapped  %,d trades in %.3f s (headers, block index and every block's CRC checked)%n",
                mapped.size(), seconds(mappedAt - written));
        check(mapped.size() == count, "mapped " + mapped.size() + " trades, wrote " + count);

        for (Map.Entry<Integer, TradeBean> entry : sample.entrySet()) {
            TradeSdo read = mapped.get(entry.getKey());
            check(sameFields(read, entry.getValue()), "trade " + entry.getKey() + " reads back as " + read
                    + ", was " + entry.getValue());
        }
        long sampled = System.nanoTime();
        System.out.printf("checked %,d sampled trades field by field against their beans%n", sample.size());

        long[] sums = new long[2];
        mapped.forEachCursor(sdo -> { // the batch's cursor: raw getters, no BigDecimal per record
            sums[0] += sdo.getId();
            sums[1] += sdo.getAmount1Unscaled();
        });
        long scanned = System.nanoTime();
        check(sums[0] == expectedIds && sums[1] == expectedAmounts, "scan sums " + sums[0] + ", " + sums[1]
                + " instead of " + expectedIds + ", " + expectedAmounts);
        System.out.printf("scanned %,d mapped trades sequentially (sum of ids %,d, of amount1 %,d cents) in %.2f s, "
                + "%.1f ns per trade, %.0f MB/s%n", count, sums[0], sums[1], seconds(scanned - sampled),
                (double) (scanned - sampled) / count, fileBytes / 1e6 / seconds(scanned - sampled));

        streamScan(mapped, false, expectedIds, expectedAmounts);
        streamScan(mapped, true, expectedIds, expectedAmounts);
    }

    /** The same sums through {@code stream()} or {@code parallelStream()}: one SDO view per trade. */
    private static void streamScan(TradeBatch mapped, boolean parallel, long expectedIds, long expectedAmounts) {
        long start = System.nanoTime();
        LongAdder amounts = new LongAdder();
        long ids = (parallel ? mapped.parallelStream() : mapped.stream()).mapToLong(trade -> {
            amounts.add(trade.getAmount1Unscaled());
            return trade.getId();
        }).sum();
        long end = System.nanoTime();
        String name = parallel ? "parallelStream()" : "stream()";
        check(ids == expectedIds && amounts.sum() == expectedAmounts, name + " sums " + ids + ", " + amounts.sum());
        System.out.printf("scanned %,d mapped trades with %s (same sums) in %.2f s, %.1f ns per trade%n",
                mapped.size(), name, seconds(end - start), (double) (end - start) / mapped.size());
    }

    /** Field by field, decimals by value. */
    private static boolean sameFields(TradeSdo sdo, Trade bean) {
        return sdo.getId() == bean.getId()
                && sdo.getTradeDate().equals(bean.getTradeDate())
                && sdo.getBuySell() == bean.getBuySell()
                && sdo.getCurrency1().equals(bean.getCurrency1())
                && sdo.getAmount1().compareTo(bean.getAmount1()) == 0
                && sdo.getExchangeRate().compareTo(bean.getExchangeRate()) == 0
                && sdo.getCurrency2().equals(bean.getCurrency2())
                && sdo.getAmount2().compareTo(bean.getAmount2()) == 0
                && sdo.getSettlementDate().equals(bean.getSettlementDate());
    }

    private static void check(boolean condition, String failure) {
        if (!condition) {
            throw new IllegalStateException("100M check failed: " + failure);
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
