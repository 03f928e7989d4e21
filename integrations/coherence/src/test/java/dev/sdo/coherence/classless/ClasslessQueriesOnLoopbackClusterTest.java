package dev.sdo.coherence.classless;

import static com.example.trade.TradeFields.AMOUNT1;
import static com.example.trade.TradeFields.AMOUNT2;
import static com.example.trade.TradeFields.BUY_SELL;
import static com.example.trade.TradeFields.CURRENCY1;
import static com.example.trade.TradeFields.CURRENCY2;
import static com.example.trade.TradeFields.ID;
import static com.example.trade.TradeFields.SETTLEMENT_DATE;
import static com.example.trade.TradeFields.TRADE_DATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.trade.Side;
import com.example.trade.Trade;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.net.NamedCache;
import com.tangosol.util.Filter;
import com.tangosol.util.Filters;
import com.tangosol.util.Processors;
import com.tangosol.util.QueryRecord;
import com.tangosol.util.aggregator.QueryRecorder;
import dev.sdo.coherence.SdoAggregators;
import dev.sdo.coherence.SdoFilter;
import dev.sdo.coherence.SdoKeyExtractor;
import dev.sdo.coherence.bench.WidePofSerializer;
import dev.sdo.coherence.bench.wide.Wide;
import dev.sdo.coherence.bench.wide.WideFields;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.coherence.cluster.LoopbackCluster;
import dev.sdo.coherence.cluster.MemberClassPath;
import dev.sdo.coherence.example.TradeExtractors;
import dev.sdo.examples.trade.SampleTrades;
import dev.sdo.examples.trade.TradeGenerator;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.RecordPredicate;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The queries of {@code QueriesOnLoopbackClusterTest}, as predicates and aggregates from the generated field handles
 * ({@link SdoFilter}, {@link SdoAggregators}, {@link SdoKeyExtractor}), on a cluster whose two storage JVMs have no
 * generated class and no test class on their class path: only Coherence, the sdo runtime and the integration's own
 * classes. Every answer is checked against the one computed here from the beans.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
class ClasslessQueriesOnLoopbackClusterTest {
    private static final String CACHE_CONFIG = "sdo-coherence-classless-cache-config.xml";
    private static final int GENERATED = 20_000;
    private static final int WIDE = 2_000;

    private static List<Path> memberClassPath;
    private static LoopbackCluster cluster;
    private static List<TradeBean> trades;
    private static NamedCache<Long, Trade> sdoTrades;

