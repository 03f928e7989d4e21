package dev.sdo.coherence.example;

import static com.example.trade.TradeFields.AMOUNT1;
import static com.example.trade.TradeFields.CURRENCY1;
import static com.example.trade.TradeFields.CURRENCY2;
import static com.example.trade.TradeFields.SETTLEMENT_DATE;

import com.example.trade.Trade;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Aggregators;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import dev.sdo.coherence.SdoAggregators;
import dev.sdo.coherence.SdoFilter;
import dev.sdo.coherence.SdoKeyExtractor;
import dev.sdo.coherence.StoredValueBytes;
import dev.sdo.coherence.cluster.LoopbackCluster;
import dev.sdo.examples.trade.SampleTrades;
import dev.sdo.examples.trade.TradeGenerator;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * Trades as SDOs in a real partitioned cache: starts two storage members in their own JVMs on 127.0.0.1, joins
 * them, loads the sample trades and a million generated ones (the same into a POF cache for comparison), and runs
 * filter, aggregate and indexed queries with {@link TradeExtractors}, timing each beside its POF twin.
 *
 * <p>Usage: {@code java -jar coherence-demo.jar [TRADES]} (default 1000000).
 */
public final class TradeClusterDemo {
    /** How many times each scan runs; its best time is printed. */
    private static final int ROUNDS = 5;
    /**
     * How many times the indexed query runs timed: it takes milliseconds, where a busy machine's scheduling and
     * collections add tens of them to any one run, so its best time needs more tries than a scan's.
     */
    private static final int INDEXED_ROUNDS = 100;
    /**
     * How many untimed rounds the indexed query runs first. A scan's first run reads a million entries, which warms
     * its code up; one indexed run touches a few thousand keys, and its first tens of runs after the index builds
     * share the members with the JIT compiler and the collection of the builds' garbage (at load 8, runs of 30 to
     * 330 ms among runs of 8 to 20), so that their best time depended on which way those happened to fall on.
     */
    private static final int INDEXED_WARM_UP_ROUNDS = 200;
    /**
     * The storage members' heap. With 1 GB, two million entries and their indexes left a member 0.6 GB live in a
     * 0.9 GB heap, and it spent seconds in full collections while the queries were timed.
     */
    private static final String MEMBER_HEAP = "2g";
    /** The three ways each query is run, in the order they are printed. */
    private static final List<String> WAYS = List.of("SDO", "SDO classless", "POF");

    private TradeClusterDemo() {
    }

