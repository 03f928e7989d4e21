package dev.sdo.benchmarks.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.benchmarks.TradeSamples;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TradeCodecsTest {
    static Iterable<String> codecs() {
        return TradeCodecs.available();
    }

    /** Every codec must read back what it wrote, or its timings would measure the wrong work. */
    @ParameterizedTest
    @MethodSource("codecs")
    void readsBackEveryFieldOfWhatItEncoded(String name) {
        TradeCodec codec = TradeCodecs.create(name);
        TradeSamples samples = new TradeSamples(42);
        for (int i = 0; i < 500; i++) {
            TradeBean trade = samples.next();
            codec.encode(trade);
            long expected = trade.getId() + trade.getTradeDate().toEpochDay() + trade.getBuySell().ordinal()
                    + trade.getCurrency1().charAt(0) + trade.getAmount1().movePointRight(2).longValueExact()
                    + trade.getExchangeRate().movePointRight(6).longValueExact() + trade.getCurrency2().charAt(0)
                    + trade.getAmount2().movePointRight(2).longValueExact() + trade.getSettlementDate().toEpochDay();
            assertThat(codec.decodeAndReadAll()).as("%s, trade %d", name, i).isEqualTo(expected);
        }
    }

    @Test
    void beanCodecsDecodeEqualBeans() {
        TradeBean trade = new TradeSamples(7).next();
        for (String name : new String[] {"kryo", "java", "bean"}) {
            TradeCodec codec = TradeCodecs.create(name);
            codec.encode(trade);
            assertThat(codec.decode()).as(name).isEqualTo(trade).isNotSameAs(trade);
        }
    }

    @Test
    void theSdoEncodesIntoItsFixedSize() {
        assertThat(TradeCodecs.create("sdo").encode(new TradeSamples(1).next())).isEqualTo(TradeSdo.BYTES);
    }

    @Test
    void anUnknownCodecIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> TradeCodecs.create("avro"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown codec 'avro'")
                .hasMessageContaining("sdo, sbe");
    }
}
