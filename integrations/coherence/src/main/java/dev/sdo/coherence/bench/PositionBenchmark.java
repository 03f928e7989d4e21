package dev.sdo.coherence.bench;

import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.io.Serializer;
import com.tangosol.io.pof.ConfigurablePofContext;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Aggregators;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.Filters;
import com.tangosol.util.ValueExtractor;
import com.tangosol.util.extractor.AbstractExtractor;
import com.tangosol.util.extractor.PofExtractor;
import dev.sdo.coherence.SdoExtractor;
import dev.sdo.coherence.SdoKeyExtractor;
import dev.sdo.coherence.SdoSerializer;
import dev.sdo.coherence.StoredValueBytes;
import dev.sdo.coherence.bench.wide.Wide;
import dev.sdo.coherence.bench.wide.WideBean;
import dev.sdo.coherence.bench.wide.WideFields;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.coherence.cluster.LoopbackCluster;
import dev.sdo.coherence.cluster.MemberClassPath;
import dev.sdo.examples.trade.SampleTrades;
import dev.sdo.examples.trade.TradeGenerator;
import dev.sdo.runtime.query.IntegerField;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 000's measurement, POF against SDOs, side by side: the time to extract one field against the field's
 * position in a 128-field record, and what a stored value costs.
 *
 * <ol>
 *   <li>In one JVM, as in the seed: {@link PofExtractor} and {@link SdoExtractor} each reading field N from the
 *       stored binary of one record through a storage-side entry, many times.</li>
 *   <li>On a loopback cluster (two storage JVMs and this one) whose storage members have none of the generated SDO
 *       classes (only the records' interfaces and beans, which POF's serializers need): field N extracted on the
 *       storage members from every stored entry ({@link ExtractionTimer}), by {@link PofExtractor} and by
 *       {@link SdoKeyExtractor}, which reads the stored bits without the classes.</li>
 *   <li>On the same cluster: a filter on field N over every entry of a cache,
 *       without index, matching nothing, so that the time is the extraction scan; per entry.</li>
 *   <li>Stored value bytes per entry, for the 128-field record and for trades.</li>
 * </ol>
 *
 * <p>Usage: {@code PositionBenchmark [ENTRIES [TRADES]]}, defaults 100000 and 200000. Prints Markdown tables.
 */
public final class PositionBenchmark {
    private static final int[] POSITIONS = {1, 2, 4, 8, 16, 32, 64, 128};
    private static final int ROUNDS = 7;

