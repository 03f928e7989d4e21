package dev.sdo.benchmarks.peers;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.sdo.benchmarks.peers.fbs.Side;
import dev.sdo.benchmarks.peers.fbs.Trade;
import dev.sdo.benchmarks.trade.TradeBean;
import java.nio.ByteBuffer;

/**
 * FlatBuffers: a reused builder and a reused table accessor. Compiled only by the {@code flatbuffers} profile
 * (when {@code /usr/bin/flatc} exists) and found by {@link TradeCodecs} by name.
 */
public final class FlatBuffersCodec implements TradeCodec {
    private final FlatBufferBuilder builder = new FlatBufferBuilder(256);
    private final Trade table = new Trade();
    private ByteBuffer encoded;

    @Override
    public String name() {
        return "flatbuffers";
    }

    @Override
    public int encode(TradeBean trade) {
        builder.clear();
        int currency1 = builder.createString(trade.getCurrency1());
        int currency2 = builder.createString(trade.getCurrency2());
        int root = Trade.createTrade(builder, trade.getId(), (int) trade.getTradeDate().toEpochDay(),
                trade.getBuySell() == dev.sdo.benchmarks.trade.Side.Buy ? Side.Buy : Side.Sell, currency1,
                Decimals.unscaled(trade.getAmount1()), Decimals.unscaled(trade.getExchangeRate()),
                currency2, Decimals.unscaled(trade.getAmount2()), (int) trade.getSettlementDate().toEpochDay());
        builder.finish(root);
        encoded = builder.dataBuffer();
        return encoded.remaining();
    }

    @Override
    public Object decode() {
        return Trade.getRootAsTrade(encoded, table);
    }

    @Override
    public long decodeAndReadAll() {
        Trade trade = Trade.getRootAsTrade(encoded, table);
        return trade.id() + trade.tradeDate() + trade.buySell() + trade.currency1().charAt(0) + trade.amount1()
                + trade.exchangeRate() + trade.currency2().charAt(0) + trade.amount2() + trade.settlementDate();
    }
}
