package dev.sdo.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.management.GarbageCollectionNotificationInfo;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import dev.sdo.runtime.batch.RecordStore;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Builds N trades as beans in a list or as a batch, in a JVM of its own (run it once per case with the same
 * {@code -Xmx}), and reports the heap they keep after a full collection, the time it took, and every GC pause on
 * the way. Appends one JSON object per run to the output file's list.
 * <p>
 * Usage: {@code java -Xmx6g -cp benchmarks.jar dev.sdo.benchmarks.HeapReport beans|batch COUNT results/heap.json}
 */
public final class HeapReport {
    private HeapReport() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 3 || !(args[0].equals("beans") || args[0].equals("batch"))) {
            System.err.println("usage: HeapReport beans|batch COUNT OUTPUT.json");
            System.exit(2);
        }
        String kind = args[0];
        int count = Integer.parseInt(args[1]);
        List<Long> pauses = new ArrayList<>();
        listenForPauses(pauses);
        long usedBefore = usedHeapAfterGc();
        // GC notifications arrive asynchronously: let those of the collections above arrive, then forget them.
        Thread.sleep(200);
        synchronized (pauses) {
            pauses.clear();
        }
        long start = System.nanoTime();
        Object built = kind.equals("beans") ? beans(count) : batch(count);
        long buildNanos = System.nanoTime() - start;
        List<Long> buildPauses;
        synchronized (pauses) {
            buildPauses = List.copyOf(pauses);
        }
        long usedAfter = usedHeapAfterGc();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("kind", kind);
        result.put("trades", count);
        result.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        result.put("retainedHeapBytes", usedAfter - usedBefore);
        result.put("bytesPerTrade", (double) (usedAfter - usedBefore) / count);
        result.put("buildMillis", buildNanos / 1_000_000.0);
        result.put("gcPauses", buildPauses.size());
        result.put("gcPauseTotalMillis", buildPauses.stream().mapToLong(Long::longValue).sum());
        result.put("gcPauseMaxMillis", buildPauses.stream().mapToLong(Long::longValue).max().orElse(0));
        // Keeps what was built reachable until it has been measured.
        result.put("checksum", built.hashCode() == 0 ? 0 : 1);
        append(Path.of(args[2]), result);
        System.out.println(result);
    }

    private static List<TradeBean> beans(int count) {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        List<TradeBean> beans = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            beans.add(samples.next());
        }
        return beans;
    }

    private static RecordStore batch(int count) {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        RecordStore batch = RecordStore.heap(TradeSdo.BYTES);
        for (int i = 0; i < count; i++) {
            long index = batch.appendBlank();
            TradeSdo.encode(samples.next(), batch.chunkOf(index), batch.offsetOf(index), 0);
        }
        return batch;
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** Records the duration of every collection the JVM reports, in milliseconds. */
    private static void listenForPauses(List<Long> pauses) {
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) collector).addNotificationListener((notification, handback) -> {
                if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo
                            .from((CompositeData) notification.getUserData());
                    // Concurrent cycles are not pauses; G1's "Pause" collectors and "end of minor/major GC" are.
                    if (!info.getGcName().contains("Concurrent") && !info.getGcName().contains("Cycles")) {
                        synchronized (pauses) {
                            pauses.add(info.getGcInfo().getDuration());
                        }
                    }
                }
            }, null, null);
        }
    }

    @SuppressWarnings("unchecked")
    private static void append(Path output, Map<String, Object> result) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        List<Object> results = Files.exists(output) ? json.readValue(output.toFile(), List.class) : new ArrayList<>();
        results.add(result);
        Files.createDirectories(output.toAbsolutePath().getParent());
        json.writeValue(output.toFile(), results);
    }
}
