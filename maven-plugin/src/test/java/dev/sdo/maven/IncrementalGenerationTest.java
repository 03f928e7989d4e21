package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.maven.IncrementalGeneration.Outcome;
import dev.sdo.maven.IncrementalGeneration.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The content fingerprint, the saved state and the stale-file clean-up, without Maven. */
class IncrementalGenerationTest {
    private static final FileTime LONG_AGO = FileTime.fromMillis(1_000_000_000_000L);

    @TempDir
    Path project;

    private Path out() {
        return project.resolve("target/generated-sources/sdo");
    }

    private Path stateFile() {
        return project.resolve("target/sdo-maven-plugin/generate-default.state");
    }

    private IncrementalGeneration generation(String generator, String configuration) {
        return new IncrementalGeneration(project, out(), stateFile(), generator, configuration);
    }

    private IncrementalGeneration generation() {
        return generation("generator-1", "includes=[**/*.sdo]");
    }

    private static final String SIDE = """
            package com.example.common;
            enum Side { Buy, Sell }
            """;

    private static final String TRADE = """
            package com.example.trade;
            import "../common/side.sdo";
            record Trade { id: uint32; side: Side; }
            """;

    private static final String RATE = """
            package com.example.rates;
            record Rate { tenorDays: int(1..3650); }
            """;

    @Test
    void theFirstRunGeneratesEverythingAndSavesTheState() throws IOException {
        Path trade = schema("trade/trade.sdo", TRADE);
        schema("common/side.sdo", SIDE);

        Outcome outcome = generation().run(List.of(trade));

        assertThat(outcome.status()).isEqualTo(Status.GENERATED);
        assertThat(outcome.written()).contains(out().resolve("com/example/trade/TradeSdo.java"),
                out().resolve("com/example/common/Side.java"));
        assertThat(outcome.inputs()).as("the root and its import")
                .containsExactlyInAnyOrder(trade, project.resolve("src/main/sdo/common/side.sdo"));
        GenerationState state = GenerationState.read(stateFile()).orElseThrow();
        assertThat(state.outputFiles().keySet()).containsExactlyInAnyOrderElementsOf(generatedFiles());
        assertThat(state.inputs()).containsExactlyInAnyOrderElementsOf(outcome.inputs());
    }

