package dev.sdo.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The results of one JMH run, read from its {@code -rf json} file, looked up by benchmark and parameters. */
final class JmhResults {
    private static final String PACKAGE = "dev.sdo.benchmarks.";

    /** One benchmark's result: its score and, when run with {@code -prof gc}, the bytes it allocated per op. */
    record Result(String benchmark, Map<String, String> params, double score, double error, String unit,
            Optional<Double> allocatedBytesPerOp, Optional<Double> gcCount, Optional<Double> gcTimeMillis) {
    }

    private final List<Result> results;

    private JmhResults(List<Result> results) {
        this.results = results;
    }

    /** The results of every {@code jmh*.json} file in {@code directory} (one run may be split over several). */
    static JmhResults readAll(Path directory) throws IOException {
        List<Result> results = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> runs = files.filter(f -> f.getFileName().toString().matches("jmh.*\\.json")).sorted().toList();
            for (Path file : runs) {
                results.addAll(read(file));
            }
        }
        return new JmhResults(results);
    }

    private static List<Result> read(Path file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        List<Result> results = new ArrayList<>();
        for (JsonNode run : root) {
            String name = run.get("benchmark").asText();
            if (name.startsWith(PACKAGE)) {
                name = name.substring(PACKAGE.length());
            }
            Map<String, String> params = new TreeMap<>();
            run.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            JsonNode primary = run.get("primaryMetric");
            JsonNode secondary = run.path("secondaryMetrics");
            results.add(new Result(name, params, primary.get("score").asDouble(), error(primary),
                    primary.get("scoreUnit").asText(), metric(secondary, "gc.alloc.rate.norm"),
                    metric(secondary, "gc.count"), metric(secondary, "gc.time")));
        }
        return results;
    }

    private static double error(JsonNode metric) {
        double error = metric.path("scoreError").asDouble(Double.NaN);
        return Double.isFinite(error) ? error : Double.NaN;
    }

    private static Optional<Double> metric(JsonNode secondary, String name) {
        JsonNode metric = secondary.get(name);
        return metric == null ? Optional.empty() : Optional.of(metric.get("score").asDouble());
    }

    /** The result of {@code Class.method} (without the package) run with {@code params}, if it ran. */
    Optional<Result> find(String benchmark, Map<String, String> params) {
        return results.stream()
                .filter(r -> r.benchmark().equals(benchmark) && r.params().entrySet().containsAll(params.entrySet()))
                .findFirst();
    }

    Optional<Result> find(String benchmark) {
        return find(benchmark, Map.of());
    }

    /** The distinct values parameter {@code param} took in the runs of {@code benchmark}, in run order. */
    List<String> paramValues(String benchmark, String param) {
        return results.stream().filter(r -> r.benchmark().equals(benchmark) && r.params().containsKey(param))
                .map(r -> r.params().get(param)).distinct().toList();
    }
}