    public static void main(String[] args) throws Exception {
        int generated = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        System.out.println("Starting 2 storage members on 127.0.0.1 ...");
        try (LoopbackCluster cluster = LoopbackCluster.start("sdo-coherence-example-cache-config.xml", 2, MEMBER_HEAP,
                Duration.ofMinutes(15), Path.of("target", "demo-logs"), "SdoCache", "PofCache")) {
            NamedCache<Long, Trade> sdo = cluster.cache("sdo-trades");
            NamedCache<Long, Trade> pof = cluster.cache("pof-trades");
            List<TradeBean> samples = SampleTrades.load();
            long loadStart = System.nanoTime();
            load(sdo, pof, samples, generated);
            System.out.printf(Locale.ROOT, "Loaded %,d trades into each cache in %.1f s%n", sdo.size(),
                    (System.nanoTime() - loadStart) / 1e9);

            Trade first = sdo.get(samples.get(0).getId());
            System.out.println("Sample trade 1 read back from the cache: " + first);

            compare(cluster, 0, ROUNDS, "trades with currency1 EUR (filter)",
                    () -> sdo.aggregate(Filters.equal(TradeExtractors.currency1(), "EUR"), Aggregators.count()),
                    () -> sdo.aggregate(SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR")), Aggregators.count()),
                    () -> pof.aggregate(Filters.equal(TradePofExtractors.currency1(), "EUR"), Aggregators.count()));
            BigDecimal big = new BigDecimal("1000000.00");
            Filter<Trade> sdoBigUsd = Filters.equal(TradeExtractors.currency2(), "USD")
                    .and(Filters.greater(TradeExtractors.amount1(), big));
            Filter<Trade> pofBigUsd = Filters.equal(TradePofExtractors.currency2(), "USD")
                    .and(Filters.greater(TradePofExtractors.amount1(), big));
            Filter<Trade> classlessBigUsd = SdoFilter.of(TradeSdo.class, CURRENCY2.eq("USD").and(AMOUNT1.gt(big)));
            compare(cluster, 0, ROUNDS, "sum of amount1 where currency2 USD and amount1 > 1,000,000 (aggregate)",
                    () -> sdo.aggregate(sdoBigUsd, Aggregators.bigDecimalSum(TradeExtractors.amount1())),
                    () -> sdo.aggregate(classlessBigUsd, SdoAggregators.sum(TradeSdo.class, AMOUNT1)),
                    () -> pof.aggregate(pofBigUsd, Aggregators.bigDecimalSum(TradePofExtractors.amount1())));
            compare(cluster, 0, ROUNDS, "trades per currency1 (group by)",
                    () -> new TreeMap<>(sdo.aggregate(Filters.always(),
                            Aggregators.grouping(TradeExtractors.currency1(), Aggregators.count()))),
                    () -> sdo.aggregate(SdoAggregators.countBy(TradeSdo.class, CURRENCY1)),
                    () -> new TreeMap<>(pof.aggregate(Filters.always(),
                            Aggregators.grouping(TradePofExtractors.currency1(), Aggregators.count()))));

            // A month a year after the first sample settles: the generated trades spread over ten years from there.
            LocalDate from = samples.get(0).getSettlementDate().plusYears(1).withDayOfMonth(1);
            LocalDate to = from.plusMonths(1).minusDays(1);
            Callable<Object> sdoSettling = () -> sdo.aggregate(
                    Filters.between(TradeExtractors.settlementDate(), from, to), Aggregators.count());
            Callable<Object> pofSettling = () -> pof.aggregate(
                    Filters.between(TradePofExtractors.settlementDate(), from, to), Aggregators.count());
            Callable<Object> classlessSettling = () -> sdo.aggregate(
                    SdoFilter.of(TradeSdo.class, SETTLEMENT_DATE.between(from, to)), Aggregators.count());
            SdoKeyExtractor<Trade> settlementKey = SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE);
            Callable<Object> classlessIndexed = () -> sdo.aggregate(Filters.between(settlementKey,
                    SETTLEMENT_DATE.keyOf(from), SETTLEMENT_DATE.keyOf(to)), Aggregators.count());
            String month = from.getMonth() + " " + from.getYear();
            compare(cluster, 0, ROUNDS, "trades settling in " + month + ", no index", sdoSettling, classlessSettling,
                    pofSettling);
            // Each way gets its own index; the SDO cache holds two, which costs heap but not query time: a query
            // looks up the index of its own extractor. Coherence builds an added index in the background and a query
            // waits until it is built, so the first query after addIndex times the build, not the query.
            pof.addIndex(TradePofExtractors.settlementDate(), true, null);
            sdo.addIndex(TradeExtractors.settlementDate(), true, null);
            sdo.addIndex(settlementKey, true, null);
            long indexStart = System.nanoTime();
            sdoSettling.call();
            classlessIndexed.call();
            pofSettling.call();
            System.out.printf(Locale.ROOT, "%nIndexes on settlementDate built (the first query after addIndex) in"
                    + " %.1f s%n", (System.nanoTime() - indexStart) / 1e9);
            compare(cluster, INDEXED_WARM_UP_ROUNDS, INDEXED_ROUNDS, "trades settling in " + month
                    + ", sorted index on settlementDate (timed after " + INDEXED_WARM_UP_ROUNDS + " untimed rounds)",
                    sdoSettling, classlessIndexed, pofSettling);

            long sdoBytes = sdo.aggregate(new StoredValueBytes());
            long pofBytes = pof.aggregate(new StoredValueBytes());
            System.out.printf(Locale.ROOT, "%nStored value bytes per trade: SDO %.1f, POF %.1f%n",
                    sdoBytes / (double) sdo.size(), pofBytes / (double) pof.size());
        }
        System.out.println("Cluster stopped.");
    }

