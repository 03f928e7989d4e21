package dev.sdo.benchmarks.peers;

import dev.sdo.benchmarks.trade.TradeBean;

/**
 * Plain beans, the baseline with no bytes at all: "encoding" and "decoding" are building a fresh bean from
 * another (what holding an own copy costs), and its size is the bean's deep size on the heap.
 */
final class BeanCopyCodec implements TradeCodec {
    private TradeBean held;

    @Override
    public String name() {
        return "bean";
    }

    @Override
    public int encode(TradeBean trade) {
        held = copy(trade);
        return -1;
    }

    @Override
    public Object decode() {
        return copy(held);
    }

    @Override
    public long decodeAndReadAll() {
        return readAll((TradeBean) decode());
    }

    /** Reads every field of a bean the way the other codecs read theirs: as numbers where it can. */
    static long readAll(TradeBean trade) {
        return trade.getId() + trade.getTradeDate().toEpochDay() + trade.getBuySell().ordinal()
                + trade.getCurrency1().charAt(0) + Decimals.unscaled(trade.getAmount1())
                + Decimals.unscaled(trade.getExchangeRate()) + trade.getCurrency2().charAt(0)
                + Decimals.unscaled(trade.getAmount2()) + trade.getSettlementDate().toEpochDay();
    }

    private static TradeBean copy(TradeBean source) {
        TradeBean copy = new TradeBean();
        copy.setId(source.getId());
        copy.setTradeDate(source.getTradeDate());
        copy.setBuySell(source.getBuySell());
        copy.setCurrency1(source.getCurrency1());
        copy.setAmount1(source.getAmount1());
        copy.setExchangeRate(source.getExchangeRate());
        copy.setCurrency2(source.getCurrency2());
        copy.setAmount2(source.getAmount2());
        copy.setSettlementDate(source.getSettlementDate());
        return copy;
    }
}
