package dev.sdo.benchmarks.peers;

import dev.sdo.benchmarks.trade.TradeBean;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/** Java serialisation of the bean, one stream per record as the talk measured it. */
final class JavaSerialisationCodec implements TradeCodec {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);

    @Override
    public String name() {
        return "java";
    }

    @Override
    public int encode(TradeBean trade) {
        bytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(trade);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }

    @Override
    public Object decode() {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public long decodeAndReadAll() {
        return BeanCopyCodec.readAll((TradeBean) decode());
    }
}
