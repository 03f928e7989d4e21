package dev.sdo.benchmarks.peers;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.TradeBean;
import java.math.BigDecimal;
import java.time.LocalDate;

/** Kryo 5 with registered classes (no class names in the stream), reading and writing the bean. */
final class KryoCodec implements TradeCodec {
    private final Kryo kryo = new Kryo();
    private final Output output = new Output(256);
    private final Input input = new Input();

    KryoCodec() {
        kryo.register(TradeBean.class);
        kryo.register(Side.class);
        kryo.register(BigDecimal.class);
        kryo.register(LocalDate.class);
    }

    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public int encode(TradeBean trade) {
        output.reset();
        kryo.writeObject(output, trade);
        return output.position();
    }

    @Override
    public Object decode() {
        input.setBuffer(output.getBuffer(), 0, output.position());
        return kryo.readObject(input, TradeBean.class);
    }

    @Override
    public long decodeAndReadAll() {
        return BeanCopyCodec.readAll((TradeBean) decode());
    }
}
