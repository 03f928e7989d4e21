package dev.sdo.benchmarks.peers;

import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.nio.ByteBuffer;

/** The SDO: encoding writes the bit-fields, decoding is a wrap, reading uses the primitive accessors. */
final class SdoCodec implements TradeCodec {
    private final ByteBuffer buffer = ByteBuffer.allocate(TradeSdo.BYTES + Long.BYTES);

    @Override
    public String name() {
        return "sdo";
    }

    @Override
    public int encode(TradeBean trade) {
        TradeSdo.encode(trade, buffer, 0);
        return TradeSdo.BYTES;
    }

    @Override
    public Object decode() {
        return TradeSdo.wrap(buffer, 0);
    }

    @Override
    public long decodeAndReadAll() {
        TradeSdo trade = TradeSdo.wrap(buffer, 0);
        return trade.getId() + trade.getTradeDateEpochDay() + trade.getBuySell().ordinal()
                + trade.getCurrency1().charAt(0) + trade.getAmount1Unscaled() + trade.getExchangeRateUnscaled()
                + trade.getCurrency2().charAt(0) + trade.getAmount2Unscaled() + trade.getSettlementDateEpochDay();
    }
}
