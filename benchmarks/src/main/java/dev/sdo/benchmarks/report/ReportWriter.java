package dev.sdo.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sdo.benchmarks.report.JmhResults.Result;
import dev.sdo.benchmarks.report.SvgCharts.Series;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a run's results into the README's tables and the SVG charts beside them. Reads every {@code jmh*.json}
 * (JMH's {@code -rf json}), {@code sizes.json} ({@code SizeReport}), {@code heap.json} ({@code HeapReport}) and, if
 * present, {@code noop-build.json} from the results directory; writes the charts there and replaces the text
 * between the README's result markers. Nothing else in the README is touched.
 * <p>
 * Usage: {@code java -cp benchmarks.jar dev.sdo.benchmarks.report.ReportWriter results README.md}
 */
public final class ReportWriter {
    static final String START = "<!-- results:start (written by ReportWriter: do not edit by hand) -->";
    static final String END = "<!-- results:end -->";

    private final JmhResults jmh;
    private final JsonNode sizes;
    private final JsonNode heap;
    private final Optional<JsonNode> noopBuild;
    private final Optional<JsonNode> run;
    private final Path resultsDirectory;
    /** The results directory as the README links to it. */
    private final String link;

    private ReportWriter(Path resultsDirectory, Path readme) throws IOException {
        this.resultsDirectory = resultsDirectory;
        Path readmeDirectory = readme.toAbsolutePath().getParent();
        link = readmeDirectory.relativize(resultsDirectory.toAbsolutePath()).toString().replace('\\', '/');
        ObjectMapper json = new ObjectMapper();
        jmh = JmhResults.readAll(resultsDirectory);
        sizes = json.readTree(resultsDirectory.resolve("sizes.json").toFile());
        heap = json.readTree(resultsDirectory.resolve("heap.json").toFile());
        Path noop = resultsDirectory.resolve("noop-build.json");
        noopBuild = Files.exists(noop) ? Optional.of(json.readTree(noop.toFile())) : Optional.empty();
        Path runFile = resultsDirectory.resolve("run.json");
        run = Files.exists(runFile) ? Optional.of(json.readTree(runFile.toFile())) : Optional.empty();
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ReportWriter RESULTS_DIRECTORY README.md");
            System.exit(2);
        }
        Path readme = Path.of(args[1]);
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int start = text.indexOf(START);
        int end = text.indexOf(END);
        if (start < 0 || end < start) {
            System.err.println(readme + ": has no result markers; add the lines\n" + START + "\n" + END);
            System.exit(1);
        }
        String report = new ReportWriter(Path.of(args[0]), readme).write();
        Files.writeString(readme, text.substring(0, start + START.length()) + "\n" + report + text.substring(end),
                StandardCharsets.UTF_8);
        System.out.println("results written into " + readme);
    }

    private String write() throws IOException {
        StringBuilder md = new StringBuilder();
        run.ifPresent(r -> md.append("\nFrom `run.sh ").append(r.get("mode").asText()).append("`, which took ")
                .append(r.get("seconds").asLong() / 60).append(" min ").append(r.get("seconds").asLong() % 60)
                .append(" s on ").append(r.get("cpus").asInt()).append(" CPUs; raw data in `").append(link)
                .append("/`.\n"));
        talkTable(md);
        getters(md);
        scan(md);
        fieldPosition(md);
        peers(md);
        memory(md);
        compiler(md);
        return md.toString();
    }

    private void talkTable(StringBuilder md) throws IOException {
        md.append("\n### The founding talk's table, for Trade\n\n")
                .append("| row | talk: classic | talk: binary | talk: gain | bean (here) | SDO (here) | gain (here) |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|\n");
        double beanBytes = sizes.get("beanDeepBytes").asDouble();
        double javaBean = sizes.get("javaSerialisedBeanBytes").asDouble();
        double javaSdo = sizes.get("javaSerialisedSdoBytes").asDouble();
        double sdoBytes = sizes.get("sdoBytes").asDouble();
        talkRow(md, "Bytes used (JOL deep size / `BYTES`)", "328", "39", "8.4x", beanBytes, sdoBytes, "B");
        talkRow(md, "Serialisation size (Java serialisation)", "668", "85", "7.9x", javaBean, javaSdo, "B");
        talkRow(md, "Custom serialisation size (SDO: its bytes)", "668", "40", "16.7x", javaBean, sdoBytes, "B");
        double single = score("SerializationBenchmark.beanJavaSerialisation");
        double singleSdo = score("SerializationBenchmark.sdoBytes");
        talkRow(md, "Time to serialise + deserialise one", "41.1 us", "4.17 us", "10x", single, singleSdo, "ns");
        double batched = score("BatchedSerializationBenchmark.beansJavaSerialisation");
        double batchedSdo = score("BatchedSerializationBenchmark.sdoBatchBytes");
        talkRow(md, "Batched serialise + deserialise, per record", "12.3 us", "44 ns", "280x", batched,
                batchedSdo, "ns");
        md.append("\nA trade in a list of beans takes ").append(one(sizes.get("beanInListBytesPerTrade").asDouble()))
                .append(" B of heap (shared strings and enum constants counted once); in a batch (`RecordStore`) ")
                .append(one(sizes.get("batchBytesPerTrade").asDouble())).append(" B; a lone `TradeSdo` object with ")
                .append("its own buffer ").append(one(sizes.get("sdoObjectDeepBytes").asDouble()))
                .append(" B. Java serialisation of one SDO via its serial form: ").append(one(javaSdo))
                .append(" B.\n");
        List<String> rows = List.of("bytes used", "Java serialised", "custom serialised");
        Files.writeString(resultsDirectory.resolve("talk-table.svg"), SvgCharts.bars(
                "Trade: bytes per record, bean against SDO", "bytes", rows,
                List.of(new Series("bean", List.of(beanBytes, javaBean, javaBean)),
                        new Series("SDO", List.of(sdoBytes, javaSdo, sdoBytes)))));
        md.append("\n![bytes per record](" + link + "/talk-table.svg)\n");
    }

    private void talkRow(StringBuilder md, String row, String talkClassic, String talkBinary, String talkGain,
            double bean, double sdo, String unit) {
        md.append("| ").append(row).append(" | ").append(talkClassic).append(" | ").append(talkBinary).append(" | ")
                .append(talkGain).append(" | ").append(quantity(bean, unit)).append(" | ").append(quantity(sdo, unit))
                .append(" | ").append(ratio(bean / sdo)).append(" |\n");
    }

    private void getters(StringBuilder md) {
        md.append("\n### Getters: one field of a trade, bean against SDO (ns/op, B allocated/op)\n\n")
                .append("| field | bean ns | SDO ns | SDO / bean | bean B/op | SDO B/op |\n|---|---:|---:|---:|---:|---:|\n");
        for (String field : List.of("Id", "TradeDate", "TradeDateEpochDay", "BuySell", "Currency1", "Amount1",
                "Amount1Unscaled", "ExchangeRate", "ExchangeRateUnscaled", "Currency2", "Amount2", "Amount2Unscaled",
                "SettlementDate", "SettlementDateEpochDay", "AllFields")) {
            Optional<Result> bean = jmh.find("TradeGetterBenchmark.bean" + field);
            Optional<Result> sdo = jmh.find("TradeGetterBenchmark.sdo" + field);
            if (bean.isEmpty() || sdo.isEmpty()) {
                continue;
            }
            md.append("| `").append(field).append("` | ").append(two(bean.get().score())).append(" | ")
                    .append(two(sdo.get().score())).append(" | ").append(ratio(sdo.get().score() / bean.get().score()))
                    .append(" | ").append(alloc(bean.get())).append(" | ").append(alloc(sdo.get())).append(" |\n");
        }
    }

    private void scan(StringBuilder md) {
        md.append("\n### Filter + sum over one million trades (ms per query, B allocated per query)\n\n")
                .append("| data | ms/query | speed-up over beans | B/query | B/trade |\n|---|---:|---:|---:|---:|\n");
        Optional<Result> beans = jmh.find("ScanBenchmark.beanQuery");
        for (String[] row : new String[][] {{"`ArrayList` of beans", "beanQuery"},
            {"`RecordStore`, `TradeSdo.wrap` per record", "sdoQuery"},
            {"`RecordStore.iterator(TradeSdo::wrap)`", "sdoIteratorQuery"},
            {"`TradeBatch.forEach` (one cursor)", "batchForEachQuery"},
            {"`TradeBatch` iterator (one cursor)", "batchIteratorQuery"}}) {
            jmh.find("ScanBenchmark." + row[1]).ifPresent(r -> md.append("| ").append(row[0]).append(" | ")
                    .append(two(r.score())).append(" | ")
                    .append(row[1].equals("beanQuery") ? "baseline"
                            : beans.map(b -> ratio(b.score() / r.score())).orElse("n/a")).append(" | ")
                    .append(alloc(r)).append(" | ")
                    .append(r.allocatedBytesPerOp().map(b -> two(b / Double.parseDouble(r.params().get("trades"))))
                            .orElse("n/a")).append(" |\n"));
        }
    }

    private void fieldPosition(StringBuilder md) throws IOException {
        List<String> fields = jmh.paramValues("FieldPositionBenchmark.sdoReadField", "field");
        if (fields.isEmpty()) {
            return;
        }
        md.append("\n### Field access against field position: the POF curve (ns to read field N of 1,024)\n\n")
                .append("| N | SDO ns | packed stream ns | stream / SDO |\n|---:|---:|---:|---:|\n");
        List<Double> sdo = new ArrayList<>();
        List<Double> stream = new ArrayList<>();
        for (String field : fields) {
            double s = score("FieldPositionBenchmark.sdoReadField", Map.of("field", field));
            double p = score("FieldPositionBenchmark.streamReadField", Map.of("field", field));
            sdo.add(s);
            stream.add(p);
            md.append("| ").append(field).append(" | ").append(two(s)).append(" | ").append(two(p)).append(" | ")
                    .append(ratio(p / s)).append(" |\n");
        }
        Files.writeString(resultsDirectory.resolve("pof-curve.svg"), SvgCharts.lines(
                "Reading field N of a 1,024-field record", "field position N", "ns per read", fields,
                List.of(new Series("SDO", sdo), new Series("packed stream", stream))));
        md.append("\n![field position curve](" + link + "/pof-curve.svg)\n");
    }

    private void peers(StringBuilder md) throws IOException {
        List<String> codecs = jmh.paramValues("PeerBenchmark.encode", "codec");
        if (codecs.isEmpty()) {
            return;
        }
        JsonNode encoded = sizes.get("encodedBytes");
        double fastestEncode = Double.MAX_VALUE;
        double fastestDecode = Double.MAX_VALUE;
        for (String codec : codecs) {
            if (!codec.equals("bean")) {
                fastestEncode = Math.min(fastestEncode, score("PeerBenchmark.encode", Map.of("codec", codec)));
                fastestDecode = Math.min(fastestDecode, score("PeerBenchmark.decode", Map.of("codec", codec)));
            }
        }
        md.append("\n### Peers on the same trade\n\n")
                .append("Times in ns/op; \"x fastest\" compares with the fastest codec producing bytes (the bean row ")
                .append("is a copy of an object, shown as the baseline, and its size is its heap size).\n\n")
                .append("| codec | bytes/record | encode ns | x fastest | decode ns | x fastest | decode + read all ns "
                        + "| encode B/op | decode + read B/op |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Double> bytes = new ArrayList<>();
        List<Double> encodeTimes = new ArrayList<>();
        List<Double> decodeTimes = new ArrayList<>();
        List<Double> readTimes = new ArrayList<>();
        for (String codec : codecs) {
            Map<String, String> param = Map.of("codec", codec);
            Result encode = jmh.find("PeerBenchmark.encode", param).orElseThrow();
            Result decode = jmh.find("PeerBenchmark.decode", param).orElseThrow();
            Result read = jmh.find("PeerBenchmark.decodeAndReadAll", param).orElseThrow();
            double size = encoded.path(codec).asDouble(Double.NaN);
            bytes.add(size);
            encodeTimes.add(encode.score());
            decodeTimes.add(decode.score());
            readTimes.add(read.score());
            boolean baseline = codec.equals("bean");
            md.append("| ").append(codec).append(" | ").append(one(size)).append(" | ").append(two(encode.score()))
                    .append(" | ").append(baseline ? "-" : ratio(encode.score() / fastestEncode)).append(" | ")
                    .append(two(decode.score())).append(" | ")
                    .append(baseline ? "-" : ratio(decode.score() / fastestDecode))
                    .append(" | ").append(two(read.score())).append(" | ").append(alloc(encode)).append(" | ")
                    .append(alloc(read)).append(" |\n");
        }
        // Java serialisation is hundreds of times slower than the rest: drawn to scale, it would flatten them all.
        int java = codecs.indexOf("java");
        List<String> charted = new ArrayList<>(codecs);
        if (java >= 0) {
            charted.remove(java);
            encodeTimes.remove(java);
            decodeTimes.remove(java);
            readTimes.remove(java);
        }
        Files.writeString(resultsDirectory.resolve("peers.svg"), SvgCharts.bars(
                "Peers: ns per operation on one trade, lower is better (Java serialisation left out)", "ns/op",
                charted, List.of(new Series("encode", encodeTimes), new Series("decode", decodeTimes),
                        new Series("decode + read all", readTimes))));
        Files.writeString(resultsDirectory.resolve("peer-sizes.svg"), SvgCharts.bars(
                "Peers: bytes per trade (bean: heap size)", "bytes", codecs, List.of(new Series("bytes", bytes))));
        sdoEncodes(md);
        md.append("\n![peer times](" + link + "/peers.svg)\n\n![peer sizes](" + link + "/peer-sizes.svg)\n");
    }

    /** The SDO's encodes told apart ({@code SdoEncodeBenchmark}): into a buffer, a new record, a batch append. */
    private void sdoEncodes(StringBuilder md) {
        List<String[]> rows = List.of(new String[] {"`TradeSdo.encode(trade, buffer, offset)`", "encode"},
                new String[] {"`TradeSdo.of(trade)` (a new record)", "of"},
                new String[] {"`TradeBatch.add(trade)`", "batchAdd"});
        if (jmh.find("SdoEncodeBenchmark.encode").isEmpty()) {
            return;
        }
        md.append("\nThe SDO's encodes (`SdoEncodeBenchmark`): the peers' SDO row is `encode` into an existing ")
                .append("buffer, as SBE's encoder writes into its own.\n\n| SDO encode | ns/op | B/op |\n|---|---:|---:|\n");
        for (String[] row : rows) {
            jmh.find("SdoEncodeBenchmark." + row[1]).ifPresent(r -> md.append("| ").append(row[0]).append(" | ")
                    .append(two(r.score())).append(" | ").append(alloc(r)).append(" |\n"));
        }
    }

    private void memory(StringBuilder md) {
        md.append("\n### Memory and GC: building N trades, beans in a list against a batch\n\n")
                .append("`HeapReport`, one JVM per row, same `-Xmx`: heap kept after a full GC, and the GC pauses "
                        + "while building.\n\n")
                .append("| trades | kind | -Xmx | heap kept | B/trade | build ms | GC pauses | total pause ms "
                        + "| max pause ms |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (JsonNode run : heap) {
            md.append("| ").append(String.format(Locale.ROOT, "%,d", run.get("trades").asLong())).append(" | ")
                    .append(run.get("kind").asText()).append(" | ")
                    .append(megabytes(run.get("maxHeapBytes").asDouble())).append(" | ")
                    .append(megabytes(run.get("retainedHeapBytes").asDouble())).append(" | ")
                    .append(one(run.get("bytesPerTrade").asDouble())).append(" | ")
                    .append(one(run.get("buildMillis").asDouble())).append(" | ")
                    .append(run.get("gcPauses").asLong()).append(" | ").append(run.get("gcPauseTotalMillis").asLong())
                    .append(" | ").append(run.get("gcPauseMaxMillis").asLong()).append(" |\n");
        }
        List<String> counts = jmh.paramValues("MemoryBenchmark.buildBeans", "tradeCount");
        if (counts.isEmpty()) {
            return;
        }
        md.append("\nJMH `MemoryBenchmark` with `-prof gc` (single shot per iteration; GC count and time summed "
                + "over the measured iterations):\n\n")
                .append("| trades | kind | ms to build | MB allocated | GC count | GC ms |\n|---:|---|---:|---:|---:|---:|\n");
        for (String count : counts) {
            for (String kind : List.of("Beans", "Batch")) {
                jmh.find("MemoryBenchmark.build" + kind, Map.of("tradeCount", count)).ifPresent(r -> md.append("| ")
                        .append(String.format(Locale.ROOT, "%,d", Long.parseLong(count))).append(" | ")
                        .append(kind.toLowerCase(Locale.ROOT)).append(" | ").append(one(r.score())).append(" | ")
                        .append(r.allocatedBytesPerOp().map(b -> one(b / 1e6)).orElse("n/a")).append(" | ")
                        .append(r.gcCount().map(ReportWriter::one).orElse("n/a")).append(" | ")
                        .append(r.gcTimeMillis().map(ReportWriter::one).orElse("n/a")).append(" |\n"));
            }
        }
    }

    private void compiler(StringBuilder md) {
        md.append("\n### Compiler speed\n\n");
        jmh.find("CompilerBenchmark.compile").ifPresent(r -> md.append("`SchemaCompiler.compile` on a schema of ")
                .append("1,000 records (parse, check, lay out, generate): ").append(two(r.score())).append(' ')
                .append(r.unit()).append(".\n"));
        noopBuild.ifPresent(n -> md.append("\nNo-op incremental Maven build (`").append(n.get("command").asText())
                .append("`, run twice, the second timed): ").append(one(n.get("seconds").asDouble()))
                .append(" s wall clock, Maven start-up included.\n"));
    }

    private double score(String benchmark) {
        return jmh.find(benchmark).map(Result::score).orElse(Double.NaN);
    }

    private double score(String benchmark, Map<String, String> params) {
        return jmh.find(benchmark, params).map(Result::score).orElse(Double.NaN);
    }

    private static String alloc(Result result) {
        return result.allocatedBytesPerOp().map(ReportWriter::one).orElse("n/a");
    }

    private static String quantity(double value, String unit) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        if (unit.equals("ns") && value >= 1_000) {
            return two(value / 1_000) + " us";
        }
        return one(value) + " " + unit;
    }

    private static String ratio(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.2fx", value) : "n/a";
    }

    private static String megabytes(double bytes) {
        return String.format(Locale.ROOT, "%,.0f MB", bytes / (1024 * 1024));
    }

    private static String one(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%,.1f", value) : "n/a";
    }

    private static String two(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%,.2f", value) : "n/a";
    }
}