    private PositionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int entries = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int tradeCount = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        // The cluster first: Coherence reads its cluster settings when first used in a JVM.
        onCluster(entries, tradeCount);
        inOneJvm();
    }

    /** The seed's loop: extract field N from one stored record, many times; nanoseconds per extraction. */
    private static void inOneJvm() {
        Serializer pof = new ConfigurablePofContext("sdo-coherence-example-pof-config.xml");
        Serializer sdo = new SdoSerializer(WideSdo.class);
        WideBean wide = WidePofSerializer.wide(42);
        Binary key = ExternalizableHelper.toBinary(42, pof);
        StoredEntry pofEntry = new StoredEntry(key, ExternalizableHelper.toBinary(wide, pof), pof);
        StoredEntry sdoEntry = new StoredEntry(key, ExternalizableHelper.toBinary(WideSdo.of(wide), sdo), sdo);

        System.out.println("## Extraction in one JVM (ns per extraction, median of " + ROUNDS + " rounds)");
        System.out.println();
        System.out.println("| field position | POF (PofExtractor) | SDO (SdoExtractor) | POF / SDO |");
        System.out.println("|---:|---:|---:|---:|");
        for (int position : POSITIONS) {
            double pofNanos = nanosPerExtraction(pofExtractor(position), pofEntry, WidePofSerializer.value(42, position));
            double sdoNanos = nanosPerExtraction(sdoExtractor(position), sdoEntry, WidePofSerializer.value(42, position));
            System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n", position, pofNanos, sdoNanos,
                    pofNanos / sdoNanos);
        }
        System.out.println();
    }

    private static double nanosPerExtraction(ValueExtractor<Object, Integer> extractor, StoredEntry entry,
                                             int expected) {
        AbstractExtractor<Object, Integer> onEntry = (AbstractExtractor<Object, Integer>) extractor;
        int iterations = 500_000;
        double[] rounds = new double[ROUNDS];
        for (int warmup = 0; warmup < 5; warmup++) {
            run(onEntry, entry, iterations, expected);
        }
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            run(onEntry, entry, iterations, expected);
            rounds[round] = (System.nanoTime() - start) / (double) iterations;
        }
        return median(rounds);
    }

    /** Checks every value, which both keeps the work from being optimised away and proves the extractor right. */
    private static void run(AbstractExtractor<Object, Integer> extractor, StoredEntry entry, int iterations,
                            int expected) {
        for (int i = 0; i < iterations; i++) {
            Integer value = extractor.extractFromEntry(entry);
            if (value != expected) {
                throw new IllegalStateException(extractor + " read " + value + ", expected " + expected);
            }
        }
    }

    /** A full scan per query on a loopback cluster; nanoseconds per entry. */
    private static void onCluster(int entries, int tradeCount) throws Exception {
        List<Path> memberClassPath = MemberClassPath.withoutResources(Path.of("target", "benchmark-member"),
                PositionBenchmark::sdoSide);
        for (String absent : List.of("dev/sdo/coherence/bench/wide/WideSdo.class",
                "dev/sdo/coherence/bench/wide/WideFields.class", "com/example/trade/TradeSdo.class")) {
            if (MemberClassPath.holds(memberClassPath, absent)) {
                throw new IllegalStateException("the storage members' class path holds " + absent);
            }
        }
        try (LoopbackCluster cluster = LoopbackCluster.start("sdo-coherence-example-cache-config.xml",
                MemberClassPath.joined(memberClassPath), 2, "1g", Duration.ofMinutes(20),
                Path.of("target", "benchmark-logs"), "SdoCache", "PofCache")) {
            NamedCache<Integer, Object> sdoWide = cluster.cache("sdo-wide");
            NamedCache<Integer, Object> pofWide = cluster.cache("pof-wide");
            load(sdoWide, pofWide, entries);

            // Warm both extractors up on the storage members at every position before measuring any.
            for (int position : POSITIONS) {
                nanosPerStorageExtraction(pofWide, pofExtractor(position));
                nanosPerStorageExtraction(sdoWide, keyExtractor(position));
            }
            System.out.println("## Extraction on the storage members of a loopback cluster, " + entries
                    + " entries in 2 storage JVMs without the generated SDO classes (ns per extraction, median of "
                    + ROUNDS + " runs)");
            System.out.println();
            System.out.println("| field position | POF (PofExtractor) | SDO (SdoKeyExtractor) | POF / SDO |");
            System.out.println("|---:|---:|---:|---:|");
            for (int position : POSITIONS) {
                double pofNanos = nanosPerStorageExtraction(pofWide, pofExtractor(position));
                double sdoNanos = nanosPerStorageExtraction(sdoWide, keyExtractor(position));
                System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n", position, pofNanos, sdoNanos,
                        pofNanos / sdoNanos);
            }
            System.out.println();

            System.out.println("## Filter scan on a loopback cluster, " + entries
                    + " entries in 2 storage JVMs (ns per entry, median of " + ROUNDS + " queries)");
            System.out.println();
            System.out.println("| field position | POF (PofExtractor) | SDO (SdoKeyExtractor) | POF / SDO |");
            System.out.println("|---:|---:|---:|---:|");
            for (int position : POSITIONS) {
                double pofNanos = nanosPerEntry(pofWide, pofExtractor(position), -1, entries);
                double sdoNanos = nanosPerEntry(sdoWide, keyExtractor(position), -1L, entries);
                System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n", position, pofNanos, sdoNanos,
                        pofNanos / sdoNanos);
            }
            System.out.println();

            NamedCache<Long, Object> sdoTrades = cluster.cache("sdo-trades");
            NamedCache<Long, Object> pofTrades = cluster.cache("pof-trades");
            loadTrades(sdoTrades, pofTrades, tradeCount);
            System.out.println("## Stored value bytes per entry");
            System.out.println();
            System.out.println("| record | POF | SDO | SDO / POF |");
            System.out.println("|---|---:|---:|---:|");
            memoryRow("Wide (128 x int(0..9999))", pofWide, sdoWide);
            memoryRow("Trade (9 fields)", pofTrades, sdoTrades);
            System.out.println();
        }
    }

    private static void load(NamedCache<Integer, Object> sdo, NamedCache<Integer, Object> pof, int entries) {
        Map<Integer, Object> sdos = new HashMap<>();
        Map<Integer, Object> beans = new HashMap<>();
        for (int i = 0; i < entries; i++) {
            WideBean wide = WidePofSerializer.wide(i);
            sdos.put(i, WideSdo.of(wide));
            beans.put(i, wide);
            if (sdos.size() == 10_000 || i == entries - 1) {
                sdo.putAll(sdos);
                pof.putAll(beans);
                sdos.clear();
                beans.clear();
            }
        }
    }

    private static void loadTrades(NamedCache<Long, Object> sdo, NamedCache<Long, Object> pof, int count) {
        TradeGenerator generator = new TradeGenerator(SampleTrades.load());
        Map<Long, Object> sdos = new HashMap<>();
        Map<Long, Object> beans = new HashMap<>();
        for (int i = 0; i < count; i++) {
            TradeBean trade = generator.trade(i);
            sdos.put(trade.getId(), TradeSdo.of(trade));
            beans.put(trade.getId(), trade);
            if (sdos.size() == 20_000 || i == count - 1) {
                sdo.putAll(sdos);
                pof.putAll(beans);
                sdos.clear();
                beans.clear();
            }
        }
    }

    private static double nanosPerEntry(NamedCache<Integer, Object> cache, ValueExtractor<Object, ?> field,
                                        Object absent, int entries) {
        double[] rounds = new double[ROUNDS];
        for (int round = -3; round < ROUNDS; round++) {
            long start = System.nanoTime();
            int found = cache.aggregate(Filters.equal(field, absent), Aggregators.count());
            long elapsed = System.nanoTime() - start;
            if (found != 0) {
                throw new IllegalStateException(field + " found " + found + " entries holding " + absent);
            }
            if (round >= 0) {
                rounds[round] = elapsed / (double) entries;
            }
        }
        return median(rounds);
    }

    private static double nanosPerStorageExtraction(NamedCache<Integer, Object> cache,
                                                    ValueExtractor<Object, ?> field) {
        double[] rounds = new double[ROUNDS];
        for (int round = -3; round < ROUNDS; round++) {
            long[] timed = cache.aggregate(new ExtractionTimer(field, 10));
            if (round >= 0) {
                rounds[round] = timed[0] / (double) timed[1];
            }
        }
        return median(rounds);
    }

    private static void memoryRow(String record, NamedCache<?, Object> pof, NamedCache<?, Object> sdo) {
        double pofBytes = pof.aggregate(new StoredValueBytes()) / (double) pof.size();
        double sdoBytes = sdo.aggregate(new StoredValueBytes()) / (double) sdo.size();
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.2f |%n", record, pofBytes, sdoBytes, sdoBytes / pofBytes);
    }

    private static ValueExtractor<Object, Integer> pofExtractor(int position) {
        return new PofExtractor<>(Integer.class, position - 1);
    }

    private static ValueExtractor<Object, Integer> sdoExtractor(int position) {
        return SdoExtractor.of(WideSdo.class, WidePofSerializer.getterName(position), Integer.class);
    }

    /**
     * The classless key of field N ({@code WideFields.F00N}): what storage members without the generated classes
     * read. Found by name, as the position is a number.
     */
    private static ValueExtractor<Object, Long> keyExtractor(int position) {
        try {
            @SuppressWarnings("unchecked")
            IntegerField<Wide> field = (IntegerField<Wide>) WideFields.class
                    .getField(String.format("F%03d", position)).get(null);
            @SuppressWarnings("unchecked")
            ValueExtractor<Object, Long> key = (ValueExtractor<Object, Long>) (ValueExtractor<?, ?>)
                    SdoKeyExtractor.of(WideSdo.class, field);
            return key;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("WideFields has no field " + position, e);
        }
    }

    /**
     * The classes of the SDO side of the generated records (the SDOs, their batches, writers, field handles and
     * bindings), which the storage members go without; the interfaces and beans stay, as POF's serializers need them.
     */
    private static boolean sdoSide(String resource) {
        return (resource.startsWith("com/example/trade/") || resource.startsWith("dev/sdo/coherence/bench/wide/"))
                && resource.matches(".*(Sdo|Fields|Batch|Writer|Csv|Xml)(\\$[^/]*)?\\.class");
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
