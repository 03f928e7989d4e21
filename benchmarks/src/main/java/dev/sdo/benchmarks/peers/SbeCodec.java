package dev.sdo.benchmarks.peers;

import dev.sdo.benchmarks.peers.sbe.MessageHeaderDecoder;
import dev.sdo.benchmarks.peers.sbe.MessageHeaderEncoder;
import dev.sdo.benchmarks.peers.sbe.Side;
import dev.sdo.benchmarks.peers.sbe.TradeDecoder;
import dev.sdo.benchmarks.peers.sbe.TradeEncoder;
import dev.sdo.benchmarks.trade.TradeBean;
import org.agrona.concurrent.UnsafeBuffer;

/** Simple Binary Encoding: reused flyweight encoder and decoder over one buffer, message header included. */
final class SbeCodec implements TradeCodec {
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[128]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final TradeEncoder encoder = new TradeEncoder();
    private final TradeDecoder decoder = new TradeDecoder();

    @Override
    public String name() {
        return "sbe";
    }

    @Override
    public int encode(TradeBean trade) {
        encoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .id(trade.getId())
                .tradeDate((int) trade.getTradeDate().toEpochDay())
                .buySell(trade.getBuySell() == dev.sdo.benchmarks.trade.Side.Buy ? Side.Buy : Side.Sell)
                .currency1(trade.getCurrency1())
                .amount1(Decimals.unscaled(trade.getAmount1()))
                .exchangeRate(Decimals.unscaled(trade.getExchangeRate()))
                .currency2(trade.getCurrency2())
                .amount2(Decimals.unscaled(trade.getAmount2()))
                .settlementDate((int) trade.getSettlementDate().toEpochDay());
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    @Override
    public Object decode() {
        headerDecoder.wrap(buffer, 0);
        return decoder.wrap(buffer, MessageHeaderDecoder.ENCODED_LENGTH, headerDecoder.blockLength(),
                headerDecoder.version());
    }

    @Override
    public long decodeAndReadAll() {
        TradeDecoder trade = (TradeDecoder) decode();
        return trade.id() + trade.tradeDate() + trade.buySellRaw() + trade.currency1().charAt(0) + trade.amount1()
                + trade.exchangeRate() + trade.currency2().charAt(0) + trade.amount2() + trade.settlementDate();
    }
}
