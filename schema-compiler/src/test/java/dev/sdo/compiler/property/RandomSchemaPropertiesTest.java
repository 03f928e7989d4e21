package dev.sdo.compiler.property;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The compiler's backbone property test: hundreds of random schemas, each compiled once (many per javac run, one
 * package each), then checked with thousands of random values against the spec's reference layout and encoder.
 *
 * <p>Everything derives from one seed, {@code -Dsdo.props.seed=N} (default below). Each schema has its own seed,
 * printed with every failure together with the schema text; {@code -Dsdo.props.schema=SEED} runs just that
 * schema (or {@code SEED,SEED,...} those) ({@code -Dsdo.props.wide} too for a wide one). {@code -Dsdo.props.batches}, {@code -Dsdo.props.perBatch}
 * and {@code -Dsdo.props.wideSchemas} scale the run.
 */
class RandomSchemaPropertiesTest {
    private static final long DEFAULT_SEED = 20_261_122L;
    private static final int MAX_TEXT_IN_MESSAGE = 40_000;
    private static final int MAX_FIELDS_TO_SHRINK = 300;
    /** How many failures of a run are shrunk ({@code -Dsdo.props.shrinks}); shrinking costs javac runs. */
    private static final AtomicInteger SHRINKS_LEFT = new AtomicInteger(Integer.getInteger("sdo.props.shrinks", 2));

    @TestFactory
    Stream<DynamicNode> randomSchemas() {
        long seed = Long.getLong("sdo.props.seed", DEFAULT_SEED);
        String only = System.getProperty("sdo.props.schema");
        if (only != null) {
            // one seed, or several separated by commas (compiled in one javac run)
            List<Long> schemaSeeds = java.util.Arrays.stream(only.split(",")).map(String::trim).map(Long::parseLong)
                    .toList();
            boolean wide = System.getProperty("sdo.props.wide") != null;
            return Stream.of(batch("schema " + only, schemaSeeds,
                    wide ? RandomSchemas.Profile.WIDE : RandomSchemas.Profile.NORMAL));
        }
        int batches = Integer.getInteger("sdo.props.batches", 8);
        int perBatch = Integer.getInteger("sdo.props.perBatch", 25);
        Stream<DynamicNode> normal = IntStream.range(0, batches).mapToObj(b -> batch("batch " + b,
                schemaSeeds(seed, b, perBatch), RandomSchemas.Profile.NORMAL));
        Stream<DynamicNode> wide = Stream.of(batch("wide records", schemaSeeds(seed, batches,
                Integer.getInteger("sdo.props.wideSchemas", 3)), RandomSchemas.Profile.WIDE));
        return Stream.concat(normal, wide);
    }