    @BeforeAll
    static void startClusterAndLoad() throws Exception {
        memberClassPath = ClasslessMemberClassPath.build(Path.of("target", "classless-member"), CACHE_CONFIG);
        cluster = LoopbackCluster.start(CACHE_CONFIG, MemberClassPath.joined(memberClassPath), 2, "256m", Duration.ofMinutes(3),
                Path.of("target", "classless-cluster-logs"), "SdoCache");
        TradeGenerator generator = new TradeGenerator(SampleTrades.load());
        trades = IntStream.range(0, GENERATED).mapToObj(generator::trade).toList();
        sdoTrades = cluster.cache("sdo-trades");
        Map<Long, Trade> sdos = new HashMap<>();
        for (TradeBean trade : trades) {
            sdos.put(trade.getId(), TradeSdo.of(trade));
        }
        sdoTrades.putAll(sdos);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
            assertThat(cluster.runningMembers()).as("storage member JVMs still running").isZero();
        }
    }

    @Test
    void theStorageMembersHaveNoGeneratedAndNoTestClasses() throws Exception {
        for (Class<?> absent : List.of(TradeSdo.class, Trade.class, Side.class, WideSdo.class,
                ClasslessQueriesOnLoopbackClusterTest.class, TradeExtractors.class)) {
            assertThat(MemberClassPath.holds(memberClassPath, absent.getName().replace('.', '/') + ".class"))
                    .as("%s on the storage members' class path %s", absent, memberClassPath).isFalse();
        }
        assertThat(MemberClassPath.holds(memberClassPath, "dev/sdo/coherence/SdoFilter.class")).isTrue();

        // What needs the class on a storage member fails there, and says why: SdoExtractor calls the getter.
        long id = trades.get(7).getId();
        assertThatThrownBy(() -> sdoTrades.invoke(id, Processors.extract(TradeExtractors.currency1())))
                .hasStackTraceContaining("com.example.trade.TradeSdo is not on the class path");
        // The client still reads its values back as SDOs.
        assertThat(((TradeSdo) sdoTrades.get(id)).toBean()).isEqualTo(trades.get(7));
    }

    @Test
    void equalFilterFindsTheTradesTheBeansDo() {
        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR"))))
                .isEqualTo(idsWhere(trade -> trade.getCurrency1().equals("EUR"))).isNotEmpty();
        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR").and(BUY_SELL.eq(Side.Buy)))))
                .isEqualTo(idsWhere(trade -> trade.getCurrency1().equals("EUR") && trade.getBuySell() == Side.Buy))
                .isNotEmpty();
        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EURO")))).isEmpty();
    }

    @Test
    void combinedRangeFiltersFindTheTradesTheBeansDo() {
        BigDecimal threshold = new BigDecimal("1000000.00");
        LocalDate from = LocalDate.of(2015, 1, 1);
        LocalDate to = LocalDate.of(2018, 12, 31);
        Predicate<TradeBean> expected = trade -> trade.getCurrency2().equals("USD")
                && trade.getAmount1().compareTo(threshold) > 0
                && !trade.getTradeDate().isBefore(from) && !trade.getTradeDate().isAfter(to);
        RecordPredicate<Trade> predicate = CURRENCY2.eq("USD").and(AMOUNT1.gt(threshold))
                .and(TRADE_DATE.between(from, to));

        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, predicate))).isEqualTo(idsWhere(expected))
                .isNotEmpty();
        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, predicate.negate())))
                .isEqualTo(idsWhere(expected.negate()));
        assertThat(keys(sdoTrades, SdoFilter.of(TradeSdo.class, CURRENCY1.in("CHF", "JPY").or(AMOUNT2.le(
                new BigDecimal("1000.00"))))))
                .isEqualTo(idsWhere(trade -> Set.of("CHF", "JPY").contains(trade.getCurrency1())
                        || trade.getAmount2().compareTo(new BigDecimal("1000.00")) <= 0));
    }

    @Test
    void countsAndSumsAreTheBeans() {
        Predicate<TradeBean> gbp = trade -> trade.getCurrency1().equals("GBP");
        Filter<Trade> sdoGbp = SdoFilter.of(TradeSdo.class, CURRENCY1.eq("GBP"));

        assertThat(sdoTrades.aggregate(sdoGbp, SdoAggregators.count(TradeSdo.class)))
                .isEqualTo(trades.stream().filter(gbp).count());
        assertThat(sdoTrades.aggregate(sdoGbp, SdoAggregators.sum(TradeSdo.class, AMOUNT1)))
                .isEqualTo(trades.stream().filter(gbp).map(TradeBean::getAmount1).reduce(BigDecimal.ZERO,
                        BigDecimal::add).setScale(2));
        assertThat(sdoTrades.aggregate(sdoGbp, SdoAggregators.sum(TradeSdo.class, ID)))
                .isEqualTo(trades.stream().filter(gbp).mapToLong(TradeBean::getId).sum());
        assertThat(sdoTrades.aggregate(SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EURO")),
                SdoAggregators.sum(TradeSdo.class, AMOUNT1))).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void extremesAreTheBeans() {
        Filter<Trade> buys = SdoFilter.of(TradeSdo.class, BUY_SELL.eq(Side.Buy));
        List<TradeBean> buyBeans = trades.stream().filter(trade -> trade.getBuySell() == Side.Buy).toList();

        assertThat(sdoTrades.aggregate(buys, SdoAggregators.min(TradeSdo.class, TRADE_DATE)))
                .isEqualTo(buyBeans.stream().map(TradeBean::getTradeDate).min(Comparator.naturalOrder()).orElseThrow());
        assertThat(sdoTrades.aggregate(buys, SdoAggregators.max(TradeSdo.class, AMOUNT1)))
                .isEqualTo(buyBeans.stream().map(TradeBean::getAmount1).max(Comparator.naturalOrder()).orElseThrow()
                        .setScale(2));
        assertThat(sdoTrades.aggregate(buys, SdoAggregators.max(TradeSdo.class, CURRENCY2)))
                .isEqualTo(buyBeans.stream().map(TradeBean::getCurrency2).max(Comparator.naturalOrder()).orElseThrow());
        assertThat(sdoTrades.aggregate(SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EURO")),
                SdoAggregators.min(TradeSdo.class, TRADE_DATE))).isNull();
    }

    @Test
    void groupsAreTheBeansInTheFieldsOrder() {
        Map<String, Long> counts = sdoTrades.aggregate(SdoAggregators.countBy(TradeSdo.class, CURRENCY1));
        Map<Side, BigDecimal> sums = sdoTrades.aggregate(SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR")),
                SdoAggregators.sumBy(TradeSdo.class, BUY_SELL, AMOUNT1));
        Map<String, Long> idSums = sdoTrades.aggregate(SdoAggregators.sumBy(TradeSdo.class, CURRENCY2, ID));

        assertThat(counts).isEqualTo(new TreeMap<>(trades.stream().collect(Collectors.groupingBy(
                TradeBean::getCurrency1, Collectors.counting()))));
        assertThat(List.copyOf(counts.keySet())).isSorted();
        Map<Side, BigDecimal> expectedSums = trades.stream().filter(trade -> trade.getCurrency1().equals("EUR"))
                .collect(Collectors.groupingBy(TradeBean::getBuySell, TreeMap::new, Collectors.reducing(
                        new BigDecimal("0.00"), TradeBean::getAmount1, BigDecimal::add)));
        assertThat(sums).isEqualTo(expectedSums).isNotEmpty();
        assertThat(List.copyOf(sums.keySet())).containsExactlyElementsOf(expectedSums.keySet());
        assertThat(idSums).isEqualTo(trades.stream().collect(Collectors.groupingBy(TradeBean::getCurrency2,
                Collectors.summingLong(TradeBean::getId))));
    }

    @Test
    void anIndexOfKeysAnswersRangeQueriesAndIsUsed() {
        NamedCache<Long, Trade> indexed = cluster.cache("sdo-trades-indexed");
        indexed.putAll(sdoTrades.getAll(sdoTrades.keySet()));
        SdoKeyExtractor<Trade> settlement = SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE);
        indexed.addIndex(settlement, true, null);
        LocalDate from = trades.get(GENERATED / 2).getSettlementDate().minusDays(30);
        LocalDate to = from.plusDays(60);
        Filter<Trade> between = Filters.between(settlement, SETTLEMENT_DATE.keyOf(from), SETTLEMENT_DATE.keyOf(to));
        Set<Long> expected = idsWhere(trade -> !trade.getSettlementDate().isBefore(from)
                && !trade.getSettlementDate().isAfter(to));

        assertThat(keys(indexed, between)).isEqualTo(expected).isNotEmpty()
                .isEqualTo(keys(indexed, SdoFilter.of(TradeSdo.class, SETTLEMENT_DATE.between(from, to))));
        assertThat(indexed.aggregate(between, SdoAggregators.count(TradeSdo.class))).isEqualTo(expected.size());
        QueryRecord plan = indexed.aggregate(between, new QueryRecorder<>(QueryRecorder.RecordType.EXPLAIN));
        assertThat(plan.getResults()).allSatisfy(partial -> assertThat(partial.getSteps())
                .allSatisfy(step -> assertThat(step.getIndexLookupRecords())
                        .as("index lookups in %s", plan).isNotEmpty()
                        .allSatisfy(lookup -> assertThat(lookup.getIndexDescription())
                                .as("%s", plan).isNotNull())));
    }

    @Test
    void theFirstAndTheLastOfManyFieldsAreFound() throws Exception {
        NamedCache<Integer, Wide> sdoWide = cluster.cache("sdo-wide");
        Map<Integer, Wide> sdos = new HashMap<>();
        for (int i = 0; i < WIDE; i++) {
            sdos.put(i, WideSdo.of(WidePofSerializer.wide(i)));
        }
        sdoWide.putAll(sdos);

        for (int position : new int[] {1, 128}) {
            @SuppressWarnings("unchecked")
            IntegerField<Wide> field = (IntegerField<Wide>) WideFields.class
                    .getField(String.format("F%03d", position)).get(null);
            int value = WidePofSerializer.value(17, position);
            Set<Integer> expected = IntStream.range(0, WIDE)
                    .filter(i -> WidePofSerializer.value(i, position) == value).boxed().collect(Collectors.toSet());

            assertThat(keys(sdoWide, SdoFilter.of(WideSdo.class, field.eq(value)))).isEqualTo(expected).contains(17);
            assertThat(sdoWide.aggregate(SdoAggregators.sum(WideSdo.class, field))).isEqualTo(IntStream.range(0, WIDE)
                    .mapToLong(i -> WidePofSerializer.value(i, position)).sum());
        }
        // A trade filter on the wide cache matches nothing: the values are another record type.
        assertThat(keys(sdoWide, SdoFilter.of(TradeSdo.class, RecordPredicate.all()))).isEmpty();
    }

    private static <K> Set<K> keys(NamedCache<K, ?> cache, Filter<?> filter) {
        return new HashSet<>(cache.keySet(filter));
    }

    private static Set<Long> idsWhere(Predicate<TradeBean> condition) {
        return trades.stream().filter(condition).map(TradeBean::getId).collect(Collectors.toSet());
    }
}
