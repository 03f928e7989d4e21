package dev.sdo.compiler.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.testing.FrontEnd;
import org.junit.jupiter.api.Test;

/**
 * The two example schemas of spec section 1, compiled by the real front end and laid out. Every expected offset
 * and width is worked out by hand from the spec's width table (section 2), not taken from the code.
 */
class SpecExampleLayoutTest {

    @Test
    void tradeIs209BitsIn27Bytes() {
        Schema schema = FrontEnd.valid(FrontEnd.resource("schemas/trade.sdo"));
        RecordLayout trade = RecordLayout.of(schema.records().get(0), schema);

        assertThat(trade.fields())
                .extracting(f -> f.field().name(), FieldLayout::offset, FieldLayout::width)
                .containsExactly(
                        tuple("id", 0L, 32L),              // uint32
                        tuple("tradeDate", 32L, 16L),      // 36,524 days: 2^15 < 36,525 <= 2^16
                        tuple("buySell", 48L, 1L),         // 2 constants
                        tuple("currency1", 49L, 15L),      // 3 * ceil(log2(27))
                        tuple("amount1", 64L, 40L),        // ceil(log2(10^12))
                        tuple("exchangeRate", 104L, 34L),  // ceil(log2(10^10))
                        tuple("currency2", 138L, 15L),
                        tuple("amount2", 153L, 40L),
                        tuple("settlementDate", 193L, 16L));
        assertThat(trade.totalBits()).isEqualTo(209);
        assertThat(trade.bytes()).isEqualTo(27);
    }

    @Test
    void resetFrequencyIsOneByte() {
        Schema schema = FrontEnd.valid(FrontEnd.resource("schemas/reset-frequency.sdo"));
        RecordLayout resetFrequency = RecordLayout.of(schema.records().get(0), schema);

        assertThat(resetFrequency.fields())
                .extracting(f -> f.field().name(), FieldLayout::offset, FieldLayout::width)
                .containsExactly(tuple("periodMultiplier", 0L, 5L), tuple("period", 5L, 3L));
        assertThat(resetFrequency.totalBits()).isEqualTo(8);
        assertThat(resetFrequency.bytes()).isEqualTo(1);
    }
}
