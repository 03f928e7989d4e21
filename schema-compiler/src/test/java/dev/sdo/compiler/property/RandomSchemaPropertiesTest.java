package dev.sdo.compiler.property;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The compiler's backbone property test: hundreds of random schemas, each compiled once (many per javac run, one
 * package each), then checked with thousands of random values against the spec's reference layout and encoder.
 *
 * <p>Everything derives from one seed, {@code -Dsdo.props.seed=N} (default below). Each schema has its own seed,
 * printed with every failure together with the schema text; {@code -Dsdo.props.schema=SEED} runs just that
 * schema. {@code -Dsdo.props.batches} and {@code -Dsdo.props.perBatch} scale the run.
 */
class RandomSchemaPropertiesTest {
    private static final long DEFAULT_SEED = 20_261_122L;
    private static final int MAX_TEXT_IN_MESSAGE = 40_000;

    @TestFactory
    Stream<DynamicNode> randomSchemas() {
        long seed = Long.getLong("sdo.props.seed", DEFAULT_SEED);
        String only = System.getProperty("sdo.props.schema");
        if (only != null) {
            long schemaSeed = Long.parseLong(only);
            boolean wide = System.getProperty("sdo.props.wide") != null;
            return Stream.of(batch("schema " + schemaSeed, List.of(schemaSeed),
                    wide ? RandomSchemas.Profile.WIDE : RandomSchemas.Profile.NORMAL));
        }
        int batches = Integer.getInteger("sdo.props.batches", 10);
        int perBatch = Integer.getInteger("sdo.props.perBatch", 30);
        Stream<DynamicNode> normal = IntStream.range(0, batches).mapToObj(b -> batch("batch " + b,
                schemaSeeds(seed, b, perBatch), RandomSchemas.Profile.NORMAL));
        Stream<DynamicNode> wide = Stream.of(batch("wide records", schemaSeeds(seed, batches, 3),
                RandomSchemas.Profile.WIDE));
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
                throw new AssertionError(outcome.problem() + "\n" + reproduction);
            });
        }
        SchemaChecks checks = new SchemaChecks(schema, outcome.compilation(), outcome.generated(), seed,
                reproduction);
        return dynamicContainer(name, Stream.of(
                test("layouts and BYTES", checks::layoutsAndSizes),
                test("Java types", checks::javaTypes),
                test("round trip", checks::roundTrip),
                test("exact bytes", checks::exactBytes),
                test("unscaled and epoch-day getters", checks::primitiveGetters),
                test("serialization", checks::serialization),
                test("equals and hashCode", checks::equality),
                test("wrap", () -> checks.wrap(false)),
                test("wrap read-only buffers", () -> checks.wrap(true)),
                test("writeTo", checks::writeTo),
                test("rejection", checks::rejection)));
    }

    private static DynamicNode test(String name, Executable check) {
        return dynamicTest(name, check);
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
