package dev.sdo.coherence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.io.Serializer;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import dev.sdo.coherence.bench.WidePofSerializer;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.examples.trade.SampleTrades;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SdoExtractorTest {
    private final SdoSerializer serializer = new SdoSerializer(TradeSdo.class, WideSdo.class);
    private final List<TradeBean> samples = SampleTrades.load();

    @Test
    void readsEveryFieldFromTheStoredBytesWithoutDeserialising() {
        for (TradeBean sample : samples) {
            BinaryEntry<Long, Object> entry = storedEntry(ExternalizableHelper.toBinary(TradeSdo.of(sample), serializer),
                    serializer);

            assertThat(SdoExtractor.of(TradeSdo.class, "getId", Long.class).extractFromEntry(entry))
                    .isEqualTo(sample.getId());
            assertThat(SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class).extractFromEntry(entry))
                    .isEqualTo(sample.getCurrency1());
            assertThat(SdoExtractor.of(TradeSdo.class, "getAmount1", BigDecimal.class).extractFromEntry(entry))
                    .isEqualTo(sample.getAmount1());
            assertThat(SdoExtractor.of(TradeSdo.class, "getAmount1Unscaled", Long.class).extractFromEntry(entry))
                    .isEqualTo(sample.getAmount1().unscaledValue().longValueExact());
            assertThat(SdoExtractor.of(TradeSdo.class, "getSettlementDate", java.time.LocalDate.class)
                    .extractFromEntry(entry)).isEqualTo(sample.getSettlementDate());
        }
    }

    @Test
    void readsTheFirstAndTheLastOfManyFieldsInPlace() {
        BinaryEntry<Long, Object> entry = storedEntry(
                ExternalizableHelper.toBinary(WideSdo.of(WidePofSerializer.wide(12)), serializer), serializer);

        for (int position : new int[] {1, 2, 64, 127, 128}) {
            assertThat(SdoExtractor.of(WideSdo.class, WidePofSerializer.getterName(position), Integer.class)
                    .extractFromEntry(entry)).isEqualTo(WidePofSerializer.value(12, position));
        }
    }

    @Test
    void readsAValueObjectBeanOrSdoThroughTheRecordInterface() {
        TradeBean sample = samples.get(0);
        SdoExtractor<Object, String> currency2 = SdoExtractor.of(TradeSdo.class, "getCurrency2", String.class);

        assertThat(currency2.extract(sample)).isEqualTo(sample.getCurrency2());
        assertThat(currency2.extract(TradeSdo.of(sample))).isEqualTo(sample.getCurrency2());
        assertThat(currency2.extract(null)).isNull();
        assertThatThrownBy(() -> currency2.extract("EUR"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SdoExtractor(com.example.trade.TradeSdo.getCurrency2()) cannot read a java.lang.String:"
                        + " it is not a com.example.trade.Trade");
    }

    @Test
    void aValueThatIsNotThisRecordIsDeserialisedAndReadAsAnObject() {
        TradeBean sample = samples.get(1);
        SdoSerializer tradesOnly = new SdoSerializer(TradeSdo.class);
        BinaryEntry<Long, Object> beanEntry = storedEntry(ExternalizableHelper.toBinary(sample, tradesOnly), tradesOnly,
                sample);

        assertThat(SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class).extractFromEntry(beanEntry))
                .isEqualTo(sample.getCurrency1());
    }

    @Test
    void travelsAsItsClassAndGetterAndIsEqualToExtractorsOfTheSameProperty() {
        SdoExtractor<Object, String> currency1 = SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class);

        Object back = ExternalizableHelper.fromBinary(ExternalizableHelper.toBinary(currency1, serializer), serializer);

        assertThat(back).isInstanceOf(SdoExtractor.class).isEqualTo(currency1).hasSameHashCodeAs(currency1);
        assertThat(((SdoExtractor<?, ?>) back).getCanonicalName()).isEqualTo("currency1");
        assertThat(currency1).isEqualTo(new com.tangosol.util.extractor.UniversalExtractor<>("currency1"));
        assertThat(currency1).isNotEqualTo(SdoExtractor.of(TradeSdo.class, "getCurrency2", String.class));
    }

    @Test
    void aWrongGetterOrTypeIsReportedAtOnce() {
        assertThatThrownBy(() -> SdoExtractor.of(TradeSdo.class, "getCurrency3", String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("com.example.trade.TradeSdo has no public getter getCurrency3()");
        assertThatThrownBy(() -> SdoExtractor.of(TradeSdo.class, "getAmount1", Long.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TradeSdo.getAmount1() returns java.math.BigDecimal, not java.lang.Long");
        assertThatThrownBy(() -> SdoExtractor.of(TradeBean.class, "getAmount1", BigDecimal.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("com.example.trade.TradeBean is not a generated SDO class");
    }

    private static BinaryEntry<Long, Object> storedEntry(Binary value, Serializer serializer) {
        return storedEntry(value, serializer, null);
    }

    /**
     * A storage-side entry that offers only its binary value and serializer; asking for the deserialised value
     * fails unless {@code deserialised} is given, which proves that an extraction did not deserialise.
     */
    @SuppressWarnings("unchecked")
    private static BinaryEntry<Long, Object> storedEntry(Binary value, Serializer serializer, Object deserialised) {
        return (BinaryEntry<Long, Object>) Proxy.newProxyInstance(SdoExtractorTest.class.getClassLoader(),
                new Class<?>[] {BinaryEntry.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getBinaryValue" -> value;
                    case "getSerializer" -> serializer;
                    case "getValue" -> {
                        if (deserialised == null) {
                            throw new AssertionError("the value was deserialised");
                        }
                        yield deserialised;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
