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
 * The generated Java of four schemas, compared file by file with committed snapshots under
 * {@code src/test/resources/snapshots}, so that every change to the generators shows up as a reviewed diff of the
 * code they generate. The schemas are copies in this module's test resources (the examples' own files would make
 * this module's tests depend on other modules' sources): the trade example, the FpML example, a versioned
 * record with variable-length data next to a versioned fixed-size one, and a small document of {@code @compact}
 * records, the layout {@code sdoc import-xsd} writes.
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
    void compactRecordsOfADocument() {
        assertMatchesSnapshot("compact-document", "compact-document.sdo");
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
     * A unified diff of {@code expected} and {@code actual} by their longest common subsequence of lines, as hunks
     * with {@value #CONTEXT} lines of context, cut after the first {@value #MAX_CHANGED} changed lines: enough to
     * see what changed, without a diff library.
     */
    static String diff(String path, String expected, String actual) {
        List<Edit> edits = edits(expected.lines().toList(), actual.lines().toList());
        StringBuilder out = new StringBuilder("--- snapshot/" + path + "\n+++ generated/" + path + "\n");
        int changed = 0;
        int i = 0;
        while (i < edits.size() && changed < MAX_CHANGED) {
            if (edits.get(i).sign() == ' ') {
                i++;
                continue;
            }
            // A hunk: from CONTEXT lines before this change to CONTEXT unchanged lines after its last change.
            int from = Math.max(0, i - CONTEXT);
            int to = i;
            int unchanged = 0;
            while (to < edits.size() && unchanged <= 2 * CONTEXT) {
                unchanged = edits.get(to).sign() == ' ' ? unchanged + 1 : 0;
                to++;
            }
            to -= Math.max(0, unchanged - CONTEXT);
            List<Edit> hunk = edits.subList(from, to);
            out.append("@@ -").append(hunk.get(0).beforeLine()).append(',')
                    .append(hunk.stream().filter(e -> e.sign() != '+').count())
                    .append(" +").append(hunk.get(0).afterLine()).append(',')
                    .append(hunk.stream().filter(e -> e.sign() != '-').count()).append(" @@\n");
            for (Edit edit : hunk) {
                out.append(edit.sign()).append(edit.line()).append('\n');
                changed += edit.sign() == ' ' ? 0 : 1;
            }
            i = to;
        }
        if (edits.subList(i, edits.size()).stream().anyMatch(e -> e.sign() != ' ')) {
            out.append("... and more differences\n");
        }
        if (changed == 0) {
            out.append("(the files differ only in their last line break)\n");
        }
        return out.toString();
    }

    /** One line of a diff: unchanged ({@code ' '}), removed ({@code '-'}) or added ({@code '+'}); lines 1-based. */
    private record Edit(char sign, String line, int beforeLine, int afterLine) {}

    private static List<Edit> edits(List<String> before, List<String> after) {
        int n = before.size();
        int m = after.size();
        int[][] common = new int[n + 1][m + 1]; // common[i][j]: the longest common subsequence of before[i..], after[j..]
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = before.get(i).equals(after.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<Edit> edits = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && before.get(i).equals(after.get(j))) {
                edits.add(new Edit(' ', before.get(i), ++i, ++j));
            } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
                edits.add(new Edit('-', before.get(i), ++i, j + 1));
            } else {
                edits.add(new Edit('+', after.get(j), i + 1, ++j));
            }
        }
        return edits;
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
