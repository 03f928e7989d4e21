package dev.sdo.coherence;

import static com.example.trade.TradeFields.AMOUNT1;
import static com.example.trade.TradeFields.BUY_SELL;
import static com.example.trade.TradeFields.CURRENCY1;
import static com.example.trade.TradeFields.SETTLEMENT_DATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.trade.Side;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.InvocableMap;
import com.tangosol.util.SimpleMapEntry;
import dev.sdo.coherence.bench.WidePofSerializer;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.examples.trade.SampleTrades;
import dev.sdo.examples.trade.TradeGenerator;
import dev.sdo.runtime.query.RecordPredicate;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The classless filter, key extractor and aggregators in one JVM, on value objects, against the getters. */
class SdoQueriesTest {
    private final List<TradeBean> trades = IntStream.range(0, 500)
            .mapToObj(new TradeGenerator(SampleTrades.load())::trade).toList();
    private final SdoSerializer serializer = new SdoSerializer(TradeSdo.class, WideSdo.class);

    @Test
    void theFilterMatchesWhatTheGettersSay() {
        SdoFilter<com.example.trade.Trade> eurBuys = SdoFilter.of(TradeSdo.class,
                CURRENCY1.eq("EUR").and(BUY_SELL.eq(Side.Buy)));

        for (TradeBean trade : trades) {
            assertThat(eurBuys.evaluate(TradeSdo.of(trade)))
                    .isEqualTo(trade.getCurrency1().equals("EUR") && trade.getBuySell() == Side.Buy);
        }
        assertThat(SdoFilter.<Object>of(TradeSdo.class, RecordPredicate.all())
                .evaluate(WideSdo.of(WidePofSerializer.wide(1)))).as("another record type").isFalse();
        assertThatThrownBy(() -> eurBuys.evaluate(trades.get(0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a value is not an com.example.trade.TradeSdo stored by SdoSerializer: the classless"
                        + " filters, extractors and aggregators read stored SDOs only (store XSdo.of(bean), not the"
                        + " bean)");
    }

    @Test
    void keysOrderAsTheDatesDoAndValuesTheFieldCannotHoldAreRefused() {
        SdoKeyExtractor<com.example.trade.Trade> settlement = SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE);

        for (TradeBean trade : trades) {
            assertThat(settlement.extract(TradeSdo.of(trade))).isEqualTo(SETTLEMENT_DATE.keyOf(trade.getSettlementDate()))
                    .isEqualTo(trade.getSettlementDate().toEpochDay() - LocalDate.of(2000, 1, 1).toEpochDay());
        }
        assertThat(settlement).isEqualTo(SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE))
                .isNotEqualTo(SdoKeyExtractor.of(TradeSdo.class, com.example.trade.TradeFields.TRADE_DATE));
        assertThatThrownBy(() -> SETTLEMENT_DATE.keyOf(LocalDate.of(1999, 12, 31)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("settlementDate: 1999-12-31 is not a value of the field");
    }

    @Test
    void aggregatesInOneJvmAreTheGettersAnswers() {
        Set<InvocableMap.Entry<Object, Object>> entries = trades.stream()
                .map(trade -> (InvocableMap.Entry<Object, Object>) new SimpleMapEntry<Object, Object>(trade.getId(),
                        TradeSdo.of(trade)))
                .collect(Collectors.toSet());

        assertThat(SdoAggregators.sum(TradeSdo.class, AMOUNT1).aggregate(entries)).isEqualTo(trades.stream()
                .map(TradeBean::getAmount1).reduce(BigDecimal.ZERO, BigDecimal::add).setScale(2));
        assertThat(SdoAggregators.countBy(TradeSdo.class, BUY_SELL).aggregate(entries)).isEqualTo(new TreeMap<>(
                trades.stream().collect(Collectors.groupingBy(TradeBean::getBuySell, Collectors.counting()))));
        assertThat(SdoAggregators.min(TradeSdo.class, SETTLEMENT_DATE).aggregate(entries)).isEqualTo(trades.stream()
                .map(TradeBean::getSettlementDate).min(LocalDate::compareTo).orElseThrow());
    }

    @Test
    void whatTravelsToTheStorageMembersNamesNoGeneratedClassButTheRecordsOwn() {
        Map<String, Object> sent = Map.of(
                "filter", SdoFilter.of(TradeSdo.class, BUY_SELL.eq(Side.Sell).and(SETTLEMENT_DATE.ge(
                        LocalDate.of(2015, 1, 1)))),
                "countBy", SdoAggregators.countBy(TradeSdo.class, BUY_SELL),
                "sumBy", SdoAggregators.sumBy(TradeSdo.class, BUY_SELL, AMOUNT1),
                "max", SdoAggregators.max(TradeSdo.class, BUY_SELL),
                "key", SdoKeyExtractor.of(TradeSdo.class, BUY_SELL));

        sent.forEach((what, object) -> {
            Binary binary = ExternalizableHelper.toBinary(object, serializer);
            String bytes = new String(binary.toByteArray(), StandardCharsets.ISO_8859_1);
            assertThat(bytes).as(what).contains("com.example.trade.TradeSdo")
                    .doesNotContain("com.example.trade.Side").doesNotContain("com.example.trade.TradeFields")
                    .doesNotContain("com.example.trade.Trade;").doesNotContain("java.time");
            assertThat((Object) ExternalizableHelper.fromBinary(binary, serializer)).as(what).isNotNull();
            // The compact form, not Java serialisation's class descriptors.
            assertThat(binary.length()).as(what).isLessThan(200);
            assertThat(bytes).as(what).doesNotContain("java.lang").doesNotContain("dev.sdo.runtime");
        });
    }

    @Test
    void whatTheStorageMembersReceiveAnswersAsWhatTheClientSent() {
        Set<InvocableMap.Entry<Object, Object>> entries = trades.stream()
                .map(trade -> (InvocableMap.Entry<Object, Object>) new SimpleMapEntry<Object, Object>(trade.getId(),
                        TradeSdo.of(trade)))
                .collect(Collectors.toSet());
        SdoFilter<com.example.trade.Trade> filter = SdoFilter.of(TradeSdo.class, CURRENCY1.in("EUR", "USD")
                .and(SETTLEMENT_DATE.between(LocalDate.of(2015, 1, 1), LocalDate.of(2018, 6, 30)))
                .and(AMOUNT1.gt(new BigDecimal("1000000.00")).negate()));
        SdoFilter<com.example.trade.Trade> received = sent(filter);
        SdoKeyExtractor<com.example.trade.Trade> key = SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE);
        SdoKeyExtractor<com.example.trade.Trade> receivedKey = sent(key);
        assertThat(receivedKey).isEqualTo(key).hasSameHashCodeAs(key);
        for (TradeBean trade : trades) {
            TradeSdo sdo = TradeSdo.of(trade);
            assertThat(received.evaluate(sdo)).isEqualTo(filter.evaluate(sdo));
            assertThat(receivedKey.extract(sdo)).isEqualTo(key.extract(sdo));
        }

        // A member accumulates with the aggregator it received; the client combines its partial result and finishes.
        var sum = SdoAggregators.sum(TradeSdo.class, AMOUNT1);
        var onMember = sent(sum).supply();
        entries.forEach(onMember::accumulate);
        sum.combine(onMember.getPartialResult());
        assertThat(sum.finalizeResult()).isEqualTo(SdoAggregators.sum(TradeSdo.class, AMOUNT1).aggregate(entries));

        var sumBy = SdoAggregators.sumBy(TradeSdo.class, BUY_SELL, AMOUNT1);
        var groupsOnMember = sent(sumBy).supply();
        entries.forEach(groupsOnMember::accumulate);
        sumBy.combine(groupsOnMember.getPartialResult());
        assertThat(sumBy.finalizeResult())
                .isEqualTo(SdoAggregators.sumBy(TradeSdo.class, BUY_SELL, AMOUNT1).aggregate(entries));

        var max = SdoAggregators.max(TradeSdo.class, SETTLEMENT_DATE);
        var extremeOnMember = sent(max).supply();
        entries.forEach(extremeOnMember::accumulate);
        max.combine(extremeOnMember.getPartialResult());
        assertThat(max.finalizeResult()).isEqualTo(trades.stream().map(TradeBean::getSettlementDate)
                .max(LocalDate::compareTo).orElseThrow());
    }

    /** {@code object} as a storage member receives it: through the service's serializer and back. */
    @SuppressWarnings("unchecked")
    private <T> T sent(T object) {
        return (T) ExternalizableHelper.fromBinary(ExternalizableHelper.toBinary(object, serializer), serializer);
    }
}
