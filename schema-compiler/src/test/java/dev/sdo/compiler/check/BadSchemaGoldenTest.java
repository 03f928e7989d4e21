package dev.sdo.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden corpus of bad schemas: every {@code bad-schemas/CASE.sdo} compiles to exactly the diagnostics in
 * {@code bad-schemas/CASE.expected}, one per line, in order. Files in sub-folders ({@code bad-schemas/lib/})
 * are only imported by the cases. Every file of the folder is handed to the compiler in memory under the name
 * {@code bad-schemas/...}, which is how the diagnostics name it.
 */
class BadSchemaGoldenTest {
    private static final String FOLDER = "bad-schemas";

    static List<String> cases() {
        try (Stream<Path> files = Files.list(folder())) {
            return files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".sdo"))
                    .map(name -> name.substring(0, name.length() - ".sdo".length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsExactlyTheExpectedDiagnostics(String name) throws IOException {
        Path expectedFile = folder().resolve(name + ".expected");
        assertThat(expectedFile).as("every case has its .expected file").exists();
        List<String> expected = Files.readAllLines(expectedFile, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank())
                .toList();

        Compilation compilation = new SchemaCompiler().compile(allFiles(), List.of(FOLDER + "/" + name + ".sdo"));

        assertThat(compilation.diagnostics()).extracting(Diagnostic::toString).containsExactlyElementsOf(expected);
        assertThat(compilation.succeeded()).isFalse();
        assertThat(compilation.sources()).isEmpty();
        assertThat(compilation.schema()).isEmpty();
    }

    @Test
    void theCorpusIsComplete() throws IOException {
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(30);
        try (Stream<Path> files = Files.list(folder())) {
            List<String> orphans = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".expected"))
                    .filter(n -> !Files.exists(folder().resolve(n.replace(".expected", ".sdo"))))
                    .toList();
            assertThat(orphans).as(".expected files without a schema").isEmpty();
        }
    }

    /** Every file below the folder, by the name the compiler is to show: {@code bad-schemas/lib/x.sdo}. */
    private static Map<String, String> allFiles() throws IOException {
        Path root = folder().getParent();
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(folder())) {
            for (Path path : paths.filter(p -> p.toString().endsWith(".sdo")).toList()) {
                String name = root.relativize(path).toString().replace('\\', '/');
                files.put(name, Files.readString(path, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    private static Path folder() {
        try {
            return Path.of(BadSchemaGoldenTest.class.getClassLoader().getResource(FOLDER).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
