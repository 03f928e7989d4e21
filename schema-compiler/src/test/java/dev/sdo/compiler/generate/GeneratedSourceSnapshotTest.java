package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.testing.FrontEnd;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated Java of three schemas, compared file by file with committed snapshots under
 * {@code src/test/resources/snapshots}, so that every change to the generators shows up as a reviewed diff of the
 * code they generate. The schemas are copies in this module's test resources (the examples' own files would make
 * this module's tests depend on other modules' sources): the trade example, the FpML example, and a versioned
 * record with variable-length data next to a versioned fixed-size one.
 *
 * <p>After a deliberate change, rewrite the snapshots with
 * {@code mvn -o -pl schema-compiler test -Dtest=GeneratedSourceSnapshotTest -Dsdo.updateSnapshots=true} and review
 * {@code git diff}.
 */
class GeneratedSourceSnapshotTest {
    private static final Path SNAPSHOTS = Path.of("src", "test", "resources", "snapshots");
    private static final boolean UPDATE = Boolean.getBoolean("sdo.updateSnapshots");
    /** Lines of context around the first difference, and the most changed lines shown of one file. */
    private static final int CONTEXT = 3;
    private static final int MAX_CHANGED = 40;

    @Test
    void tradeExample() {
        assertMatchesSnapshot("trade", "trade.sdo");
    }

    @Test
    void fpmlExample() {
        assertMatchesSnapshot("fpml", "interest-rate-swap.sdo", "reset-frequency.sdo");
    }

    @Test
    void versionedRecordsWithAndWithoutVariableData() {
        assertMatchesSnapshot("versioned-order", "versioned-order.sdo");
    }

    @Test
    void aMismatchShowsTheChangedLinesBetweenTheirContext() {
        String expected = "a\nb\nc\nd\ne\nf\ng\nh\n";
        String actual = "a\nb\nc\nd\nE\nE2\nf\ng\nh\n";
        assertThat(diff("x/Y.java", expected, actual)).isEqualTo("""
                --- snapshot/x/Y.java
                +++ generated/x/Y.java
                @@ -2,7 +2,8 @@
                 b
                 c
                 d
                -e
                +E
                +E2
                 f
                 g
                 h
                """);
    }

    private static void assertMatchesSnapshot(String name, String... schemaFiles) {
        Map<String, String> files = new LinkedHashMap<>();
        for (String file : schemaFiles) {
            files.put(file, FrontEnd.resource("schemas/" + file));
        }
        Compilation compilation = new SchemaCompiler().compile(files, List.of(schemaFiles));
        assertThat(compilation.diagnostics()).as("schema errors").isEmpty();
        Map<String, String> generated = new TreeMap<>();
        compilation.sources().forEach(source -> generated.put(source.relativePath(), source.content()));
        Path directory = SNAPSHOTS.resolve(name);
        if (UPDATE) {
            rewrite(directory, generated);
            return;
        }
        Map<String, String> committed = read(directory);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> file : generated.entrySet()) {
            String expected = committed.get(file.getKey());
            if (expected == null) {
                problems.add("new generated file " + file.getKey() + " has no snapshot");
            } else if (!expected.equals(file.getValue())) {
                problems.add(diff(name + "/" + file.getKey(), expected, file.getValue()));
            }
        }
        committed.keySet().stream().filter(path -> !generated.containsKey(path))
                .forEach(path -> problems.add("snapshot " + path + " is no longer generated"));
        if (!problems.isEmpty()) {
            throw new AssertionError("generated source of " + String.join(", ", schemaFiles)
                    + " differs from the snapshots in " + directory + ":\n\n" + String.join("\n", problems)
                    + "\nIf the change is intended, rewrite the snapshots with -Dsdo.updateSnapshots=true"
                    + " (mvn -o -pl schema-compiler test -Dtest=GeneratedSourceSnapshotTest -Dsdo.updateSnapshots=true)"
                    + " and review git diff.");
        }
    }

    /**
     * A unified diff of the one region where {@code expected} and {@code actual} differ, found as everything between
     * their common first and common last lines: enough to see what changed, without a diff library.
     */
    static String diff(String path, String expected, String actual) {
        List<String> before = expected.lines().toList();
        List<String> after = actual.lines().toList();
        int prefix = 0;
        while (prefix < before.size() && prefix < after.size() && before.get(prefix).equals(after.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < before.size() - prefix && suffix < after.size() - prefix
                && before.get(before.size() - 1 - suffix).equals(after.get(after.size() - 1 - suffix))) {
            suffix++;
        }
        int from = Math.max(0, prefix - CONTEXT);
        int beforeEnd = Math.min(before.size(), before.size() - suffix + CONTEXT);
        int afterEnd = Math.min(after.size(), after.size() - suffix + CONTEXT);
        StringBuilder out = new StringBuilder("--- snapshot/" + path + "\n+++ generated/" + path + "\n");
        out.append("@@ -").append(from + 1).append(',').append(beforeEnd - from).append(" +").append(from + 1)
                .append(',').append(afterEnd - from).append(" @@\n");
        for (int i = from; i < prefix; i++) {
            out.append(' ').append(before.get(i)).append('\n');
        }
        appendChanged(out, '-', before.subList(prefix, before.size() - suffix));
        appendChanged(out, '+', after.subList(prefix, after.size() - suffix));
        for (int i = before.size() - suffix; i < beforeEnd; i++) {
            out.append(' ').append(before.get(i)).append('\n');
        }
        if (before.isEmpty() == after.isEmpty() && expected.endsWith("\n") != actual.endsWith("\n")) {
            out.append("(the files differ in their last line break)\n");
        }
        return out.toString();
    }

    private static void appendChanged(StringBuilder out, char sign, List<String> lines) {
        lines.stream().limit(MAX_CHANGED).forEach(line -> out.append(sign).append(line).append('\n'));
        if (lines.size() > MAX_CHANGED) {
            out.append(sign).append(" ... ").append(lines.size() - MAX_CHANGED).append(" more lines\n");
        }
    }

    private static Map<String, String> read(Path directory) {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(directory)) {
            return files;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(path).toString().replace('\\', '/'),
                        Files.readString(path, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** Replaces the snapshots of one schema by {@code generated}, removing those no longer generated. */
    private static void rewrite(Path directory, Map<String, String> generated) {
        try {
            for (String stale : read(directory).keySet()) {
                if (!generated.containsKey(stale)) {
                    Files.delete(directory.resolve(stale));
                }
            }
            for (Map.Entry<String, String> file : generated.entrySet()) {
                Path path = directory.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