    @Test
    void anUnchangedProjectIsUpToDateAndNoFileIsRewrittenEvenWhenSchemasAreTouched() throws IOException {
        Path trade = schema("trade/trade.sdo", TRADE);
        Path side = schema("common/side.sdo", SIDE);
        generation().run(List.of(trade));
        age(generatedFiles());
        byte[] state = Files.readAllBytes(stateFile());
        Files.setLastModifiedTime(trade, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Files.setLastModifiedTime(side, FileTime.fromMillis(System.currentTimeMillis() + 60_000));

        Outcome second = generation().run(List.of(trade));

        assertThat(second.status()).isEqualTo(Status.UP_TO_DATE);
        assertThat(second.written()).isEmpty();
        assertThat(second.inputs()).containsExactlyInAnyOrder(trade, side);
        assertAged(generatedFiles());
        assertThat(Files.readAllBytes(stateFile())).isEqualTo(state);
    }

    @Test
    void anEditedImportRegeneratesAndRewritesOnlyTheFilesWhoseBytesChange() throws IOException {
        Path trade = schema("trade/trade.sdo", TRADE);
        Path rate = schema("rates/rate.sdo", RATE);
        schema("common/side.sdo", SIDE);
        generation().run(List.of(rate, trade));
        Map<Path, String> before = contents(generatedFiles());
        age(generatedFiles());

        schema("common/side.sdo", SIDE.replace("Buy, Sell", "Buy, Sell, Short"));
        Outcome outcome = generation().run(List.of(rate, trade));

        assertThat(outcome.status()).isEqualTo(Status.GENERATED);
        Map<Path, String> after = contents(generatedFiles());
        List<Path> changed = after.keySet().stream().filter(f -> !after.get(f).equals(before.get(f))).toList();
        assertThat(changed).as("the enum changed").contains(out().resolve("com/example/common/Side.java"));
        assertThat(outcome.written()).containsExactlyInAnyOrderElementsOf(changed);
        assertThat(outcome.unchanged()).as("the rate schema's files")
                .contains(out().resolve("com/example/rates/RateSdo.java"));
        assertAged(outcome.unchanged());
    }

    @Test
    void aDeletedSchemaTakesItsGeneratedFilesAndEmptiedFoldersWithItButNothingElse() throws IOException {
        Path trade = schema("trade/trade.sdo", TRADE);
        Path rate = schema("rates/rate.sdo", RATE);
        schema("common/side.sdo", SIDE);
        generation().run(List.of(rate, trade));
        Path userFile = Files.writeString(out().resolve("com/example/rates/Notes.java"), "// mine");
        Path rates = out().resolve("com/example/rates/RateSdo.java");
        assertThat(rates).isRegularFile();

        Files.delete(rate);
        Outcome outcome = generation().run(List.of(trade));

        assertThat(outcome.status()).isEqualTo(Status.GENERATED);
        assertThat(outcome.deleted()).contains(rates).allSatisfy(file -> assertThat(file).doesNotExist());
        assertThat(outcome.deleted()).allSatisfy(file -> assertThat(file.toString()).contains("/rates/"));
        assertThat(userFile).as("not the plugin's file").hasContent("// mine");
        assertThat(out().resolve("com/example/trade/TradeSdo.java")).isRegularFile();

        Files.delete(userFile);
        Files.delete(userFile.getParent()); // a folder the clean-up left because it was not empty then
        Files.delete(trade);
        Outcome none = generation().run(List.of());

        assertThat(none.status()).isEqualTo(Status.GENERATED);
        assertThat(out()).as("emptied folders go too, the output directory stays").isEmptyDirectory();
    }

    @Test
    void aStaleFileSomeoneChangedIsKeptAndReported() throws IOException {
        Path rate = schema("rates/rate.sdo", RATE);
        generation().run(List.of(rate));
        Path rateSdo = out().resolve("com/example/rates/RateSdo.java");
        Files.writeString(rateSdo, "// edited by hand", StandardOpenOption.APPEND);

        Files.delete(rate);
        Outcome outcome = generation().run(List.of());

        assertThat(outcome.keptStale()).containsExactly(rateSdo);
        assertThat(rateSdo).isRegularFile();
    }

    @Test
    void aMissingOrEditedGeneratedFileIsRestored() throws IOException {
        Path rate = schema("rates/rate.sdo", RATE);
        generation().run(List.of(rate));
        Path rateSdo = out().resolve("com/example/rates/RateSdo.java");
        String generated = Files.readString(rateSdo);

        Files.delete(rateSdo);
        assertThat(generation().run(List.of(rate)).written()).containsExactly(rateSdo);
        Files.writeString(rateSdo, "// broken");
        assertThat(generation().run(List.of(rate)).written()).containsExactly(rateSdo);

        assertThat(rateSdo).hasContent(generated);
    }

    @Test
    void aNewGeneratorOrConfigurationRegeneratesButRewritesNothingThatComesOutTheSame() throws IOException {
        Path rate = schema("rates/rate.sdo", RATE);
        generation("generator-1", "a").run(List.of(rate));
        age(generatedFiles());

        Outcome newGenerator = generation("generator-2", "a").run(List.of(rate));
        Outcome newConfiguration = generation("generator-2", "b").run(List.of(rate));

        assertThat(newGenerator.status()).isEqualTo(Status.GENERATED);
        assertThat(newConfiguration.status()).isEqualTo(Status.GENERATED);
        assertThat(newConfiguration.written()).isEmpty();
        assertAged(generatedFiles());
        assertThat(generation("generator-2", "b").run(List.of(rate)).status()).isEqualTo(Status.UP_TO_DATE);
    }

    @Test
    void anAddedSchemaRegenerates() throws IOException {
        Path rate = schema("rates/rate.sdo", RATE);
        generation().run(List.of(rate));
        Path trade = schema("trade/trade.sdo", TRADE);
        schema("common/side.sdo", SIDE);

        Outcome outcome = generation().run(List.of(rate, trade));

        assertThat(outcome.status()).isEqualTo(Status.GENERATED);
        assertThat(out().resolve("com/example/trade/TradeSdo.java")).isRegularFile();
    }

    @Test
    void schemaErrorsWriteNothingAndKeepTheLastGoodState() throws IOException {
        Path trade = schema("trade/trade.sdo", TRADE);
        Path side = schema("common/side.sdo", SIDE);
        generation().run(List.of(trade));
        byte[] state = Files.readAllBytes(stateFile());
        Map<Path, String> before = contents(generatedFiles());

        schema("common/side.sdo", "package com.example.common;\nenum Side { }\n");
        Outcome failed = generation().run(List.of(trade));

        assertThat(failed.status()).isEqualTo(Status.FAILED);
        assertThat(failed.problems()).hasSize(1);
        SchemaProblem problem = failed.problems().get(0);
        assertThat(problem.file()).isEqualTo(side);
        assertThat(problem.toString()).startsWith("src/main/sdo/common/side.sdo:2:");
        assertThat(problem.toString()).contains(": error: ");
        assertThat(failed.inputs()).contains(trade, side);
        assertThat(contents(generatedFiles())).isEqualTo(before);
        assertThat(Files.readAllBytes(stateFile())).isEqualTo(state);

        schema("common/side.sdo", SIDE);
        assertThat(generation().run(List.of(trade)).status()).as("back as it was").isEqualTo(Status.UP_TO_DATE);
    }

    @Test
    void anUnreadableStateIsNoStateAndEverythingIsCheckedAgain() throws IOException {
        Path rate = schema("rates/rate.sdo", RATE);
        generation().run(List.of(rate));
        Files.writeString(stateFile(), "something else\n");

        Outcome outcome = generation().run(List.of(rate));

        assertThat(outcome.status()).isEqualTo(Status.GENERATED);
        assertThat(outcome.written()).isEmpty();
        assertThat(GenerationState.read(stateFile())).isPresent();
    }

    private Path schema(String relative, String text) throws IOException {
        Path file = project.resolve("src/main/sdo").resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    private List<Path> generatedFiles() throws IOException {
        try (Stream<Path> files = Files.walk(out())) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static void age(List<Path> files) throws IOException {
        for (Path file : files) {
            Files.setLastModifiedTime(file, LONG_AGO);
        }
    }

    private static void assertAged(List<Path> files) throws IOException {
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            assertThat(Files.getLastModifiedTime(file)).as(file.toString()).isEqualTo(LONG_AGO);
        }
    }

    private static Map<Path, String> contents(List<Path> files) throws IOException {
        Map<Path, String> contents = new HashMap<>();
        for (Path file : files) {
            contents.put(file, Files.readString(file));
        }
        return contents;
    }
}
