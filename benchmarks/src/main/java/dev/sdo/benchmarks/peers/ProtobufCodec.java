package dev.sdo.benchmarks.peers;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.sdo.benchmarks.peers.proto.TradeProtos;
import dev.sdo.benchmarks.trade.TradeBean;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Protocol Buffers: build a message, write it into a reused array, parse it back. */
final class ProtobufCodec implements TradeCodec {
    private final byte[] bytes = new byte[256];
    private int length;

    @Override
    public String name() {
        return "protobuf";
    }

    @Override
    public int encode(TradeBean trade) {
        TradeProtos.Trade message = TradeProtos.Trade.newBuilder()
                .setId((int) trade.getId())
                .setTradeDate((int) trade.getTradeDate().toEpochDay())
                .setBuySell(trade.getBuySell() == dev.sdo.benchmarks.trade.Side.Buy
                        ? TradeProtos.Side.BUY : TradeProtos.Side.SELL)
                .setCurrency1(trade.getCurrency1())
                .setAmount1(Decimals.unscaled(trade.getAmount1()))
                .setExchangeRate(Decimals.unscaled(trade.getExchangeRate()))
                .setCurrency2(trade.getCurrency2())
                .setAmount2(Decimals.unscaled(trade.getAmount2()))
                .setSettlementDate((int) trade.getSettlementDate().toEpochDay())
                .build();
        try {
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            message.writeTo(out);
            length = out.getTotalBytesWritten();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return length;
    }

    @Override
    public Object decode() {
        try {
            return TradeProtos.Trade.parser().parseFrom(bytes, 0, length);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public long decodeAndReadAll() {
        TradeProtos.Trade trade = (TradeProtos.Trade) decode();
        return Integer.toUnsignedLong(trade.getId()) + trade.getTradeDate() + trade.getBuySellValue()
                + trade.getCurrency1().charAt(0) + trade.getAmount1() + trade.getExchangeRate()
                + trade.getCurrency2().charAt(0) + trade.getAmount2() + trade.getSettlementDate();
    }
}
