package dev.sdo.coherence.example;

import com.example.trade.Side;
import com.example.trade.TradeBean;
import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import java.io.IOException;

/**
 * The classic way to put a Trade into Coherence, written by hand as POF users do: one POF property per field, in
 * declaration order, so that {@link com.tangosol.util.extractor.PofExtractor} can find each by its index. The
 * baseline the SDOs are compared with.
 */
public final class TradePofSerializer implements PofSerializer<TradeBean> {
    public static final int ID = 0;
    public static final int TRADE_DATE = 1;
    public static final int BUY_SELL = 2;
    public static final int CURRENCY1 = 3;
    public static final int AMOUNT1 = 4;
    public static final int EXCHANGE_RATE = 5;
    public static final int CURRENCY2 = 6;
    public static final int AMOUNT2 = 7;
    public static final int SETTLEMENT_DATE = 8;

    @Override
    public void serialize(PofWriter out, TradeBean trade) throws IOException {
        out.writeLong(ID, trade.getId());
        out.writeDate(TRADE_DATE, trade.getTradeDate());
        out.writeInt(BUY_SELL, trade.getBuySell().ordinal());
        out.writeString(CURRENCY1, trade.getCurrency1());
        out.writeBigDecimal(AMOUNT1, trade.getAmount1());
        out.writeBigDecimal(EXCHANGE_RATE, trade.getExchangeRate());
        out.writeString(CURRENCY2, trade.getCurrency2());
        out.writeBigDecimal(AMOUNT2, trade.getAmount2());
        out.writeDate(SETTLEMENT_DATE, trade.getSettlementDate());
        out.writeRemainder(null);
    }

    @Override
    public TradeBean deserialize(PofReader in) throws IOException {
        TradeBean trade = new TradeBean();
        trade.setId(in.readLong(ID));
        trade.setTradeDate(in.readLocalDate(TRADE_DATE));
        trade.setBuySell(Side.values()[in.readInt(BUY_SELL)]);
        trade.setCurrency1(in.readString(CURRENCY1));
        trade.setAmount1(in.readBigDecimal(AMOUNT1));
        trade.setExchangeRate(in.readBigDecimal(EXCHANGE_RATE));
        trade.setCurrency2(in.readString(CURRENCY2));
        trade.setAmount2(in.readBigDecimal(AMOUNT2));
        trade.setSettlementDate(in.readLocalDate(SETTLEMENT_DATE));
        in.readRemainder();
        return trade;
    }
}
