package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.testing.FrontEnd;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import dev.sdo.testing.Draw;
import dev.sdo.testing.PropertyRunner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzz test of the whole compiler: the project's valid schemas and random ones, cut up the way
 * people mistype (tokens deleted, doubled, swapped, names reused, fragments such as empty annotation arguments,
 * unbalanced brackets, huge numbers, reversed ranges, stray unicode, bad imports and deep nesting inserted). Every
 * mutant must end either in {@code FILE:LINE:COLUMN: error: ...} lines pointing into the file, or in Java that
 * compiles with {@code -Xlint:all -Werror}; never in an exception, and never take more than {@value #TIMEOUT_SECONDS}
 * seconds.
 *
 * <p>{@code -Dsdo.fuzz.mutants=N} sets the number of mutants (default {@value #DEFAULT_MUTANTS}); a failing mutant
 * names its seed, and {@code -Dtest=SchemaMutationFuzzTest -Dsdo.seed=SEED} reruns just that one.
 */
class SchemaMutationFuzzTest {
    private static final int DEFAULT_MUTANTS = 3000;
    private static final long TIMEOUT_SECONDS = 20;
    /** Mutants that compiled, given to javac together so that a few thousand fit a minute or two. */
    private static final int JAVAC_BATCH = 100;
    private static final String FILE = "fuzz.sdo";
    private static final Pattern TOKEN = Pattern.compile(
            "\"(?:\\\\.|[^\"\\\\\\n])*\"|/\\*.*?\\*/|//[^\\n]*|\\d{4}-\\d\\d-\\d\\d|-?\\d[\\d_]*|[A-Za-z_]\\w*|\\.\\.|\\s+|.",
            Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+([A-Za-z_][\\w.]*)\\s*;");
    /** What users mistype, inserted whole. */
    private static final List<String> FRAGMENTS = List.of("@csv(column=)", "@csv(column = \"\")", "@csv(format=)",
            "@csv(format = \"HH:mm\")", "@csv(format = \"yyyy-MM-dd HH:mm\")", "@csv(format = \"yy\")",
            "@csv(delimiter = \"\\\"\")", "@csv(delimiter = \";\")", "@csv", "@xml", "@xml(attribute = true)",
            "@since(2)", "@since(0)", "@since(99999999999999999999)", "@since()", "@(", "@", "(", ")", "<", ">", "{",
            "}", ";", ",", ":", "..", "=", "optional", "as java.math.BigInteger", "as", "record", "enum", "package",
            "import", "99999999999999999999999", "-9223372036854775809", "9223372036854775807", "0", "-1",
            "int(10..1)", "int(-9223372036854775808..9223372036854775807)", "date(2020-01-01..2019-01-01)",
            "date(2019-02-30..2020-01-01)", "decimal(19, 2)", "decimal(5, 9)", "udecimal(18, 18)", "char(0)",
            "char(256)", "char(3, \"\")", "char(3, \"Z-A\")", "char(2, \"\u00e9\u00e8\")", "list<list<int8>>",
            "list<bytes>", "list<string>", "list<", "list<list<list<list<list<list<list<list<list<list<list<list<"
                    + "list<list<list<list<list<int8>>>>>>>>>>>>>>>>>",
            "\u00e9", "\u0000", "\u2028", "\uFEFF", "\ud83d\ude00", "\"", "\"unterminated", "/*", "*/", "/** doc */",
            "//", "\r", "\\", "import \"nope.sdo\";", "import \"../../../x.sdo\";", "import \"\";",
            "import \"fuzz.sdo\";", "serialVersionUID", "BYTES", "class", "getClass", "hashCode", "_", "var",
            "String", "Object", "java", "record R { x: int8; }", "enum E { A, B }", "enum E { }",
            "record Deep1 { d: Deep2; } record Deep2 { d: Deep1; }", "x: int8;", "y: string optional;",
            "z: list<int32> @since(2);", "= 5", "= ;", "=", "= \"x\"", "= true", "= A", "extends", "extends R",
            "abstract", "abstract record A { a: int8; }", "union", "union U { a: int8; b: string; }",
            "record X extends X { b: int8; }", "get: string;", "end: int8;", "is: bytes;", "BYTES: int8 optional;",
            "V2_OFFSET: date;", "union V { a: int(9..1); b: char(0); }",
            "record Y { z: Z; } enum Z { } record X2 { y: Y; }", "blobs: list<bytes> @since(2);", "grid: list<list<string>> @since(2);",
            "@compact", "@compact()", "@compact(x = 1)", "@compact @compact", "@compact record K { s: string; n: K optional; }",
            "@compact record K2 { a: string optional; b: bytes; c: list<K2>; d: uint8; }",
            chain("record D%d { d: D%d; }", "record D%d { x: int8; }"),
            chain("union W%d { a: W%d; b: int8; }", "union W%d { a: int8; b: string; }"),
            chain("abstract record E%2$d extends E%1$d { e%2$d: int8; }", "abstract record E0 { x: int8; }"));

    /**
     * Declarations one past the limits of nesting or extension ({@code Limits}): {@code link} formatted with each
     * number and the next, then {@code end} formatted with the last.
     */
    private static String chain(String link, String end) {
        int links = Math.max(Limits.MAX_RECORD_NESTING, Limits.MAX_EXTENSION_DEPTH) + 1;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < links; i++) {
            text.append(String.format(link, i, i + 1)).append('\n');
        }
        return text.append(String.format(end, links)).append('\n').toString();
    }

    private static final ExecutorService RUNNER = Executors.newSingleThreadExecutor(runnable -> {
        // A thread of the JVM's usual main-thread stack: the compiler must not need more for any schema.
        Thread thread = new Thread(null, runnable, "fuzz", 8L << 20);
        thread.setDaemon(true);
        return thread;
    });

    /** The mutants that compiled, by their seed, waiting for javac. */
    private final Map<Long, List<GeneratedSource>> compiled = new LinkedHashMap<>();
    private final Map<Long, String> texts = new HashMap<>();
    private final java.util.Set<String> javaSeen = new java.util.HashSet<>();
    private int mutantsAlreadyCompiled;
    private final Map<String, String> batchSources = new HashMap<>();
    private int javacRuns;
    private int mutantsCompiled;

    @AfterAll
    static void stop() {
        RUNNER.shutdownNow();
    }

    @Test
    void everyMutantCompilesOrGivesPositionedErrors() {
        List<String> bases = new ArrayList<>(List.of(FrontEnd.resource("schemas/trade.sdo"),
                FrontEnd.resource("schemas/reset-frequency.sdo"), FrontEnd.resource("schemas/interest-rate-swap.sdo"),
                FrontEnd.resource("schemas/versioned-order.sdo"), FrontEnd.resource("unions/unions.sdo")));
        // The shortest of some random schemas: every type and annotation, at a size that mutates quickly.
        Random random = new Random(2026_11_26L);
        List<String> random40 = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            random40.add(new RandomSchemas(new Random(random.nextLong())).schema(FILE, "fuzz.r" + i,
                    RandomSchemas.Profile.NORMAL).text());
        }
        random40.sort(java.util.Comparator.comparingInt(String::length));
        bases.addAll(random40.subList(0, 12));
        int mutants = Integer.getInteger("sdo.fuzz.mutants", DEFAULT_MUTANTS);
        int[] errors = {0};
        PropertyRunner.forAll(mutants, draw -> {
            String text = mutate(bases.get(draw.ints(0, bases.size() - 1)), draw);
            Compilation compilation = compileWithTimeout(text);
            if (compilation.diagnostics().isEmpty()) {
                queueForJavac(text, compilation, draw);
            } else {
                errors[0]++;
                checkDiagnostics(text, compilation.diagnostics());
            }
        });
        javacQueued();
        System.out.printf("fuzz: %d mutants: %d refused with positioned errors, %d compiled by javac"
                + " in %d runs, %d gave the same Java as an earlier one%n", mutants,
                errors[0], mutantsCompiled, javacRuns, mutantsAlreadyCompiled);
        assertThat(errors[0]).as("most mutants are wrong").isGreaterThan(mutants / 4);
    }

    /** One to three mutations of a base schema, each at a token that is not blank. */
    private static String mutate(String base, Draw draw) {
        List<String> tokens = tokens(base);
        int mutations = draw.ints(1, 3);
        for (int m = 0; m < mutations && !tokens.isEmpty(); m++) {
            int at = draw.ints(0, tokens.size() - 1);
            for (int tries = 0; tries < 20 && tokens.get(at).isBlank(); tries++) {
                at = draw.ints(0, tokens.size() - 1);
            }
            switch (draw.ints(0, 5)) {
                case 0 -> tokens.remove(at);
                case 1 -> tokens.add(at, tokens.get(at));
                case 2 -> {
                    int other = Math.min(tokens.size() - 1, at + draw.ints(1, 4));
                    String swapped = tokens.get(at);
                    tokens.set(at, tokens.get(other));
                    tokens.set(other, swapped);
                }
                case 3 -> tokens.add(at, " " + FRAGMENTS.get(draw.ints(0, FRAGMENTS.size() - 1)) + " ");
                case 4 -> {
                    // A name used somewhere else in the file: duplicates, clashes, unknown and self references.
                    List<Integer> names = new ArrayList<>();
                    for (int i = 0; i < tokens.size(); i++) {
                        if (tokens.get(i).matches("[A-Za-z_]\\w*")) {
                            names.add(i);
                        }
                    }
                    if (names.size() > 1) {
                        tokens.set(names.get(draw.ints(0, names.size() - 1)),
                                tokens.get(names.get(draw.ints(0, names.size() - 1))));
                    }
                }
                default -> tokens.set(at, tokens.get(at).length() > 1 && !tokens.get(at).isBlank()
                        ? tokens.get(at).substring(0, draw.ints(0, tokens.get(at).length() - 1)) : "");
            }
        }
        return String.join("", tokens);
    }

    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(text);
        while (matcher.find()) {
            tokens.add(matcher.group());
        }
        return tokens;
    }

    private static Compilation compileWithTimeout(String text) throws Exception {
        Future<Compilation> result = RUNNER.submit(() -> new SchemaCompiler().compile(withImports(text),
                List.of(FILE)));
        try {
            return result.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            result.cancel(true);
            throw new AssertionError("the compiler took more than " + TIMEOUT_SECONDS + " s on:\n" + text);
        } catch (ExecutionException e) {
            throw new AssertionError("the compiler threw " + e.getCause() + " on:\n" + text, e.getCause());
        }
    }

    /** The mutant and the files the project's schemas import. */
    private static Map<String, String> withImports(String text) {
        return Map.of(FILE, text, "reset-frequency.sdo", FrontEnd.resource("schemas/reset-frequency.sdo"));
    }

    private static void checkDiagnostics(String text, List<Diagnostic> diagnostics) {
        long lines = text.chars().filter(c -> c == '\n').count() + 1;
        for (Diagnostic diagnostic : diagnostics) {
            String line = diagnostic.toString();
            assertThat(line).as(text).matches("[^:\\n]+:\\d+:\\d+: error: [^\\n\\r]+");
            assertThat(diagnostic.message()).as(text).doesNotContain("Exception", "<missing");
            if (diagnostic.position().file().equals(FILE)) {
                assertThat(diagnostic.position().line()).as(line + " in\n" + text).isBetween(1, (int) lines + 1);
                assertThat(diagnostic.position().column()).as(line + " in\n" + text).isPositive();
            }
        }
    }

    /**
     * Queues a compiled mutant for javac under a package of its own (so that many go to one javac run), compiling
     * the queue when it is full. A mutant whose package cannot be renamed is compiled alone.
     */
    private void queueForJavac(String text, Compilation compilation, Draw draw) throws Exception {
        StringBuilder java = new StringBuilder();
        compilation.sources().forEach(source -> java.append(source.relativePath()).append('\n')
                .append(source.content()));
        if (!javaSeen.add(java.toString())) {
            // The same Java as an earlier mutant's (a mutation that changed nothing javac sees): compiled already.
            mutantsAlreadyCompiled++;
            return;
        }
        long seed = draw.seed();
        Matcher pkg = PACKAGE.matcher(text);
        List<GeneratedSource> sources = compilation.sources();
        if (pkg.find()) {
            String renamed = text.substring(0, pkg.start(1)) + "fz" + Long.toUnsignedString(seed, 36) + "."
                    + pkg.group(1) + text.substring(pkg.end(1));
            Compilation again = compileWithTimeout(renamed);
            if (again.diagnostics().isEmpty()) {
                sources = again.sources();
                text = renamed;
            }
        }
        for (GeneratedSource source : sources) {
            String known = batchSources.get(source.relativePath());
            if (known != null && !known.equals(source.content())) {
                javacQueued();
                break;
            }
        }
        sources.forEach(source -> batchSources.put(source.relativePath(), source.content()));
        compiled.put(seed, sources);
        texts.put(seed, text);
        if (compiled.size() >= JAVAC_BATCH) {
            javacQueued();
        }
    }

    /** Compiles the queued mutants together; on failure, finds the mutants that do not compile alone. */
    private void javacQueued() {
        if (compiled.isEmpty()) {
            return;
        }
        javacRuns++;
        List<GeneratedSource> all = new ArrayList<>();
        Map<String, Boolean> added = new HashMap<>();
        compiled.values().forEach(sources -> sources.stream()
                .filter(s -> added.putIfAbsent(s.relativePath(), true) == null).forEach(all::add));
        try {
            InMemoryJavaCompiler.compile(all);
        } catch (AssertionError batchFailure) {
            for (Map.Entry<Long, List<GeneratedSource>> mutant : compiled.entrySet()) {
                try {
                    InMemoryJavaCompiler.compile(mutant.getValue());
                } catch (AssertionError failure) {
                    throw new AssertionError("the mutant of seed " + mutant.getKey() + " (rerun it alone with"
                            + " -Dsdo.seed=" + mutant.getKey() + ") is accepted but its Java does not compile:\n"
                            + texts.get(mutant.getKey()) + "\n" + failure.getMessage(), failure);
                }
            }
            throw batchFailure;
        }
        mutantsCompiled += compiled.size();
        compiled.clear();
        texts.clear();
        batchSources.clear();
    }
}
