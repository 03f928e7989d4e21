package com.example.trade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TradeSdoTest {

    @Test
    void aBeanEncodesIntoAnSdoThatReadsBackTheSameValues() {
        TradeBean bean = new TradeBean();
        bean.setId(4_000_000_000L);
        bean.setSide(Side.Sell);
        bean.setQuantity(250_000);

        TradeSdo sdo = TradeSdo.of(bean);

        assertEquals(4_000_000_000L, sdo.getId());
        assertEquals(Side.Sell, sdo.getSide());
        assertEquals(250_000, sdo.getQuantity());
        assertEquals(bean, sdo.toBean());
        assertEquals(TradeSdo.BYTES, sdo.toByteArray().length);
    }

    @Test
    void aValueOutsideItsRangeIsRejected() {
        TradeBean bean = new TradeBean();
        bean.setId(1);
        bean.setSide(Side.Buy);
        bean.setQuantity(0);

        assertThrows(IllegalArgumentException.class, () -> TradeSdo.of(bean));
    }
}
