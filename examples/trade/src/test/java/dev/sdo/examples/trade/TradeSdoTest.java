package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.trade.Side;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sample trades through the SDO generated from trade.sdo by the Maven plugin. */
class TradeSdoTest {
    private final List<TradeBean> trades = SampleTrades.load();

    @Test
    void theSampleHasItsTenTrades() {
        assertThat(trades).hasSize(10);
        TradeBean third = trades.get(2);
        assertThat(third.getId()).isEqualTo(3L);
        assertThat(third.getTradeDate()).isEqualTo(LocalDate.of(2014, 7, 22));
        assertThat(third.getBuySell()).isEqualTo(Side.Buy);
        assertThat(third.getCurrency1()).isEqualTo("GBP");
        assertThat(third.getAmount1()).isEqualTo(new BigDecimal("7000000.00"));
        assertThat(third.getExchangeRate()).isEqualTo(new BigDecimal("172.990000"));
        assertThat(third.getCurrency2()).isEqualTo("JPY");
        assertThat(third.getAmount2()).isEqualTo(new BigDecimal("1210930000.00"));
        assertThat(third.getSettlementDate()).isEqualTo(LocalDate.of(2014, 8, 5));
    }

    @Test
    void everyGetterOfTheSdoEqualsTheBean() {
        for (TradeBean bean : trades) {
            TradeSdo sdo = TradeSdo.of(bean);

            assertThat(sdo.getId()).isEqualTo(bean.getId());
            assertThat(sdo.getTradeDate()).isEqualTo(bean.getTradeDate());
            assertThat(sdo.getBuySell()).isEqualTo(bean.getBuySell());
            assertThat(sdo.getCurrency1()).isEqualTo(bean.getCurrency1());
            assertThat(sdo.getAmount1()).isEqualTo(bean.getAmount1());
            assertThat(sdo.getExchangeRate()).isEqualTo(bean.getExchangeRate());
            assertThat(sdo.getCurrency2()).isEqualTo(bean.getCurrency2());
            assertThat(sdo.getAmount2()).isEqualTo(bean.getAmount2());
            assertThat(sdo.getSettlementDate()).isEqualTo(bean.getSettlementDate());
            assertThat(sdo.toBean()).isEqualTo(bean);
        }
    }

    @Test
    void aTradeIs27Bytes() {
        assertThat(TradeSdo.BYTES).isEqualTo(27);
        for (TradeBean bean : trades) {
            assertThat(TradeSdo.of(bean).toByteArray()).hasSize(27);
        }
    }

    @Test
    void theFirstTradesCurrency1IsEurAtBit49() {
        byte[] record = TradeSdo.of(trades.get(0)).toByteArray();

        // Schema-language spec: "EUR" in char(3, "A-Z") is 0x4AA5; currency1 starts after 32 + 16 + 1 bits.
        assertThat(bits(record, 49, 15)).isEqualTo(0x4AA5);
    }

    @Test
    void tenTradesBackToBackFill270BytesAndReadBackInPlace() {
        ByteBuffer buffer = ByteBuffer.allocate(10 * TradeSdo.BYTES);
        for (int i = 0; i < trades.size(); i++) {
            TradeSdo.of(trades.get(i)).writeTo(buffer, i * TradeSdo.BYTES);
        }

        assertThat(buffer.capacity()).isEqualTo(270);
        for (int i = 0; i < trades.size(); i++) {
            TradeSdo read = TradeSdo.wrap(buffer, i * TradeSdo.BYTES);
            assertThat(read.toBean()).isEqualTo(trades.get(i));
            assertThat(read.getCurrency2()).isEqualTo(trades.get(i).getCurrency2());
        }
        assertThat(buffer.position()).isZero();
    }

    /** The value of {@code width} bits from bit {@code offset}, bit 0 being the first byte's least significant. */
    private static long bits(byte[] bytes, int offset, int width) {
        long value = 0;
        for (int i = 0; i < width; i++) {
            int bit = offset + i;
            value |= (long) ((bytes[bit >> 3] >> (bit & 7)) & 1) << i;
        }
        return value;
    }
}
