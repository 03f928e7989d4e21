package dev.sdo.coherence.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.trade.Trade;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Aggregators;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import com.tangosol.util.QueryRecord;
import com.tangosol.util.aggregator.QueryRecorder;
import com.tangosol.util.ValueExtractor;
import com.tangosol.util.extractor.PofExtractor;
import dev.sdo.coherence.SdoExtractor;
import dev.sdo.coherence.StoredValueBytes;
import dev.sdo.coherence.bench.WidePofSerializer;
import dev.sdo.coherence.bench.wide.Wide;
import dev.sdo.coherence.bench.wide.WideBean;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.coherence.cluster.LoopbackCluster;
import dev.sdo.examples.trade.SampleTrades;
import dev.sdo.examples.trade.TradeGenerator;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real cluster on loopback, two storage members in their own JVMs and this JVM as a storage-disabled member:
 * the same trades stored as SDOs (SdoSerializer) and as POF beans, the same queries with SdoExtractor and with
 * PofExtractor, and both checked against the answer computed here from the beans.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
class QueriesOnLoopbackClusterTest {
    private static final int GENERATED = 20_000;
    private static final int WIDE = 2_000;

    private static LoopbackCluster cluster;
    private static List<TradeBean> trades;
    private static NamedCache<Long, Trade> sdoTrades;
    private static NamedCache<Long, Trade> pofTrades;