    private static void load(NamedCache<Long, Trade> sdo, NamedCache<Long, Trade> pof, List<TradeBean> samples,
                             int generated) {
        Map<Long, Trade> sdos = new HashMap<>();
        Map<Long, Trade> beans = new HashMap<>();
        for (TradeBean sample : samples) {
            // The samples keep their own ids; generated trades are numbered after them.
            sdos.put(sample.getId(), TradeSdo.of(sample));
            beans.put(sample.getId(), sample);
        }
        long firstGeneratedId = samples.stream().mapToLong(TradeBean::getId).max().orElse(0);
        TradeGenerator generator = new TradeGenerator(samples);
        for (int i = 0; i < generated; i++) {
            TradeBean trade = generator.trade(i);
            trade.setId(firstGeneratedId + 1 + i);
            sdos.put(trade.getId(), TradeSdo.of(trade));
            beans.put(trade.getId(), trade);
            if (sdos.size() >= 20_000) {
                flush(sdo, pof, sdos, beans);
            }
        }
        flush(sdo, pof, sdos, beans);
    }

    private static void flush(NamedCache<Long, Trade> sdo, NamedCache<Long, Trade> pof, Map<Long, Trade> sdos,
                              Map<Long, Trade> beans) {
        sdo.putAll(sdos);
        pof.putAll(beans);
        sdos.clear();
        beans.clear();
    }

    /**
     * Runs the three queries (SDO with {@link TradeExtractors}; SDO classless, with the generated field handles:
     * {@code SdoFilter}, {@code SdoAggregators}, {@code SdoKeyExtractor}; POF) in {@code warmUpRounds} untimed rounds
     * and then {@code rounds} timed rounds of one run each, prints the answers, the best time of each and the CPU time
     * the storage members spent per timed run, and checks they agree as printed (a count may be an Integer or a Long).
     * The members' CPU time is what a query costs them whatever else the machine runs; a busy machine adds to the
     * wall-clock times. Taking turns, rather than timing one way's runs after the other's, lets a collection or a
     * background task on the storage members fall on any of the three, not always on the one timed first; and the
     * way that goes first changes every round ({@link #wayOfTurn}), so that none always follows the same other.
     */
    private static void compare(LoopbackCluster cluster, int warmUpRounds, int rounds, String query,
                                Callable<Object> sdoQuery, Callable<Object> classlessQuery, Callable<Object> pofQuery)
            throws Exception {
        List<Callable<Object>> queries = List.of(sdoQuery, classlessQuery, pofQuery);
        for (int round = 0; round < warmUpRounds; round++) {
            for (int turn = 0; turn < queries.size(); turn++) {
                queries.get(wayOfTurn(round, turn, queries.size())).call();
            }
        }
        Timed[] best = new Timed[queries.size()];
        Duration[] memberCpu = {Duration.ZERO, Duration.ZERO, Duration.ZERO};
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < queries.size(); turn++) {
                int way = wayOfTurn(round, turn, queries.size());
                Duration cpuBefore = cluster.memberCpuTime();
                Timed run = timed(queries.get(way));
                memberCpu[way] = memberCpu[way].plus(cluster.memberCpuTime().minus(cpuBefore));
                if (best[way] == null || run.millis < best[way].millis) {
                    best[way] = run;
                }
            }
        }
        report(query, best, Arrays.stream(memberCpu).mapToDouble(cpu -> cpu.toNanos() / 1e6 / rounds).toArray());
    }

    /**
     * The way that runs at {@code turn} of {@code round}: round 0 runs ways 0, 1, 2; round 1 runs 1, 2, 0; and so on,
     * so that over any {@code ways} consecutive rounds every way runs once at every turn.
     */
    static int wayOfTurn(int round, int turn, int ways) {
        return (round + turn) % ways;
    }

    /**
     * Prints the answers, best times and storage members' CPU time per run of the three ways and checks they agree as
     * printed.
     */
    private static void report(String query, Timed[] best, double[] memberCpuMillis) {
        System.out.printf(Locale.ROOT, "%n%s%n", query);
        for (int way = 0; way < WAYS.size(); way++) {
            System.out.printf(Locale.ROOT, "  %-13s %8.1f ms  members' CPU %8.1f ms  %s%n", WAYS.get(way),
                    best[way].millis, memberCpuMillis[way], best[way].result);
            if (!best[way].result.toString().equals(best[0].result.toString())) {
                throw new IllegalStateException("SDO and POF disagree on: " + query);
            }
        }
    }

    private static Timed timed(Callable<Object> query) throws Exception {
        long start = System.nanoTime();
        Object result = query.call();
        return new Timed(result, (System.nanoTime() - start) / 1e6);
    }

    private record Timed(Object result, double millis) {
    }
}
