package dev.sdo.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sdo.benchmarks.peers.TradeCodec;
import dev.sdo.benchmarks.peers.TradeCodecs;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.batch.RecordStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;

/**
 * Measures sizes, which need no timing: a trade's deep size on the heap as a bean and as an SDO (JOL), its Java
 * serialised size, and the bytes each peer encodes it into, averaged over the same seeded trades. Writes them as
 * JSON for {@link ReportWriter}.
 * <p>
 * Usage: {@code java -cp benchmarks.jar dev.sdo.benchmarks.SizeReport results/sizes.json}
 */
public final class SizeReport {
    private static final int SAMPLES = 10_000;
    private static final int LIST_SAMPLES = 100_000;

    private SizeReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: SizeReport OUTPUT.json");
            System.exit(2);
        }
        Map<String, Object> sizes = measure();
        Path output = Path.of(args[0]);
        Files.createDirectories(output.toAbsolutePath().getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(output.toFile(), sizes);
        System.out.println("sizes written to " + output);
    }

    static Map<String, Object> measure() throws IOException {
        List<TradeBean> trades = samples(SAMPLES);
        Map<String, Object> sizes = new LinkedHashMap<>();
        sizes.put("samples", SAMPLES);
        sizes.put("beanDeepBytes", average(trades, trade -> GraphLayout.parseInstance(trade).totalSize()));
        List<TradeBean> list = new ArrayList<>(samples(LIST_SAMPLES));
        sizes.put("beanInListBytesPerTrade", (double) GraphLayout.parseInstance(list).totalSize() / LIST_SAMPLES);
        sizes.put("sdoBytes", TradeSdo.BYTES);
        sizes.put("sdoObjectDeepBytes", average(trades,
                trade -> GraphLayout.parseInstance(TradeSdo.of(trade)).totalSize()));
        RecordStore batch = RecordStore.heap(TradeSdo.BYTES);
        for (TradeBean trade : samples(LIST_SAMPLES)) {
            long index = batch.appendBlank();
            TradeSdo.encode(trade, batch.chunkOf(index), batch.offsetOf(index), 0);
        }
        batch.trimToSize();
        sizes.put("batchBytesPerTrade", (double) GraphLayout.parseInstance(batch).totalSize() / LIST_SAMPLES);
        sizes.put("javaSerialisedBeanBytes", average(trades, SizeReport::javaSerialisedSize));
        sizes.put("javaSerialisedSdoBytes", average(trades, trade -> javaSerialisedSize(TradeSdo.of(trade))));
        Map<String, Double> encoded = new LinkedHashMap<>();
        for (String name : TradeCodecs.available()) {
            if (name.equals("bean")) {
                continue;
            }
            TradeCodec codec = TradeCodecs.create(name);
            encoded.put(name, average(trades, codec::encode));
        }
        encoded.put("bean", (Double) sizes.get("beanDeepBytes"));
        sizes.put("encodedBytes", encoded);
        return sizes;
    }

    private interface Size {
        long of(TradeBean trade) throws IOException;
    }

    private static double average(List<TradeBean> trades, Size size) throws IOException {
        long total = 0;
        for (TradeBean trade : trades) {
            total += size.of(trade);
        }
        return (double) total / trades.size();
    }

    private static long javaSerialisedSize(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.size();
    }

    private static List<TradeBean> samples(int count) {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        List<TradeBean> trades = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            trades.add(samples.next());
        }
        return trades;
    }
}