    @BeforeAll
    static void startClusterAndLoad() throws Exception {
        cluster = LoopbackCluster.start("sdo-coherence-example-cache-config.xml", 2, "256m", Duration.ofMinutes(3),
                Path.of("target", "cluster-logs"), "SdoCache", "PofCache");
        TradeGenerator generator = new TradeGenerator(SampleTrades.load());
        trades = IntStream.range(0, GENERATED).mapToObj(generator::trade).toList();
        sdoTrades = cluster.cache("sdo-trades");
        pofTrades = cluster.cache("pof-trades");
        Map<Long, Trade> sdos = new HashMap<>();
        Map<Long, Trade> beans = new HashMap<>();
        for (TradeBean trade : trades) {
            sdos.put(trade.getId(), TradeSdo.of(trade));
            beans.put(trade.getId(), trade);
        }
        sdoTrades.putAll(sdos);
        pofTrades.putAll(beans);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
            assertThat(cluster.runningMembers()).as("storage member JVMs still running").isZero();
        }
    }

    @Test
    void theCacheHoldsSdosAndGivesThemBack() {
        assertThat(sdoTrades.size()).isEqualTo(GENERATED);
        TradeBean some = trades.get(1234);
        Trade back = sdoTrades.get(some.getId());
        assertThat(back).isInstanceOf(TradeSdo.class);
        assertThat(((TradeSdo) back).toBean()).isEqualTo(some);
    }

    @Test
    void memberCpuTimeCountsTheStorageMembersWork() {
        Duration before = cluster.memberCpuTime();
        for (int scan = 0; scan < 5; scan++) {
            // Every POF value is read on the storage members: work there, not in this JVM.
            pofTrades.aggregate(Filters.equal(TradePofExtractors.currency1(), "EUR"), Aggregators.count());
        }

        assertThat(before).as("CPU the members used to start and load").isPositive();
        assertThat(cluster.memberCpuTime()).isGreaterThan(before);
    }

    @Test
    void equalFilterFindsTheSameTradesAsPof() {
        Set<Long> expected = idsWhere(trade -> trade.getCurrency1().equals("EUR"));

        assertThat(keys(sdoTrades, Filters.equal(TradeExtractors.currency1(), "EUR"))).isEqualTo(expected)
                .isEqualTo(keys(pofTrades, Filters.equal(TradePofExtractors.currency1(), "EUR")));
        assertThat(expected).isNotEmpty();
    }

    @Test
    void combinedRangeFiltersFindTheSameTradesAsPof() {
        BigDecimal threshold = new BigDecimal("1000000.00");
        LocalDate from = LocalDate.of(2015, 1, 1);
        LocalDate to = LocalDate.of(2018, 12, 31);
        Set<Long> expected = idsWhere(trade -> trade.getCurrency2().equals("USD")
                && trade.getAmount1().compareTo(threshold) > 0
                && !trade.getTradeDate().isBefore(from) && !trade.getTradeDate().isAfter(to));

        Filter<Trade> sdoFilter = Filters.equal(TradeExtractors.currency2(), "USD")
                .and(Filters.greater(TradeExtractors.amount1(), threshold))
                .and(Filters.between(TradeExtractors.tradeDate(), from, to));
        Filter<Trade> pofFilter = Filters.equal(TradePofExtractors.currency2(), "USD")
                .and(Filters.greater(TradePofExtractors.amount1(), threshold))
                .and(Filters.between(TradePofExtractors.tradeDate(), from, to));

        assertThat(keys(sdoTrades, sdoFilter)).isEqualTo(expected).isEqualTo(keys(pofTrades, pofFilter));
        assertThat(expected).isNotEmpty();
    }

    @Test
    void aggregatesGiveTheSameSumsAsPof() {
        BigDecimal expected = trades.stream().filter(trade -> trade.getCurrency1().equals("GBP"))
                .map(TradeBean::getAmount1).reduce(BigDecimal.ZERO, BigDecimal::add);

        BigDecimal sdoSum = sdoTrades.aggregate(Filters.equal(TradeExtractors.currency1(), "GBP"),
                Aggregators.bigDecimalSum(TradeExtractors.amount1()));
        BigDecimal pofSum = pofTrades.aggregate(Filters.equal(TradePofExtractors.currency1(), "GBP"),
                Aggregators.bigDecimalSum(TradePofExtractors.amount1()));
        Long sdoCents = sdoTrades.aggregate(Filters.equal(TradeExtractors.currency1(), "GBP"),
                Aggregators.longSum(TradeExtractors.amount1Unscaled()));

        assertThat(sdoSum).isEqualByComparingTo(expected).isEqualByComparingTo(pofSum);
        assertThat(sdoCents).isEqualTo(expected.movePointRight(2).longValueExact());
    }

    @Test
    void groupingCountsTheSameAsPof() {
        Map<String, Integer> expected = trades.stream()
                .collect(Collectors.groupingBy(TradeBean::getCurrency1, Collectors.summingInt(trade -> 1)));

        Map<String, Integer> sdoCounts = new HashMap<>(sdoTrades.aggregate(Filters.always(),
                Aggregators.grouping(TradeExtractors.currency1(), Aggregators.count())));
        Map<String, Integer> pofCounts = new HashMap<>(pofTrades.aggregate(Filters.always(),
                Aggregators.grouping(TradePofExtractors.currency1(), Aggregators.count())));

        assertThat(sdoCounts).isEqualTo(expected).isEqualTo(pofCounts);
    }

    @Test
    void indexedQueriesGiveTheSameAnswersAsWithoutIndex() {
        NamedCache<Long, Trade> indexedSdo = cluster.cache("sdo-trades-indexed");
        NamedCache<Long, Trade> indexedPof = cluster.cache("pof-trades-indexed");
        indexedSdo.putAll(sdoTrades.getAll(sdoTrades.keySet()));
        indexedPof.putAll(pofTrades.getAll(pofTrades.keySet()));
        indexedSdo.addIndex(TradeExtractors.settlementDate(), true, null);
        indexedPof.addIndex(TradePofExtractors.settlementDate(), true, null);
        LocalDate from = trades.get(GENERATED / 2).getSettlementDate().minusDays(30);
        LocalDate to = from.plusDays(60);
        Set<Long> expected = idsWhere(trade -> !trade.getSettlementDate().isBefore(from)
                && !trade.getSettlementDate().isAfter(to));

        assertThat(keys(indexedSdo, Filters.between(TradeExtractors.settlementDate(), from, to)))
                .isEqualTo(expected)
                .isEqualTo(keys(indexedPof, Filters.between(TradePofExtractors.settlementDate(), from, to)));
        assertThat(expected).isNotEmpty();
        QueryRecord plan = indexedSdo.aggregate(Filters.between(TradeExtractors.settlementDate(), from, to),
                new QueryRecorder<>(QueryRecorder.RecordType.EXPLAIN));
        assertThat(plan.getResults()).allSatisfy(partial -> assertThat(partial.getSteps())
                .allSatisfy(step -> assertThat(step.getIndexLookupRecords())
                        .as("index lookups in %s", plan).isNotEmpty()
                        .allSatisfy(lookup -> assertThat(lookup.getIndexDescription())
                                .as("%s", plan).isNotNull())));
    }

    @Test
    void theFirstAndTheLastOfManyFieldsAreFoundAsWithPof() {
        NamedCache<Integer, Wide> sdoWide = cluster.cache("sdo-wide");
        NamedCache<Integer, Object> pofWide = cluster.cache("pof-wide");
        Map<Integer, Wide> sdos = new HashMap<>();
        Map<Integer, Object> beans = new HashMap<>();
        for (int i = 0; i < WIDE; i++) {
            WideBean wide = WidePofSerializer.wide(i);
            sdos.put(i, WideSdo.of(wide));
            beans.put(i, wide);
        }
        sdoWide.putAll(sdos);
        pofWide.putAll(beans);

        for (int position : new int[] {1, 128}) {
            int value = WidePofSerializer.value(17, position);
            Set<Integer> expected = IntStream.range(0, WIDE)
                    .filter(i -> WidePofSerializer.value(i, position) == value).boxed().collect(Collectors.toSet());
            ValueExtractor<Wide, Integer> sdoField = SdoExtractor.of(WideSdo.class,
                    WidePofSerializer.getterName(position), Integer.class);
            ValueExtractor<Object, Integer> pofField = new PofExtractor<>(Integer.class, position - 1);

            assertThat(keys(sdoWide, Filters.equal(sdoField, value))).isEqualTo(expected)
                    .isEqualTo(keys(pofWide, Filters.equal(pofField, value)));
            assertThat(expected).contains(17);
        }
    }

    @Test
    void storedSdosTakeTheirRecordBytesPlusTwo() {
        long sdoBytes = sdoTrades.aggregate(new StoredValueBytes());
        long pofBytes = pofTrades.aggregate(new StoredValueBytes());

        assertThat(sdoBytes).isEqualTo((long) GENERATED * (TradeSdo.BYTES + 2));
        assertThat(sdoBytes).isLessThan(pofBytes);
    }

    /** The keys a query finds, as a plain set (Coherence's own result sets do not compare equal to each other). */
    private static <K> Set<K> keys(NamedCache<K, ?> cache, Filter<?> filter) {
        return new HashSet<>(cache.keySet(filter));
    }

    private static Set<Long> idsWhere(Predicate<TradeBean> condition) {
        return trades.stream().filter(condition).map(TradeBean::getId).collect(Collectors.toSet());
    }
}