    private static List<Long> schemaSeeds(long seed, int batch, int count) {
        Random random = new Random(seed * 1_000_003L + batch);
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seeds.add(random.nextLong() >>> 1);
        }
        return seeds;
    }

    /** One javac run for the schemas of the given seeds; generated and compiled when the container runs. */
    private static DynamicNode batch(String name, List<Long> seeds, RandomSchemas.Profile profile) {
        return dynamicContainer(name, Stream.of(seeds).flatMap(s -> schemas(s, profile)));
    }

    private static Stream<DynamicNode> schemas(List<Long> seeds, RandomSchemas.Profile profile) {
        List<TestSchema> schemas = new ArrayList<>();
        for (long seed : seeds) {
            schemas.add(new RandomSchemas(new Random(seed)).schema("s" + seed + ".sdo", "prop.s" + seed, profile));
        }
        CompiledBatch compiled = new CompiledBatch(schemas);
        List<DynamicNode> nodes = new ArrayList<>();
        for (int i = 0; i < schemas.size(); i++) {
            nodes.add(schema(schemas.get(i), seeds.get(i), profile, compiled.outcome(schemas.get(i))));
        }
        return nodes.stream();
    }

    private static DynamicNode schema(TestSchema schema, long seed, RandomSchemas.Profile profile,
            CompiledBatch.Outcome outcome) {
        String reproduction = reproduction(schema, seed, profile);
        String name = "schema " + seed + " " + summary(schema);
        if (outcome.problem() != null) {
            return dynamicTest(name + " compiles", () -> {
                throw compileFailure(outcome.problem(), schema, seed, reproduction);
            });
        }
        SchemaChecks checks = new SchemaChecks(schema, outcome.compilation(), outcome.generated(), seed,
                reproduction);
        return dynamicContainer(name, Stream.of(Check.values()).map(check -> dynamicTest(check.title, () -> {
            try {
                check.run(checks);
            } catch (AssertionError failure) {
                throw shrunk(failure, schema, seed, check);
            }
        })));
    }

    /** A failing check's failure, shrunk (see {@link #shrunk}). */
    private static AssertionError shrunk(AssertionError failure, TestSchema schema, long seed, Check check) {
        return shrunk(failure, schema, seed, (candidate, candidateSeed) -> {
            CompiledBatch.Outcome outcome = new CompiledBatch(List.of(candidate)).outcome(candidate);
            if (outcome.problem() != null) {
                return null; // another failure: not a reproduction
            }
            try {
                check.run(new SchemaChecks(candidate, outcome.compilation(), outcome.generated(), candidateSeed,
                        "(shrunk schema)"));
                return null;
            } catch (Throwable stillFailing) {
                return stillFailing;
            }
        });
    }

    /** A compile failure (schema compiler or javac), shrunk (see {@link #shrunk}). */
    private static AssertionError compileFailure(String problem, TestSchema schema, long seed,
            String reproduction) {
        return shrunk(new AssertionError(problem + "\n" + reproduction), schema, seed, (candidate, candidateSeed) -> {
            String candidateProblem = new CompiledBatch(List.of(candidate)).outcome(candidate).problem();
            return candidateProblem == null ? null : new AssertionError(candidateProblem);
        });
    }

    /**
     * The failure, with a smaller schema on which the probe fails too when shrinking finds one; only the first
     * few failures of a run are shrunk, since each attempt is a javac run.
     */
    private static AssertionError shrunk(AssertionError failure, TestSchema schema, long seed,
            Shrinker.Probe probe) {
        // wide records cost too much javac time per attempt to shrink
        // nor schemas with unions, extensions or defaults, which the shrinker does not know how to rebuild
        if (schema.usesNewConstructs() || schema.records().stream().allMatch(r -> r.fields().size() == 1)
                || schema.records().stream().anyMatch(r -> r.fields().size() > MAX_FIELDS_TO_SHRINK)
                || SHRINKS_LEFT.getAndDecrement() <= 0) {
            return failure;
        }
        Shrinker.Shrunk shrunk = new Shrinker(probe, seed).shrink(schema, failure);
        if (shrunk.schema() == schema) {
            return failure;
        }
        return new AssertionError(failure.getMessage() + "\n\nSHRUNK to this schema:\n" + shrunk.schema().text()
                + "\nwhich fails with:\n" + firstLines(shrunk.failure().getMessage(), 12), failure);
    }

    private static String firstLines(String text, int lines) {
        return String.join("\n", String.valueOf(text).lines().limit(lines).toList());
    }

    private static String summary(TestSchema schema) {
        StringBuilder text = new StringBuilder("(");
        for (var record : schema.records()) {
            text.append(text.length() > 1 ? ", " : "").append(record.name()).append(':')
                    .append(record.fields().size());
        }
        return text.append(" fields)").toString();
    }

    private static String reproduction(TestSchema schema, long seed, RandomSchemas.Profile profile) {
        String text = schema.text().length() <= MAX_TEXT_IN_MESSAGE ? schema.text()
                : schema.text().substring(0, MAX_TEXT_IN_MESSAGE) + "\n... (truncated)";
        return "reproduce with -Dsdo.props.schema=" + seed + (profile == RandomSchemas.Profile.WIDE
                ? " -Dsdo.props.wide" : "") + "; " + schema.fileName() + ":\n" + text;
    }
}
