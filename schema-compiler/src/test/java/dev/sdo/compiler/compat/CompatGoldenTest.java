package dev.sdo.compiler.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.CodecModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden corpus of schema changes: for every folder {@code compat/CASE}, comparing {@code old.sdo} with
 * {@code new.sdo} prints exactly {@code expected.txt} (what {@code sdoc compat} prints per record), and comparing
 * them the other way round prints {@code reversed.txt}: each direction of every change is pinned, positions
 * included; and a batch reader refuses what compat refuses, naming the same field. {@code -Dsdo.updateGolden=true} rewrites the files, to be reviewed in the diff.
 */
class CompatGoldenTest {
    private static final boolean UPDATE = Boolean.getBoolean("sdo.updateGolden");

    static List<String> cases() {
        try (Stream<Path> folders = Files.list(folder())) {
            return folders.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsExactlyTheExpectedLines(String name) throws IOException {
        check(name, "old.sdo", "new.sdo", "expected.txt");
        check(name, "new.sdo", "old.sdo", "reversed.txt");
    }

    /**
     * Where {@code sdoc compat} says NEW does not read OLD's data of a record, a reader of NEW refuses OLD's batch file
     * naming the field compat names: the comparison of the schemas a file and a reader carry
     * ({@code DescriptorDifference}) agrees with the one of the schemas' source ({@link FirstDifference}).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readersRefuseWhatCompatRefusesNamingTheSameField(String name) throws IOException {
        CodecModel oldModel = model(name, "old.sdo");
        CodecModel newModel = model(name, "new.sdo");
        for (RecordCompatibility record : SchemaCompatibility.compare(oldModel, newModel)) {
            if (record.newReadsOld().reads() || record.versions().startsWith("only")) {
                continue;
            }
            String finding = record.findings().get(0).message();
            int quote = finding.indexOf('\'');
            String field = finding.substring(quote + 1, finding.indexOf('\'', quote + 1));
            String simpleName = record.record().substring(record.record().lastIndexOf('.') + 1);
            Optional<String> refusal = Refusals.refusal(oldModel, newModel, simpleName, UnaryOperator.identity());
            if (refusal.isEmpty()) {
                // A field's @since changed alone leaves the newest version's layout as it was: readers refuse the
                // data of the older versions (whose fingerprints differ), not this file of the newest.
                assertThat(finding).as(name).endsWith("a field's version cannot change");
                continue;
            }
            String message = refusal.get();
            assertThat(message.substring(message.indexOf("): field ") + "): field ".length()))
                    .as(name + ": " + finding).contains(field);
        }
    }

    private static void check(String name, String from, String to, String expectedName) throws IOException {
        List<String> lines = SchemaCompatibility.compare(model(name, from), model(name, to)).stream()
                .flatMap(record -> record.lines().stream()).toList();
        Path expected = folder().resolve(name).resolve(expectedName);
        if (UPDATE) {
            Files.write(sourceFolder().resolve(name).resolve(expectedName), lines, StandardCharsets.UTF_8);
            return;
        }
        assertThat(lines).as(from + " to " + to).containsExactlyElementsOf(
                Files.readAllLines(expected, StandardCharsets.UTF_8));
    }

    /** A schema of the case compiled on its own, named {@code CASE/FILE} in positions. */
    static CodecModel model(String name, String file) throws IOException {
        String path = name + "/" + file;
        Compilation compilation = new SchemaCompiler().compile(
                Map.of(path, Files.readString(folder().resolve(path), StandardCharsets.UTF_8)), List.of(path));
        assertThat(compilation.diagnostics()).as(path).isEmpty();
        return compilation.model().orElseThrow();
    }

    private static Path folder() {
        try {
            return Path.of(CompatGoldenTest.class.getResource("/compat").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The source folder, which {@code -Dsdo.updateGolden=true} rewrites (tests run in the module's folder). */
    private static Path sourceFolder() {
        return Path.of("src/test/resources/compat");
    }
}
