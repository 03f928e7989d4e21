package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import java.util.List;
import org.junit.jupiter.api.Test;

class TradeGeneratorTest {
    private final List<TradeBean> samples = SampleTrades.load();
    private final TradeGenerator generator = new TradeGenerator(samples);

    @Test
    void isDeterministic() {
        assertThat(new TradeGenerator(samples).trade(123_457)).isEqualTo(generator.trade(123_457));
    }

    @Test
    void theFirstTenAreTheSamplesWithSmallChanges() {
        TradeBean first = generator.trade(0);

        assertThat(first).isEqualTo(samples.get(0));
        assertThat(generator.trade(10).getId()).isEqualTo(11L);
        assertThat(generator.trade(10).getCurrency1()).isEqualTo(samples.get(0).getCurrency1());
        assertThat(generator.trade(10).getTradeDate()).isEqualTo(samples.get(0).getTradeDate().plusDays(1));
    }

    @Test
    void everyGeneratedTradeFitsTheSchema() {
        // Across a full cycle of date offsets and amount changes, each trade encodes and reads back equal.
        for (int i = 0; i < 40_000; i += 7) {
            TradeBean trade = generator.trade(i);
            assertThat(TradeSdo.of(trade).toBean()).isEqualTo(trade);
        }
    }

    @Test
    void beansDoNotShareValueObjects() {
        TradeBean a = generator.trade(0);
        TradeBean b = generator.trade(10);

        assertThat(a.getCurrency1()).isNotSameAs(b.getCurrency1()).isNotSameAs(samples.get(0).getCurrency1());
        assertThat(a.getTradeDate()).isNotSameAs(samples.get(0).getTradeDate());
    }
}
