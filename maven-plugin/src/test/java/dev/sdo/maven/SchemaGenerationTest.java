package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.maven.SchemaGeneration.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaGenerationTest {
    @TempDir
    Path project;

    private static final String RESET_FREQUENCY = """
            package org.fpml.sdo;
            enum PeriodEnum { D, W, M, Q, Y }
            record ResetFrequency {
                periodMultiplier: int(1..31) as BigInteger;
                period:           PeriodEnum;
            }
            """;

    @Test
    void writesTheSourcesInPackageFolders() throws IOException {
        Path schema = schema("src/main/sdo/fpml/reset-frequency.sdo", RESET_FREQUENCY);
        Path out = project.resolve("target/generated-sources/sdo");

        Outcome outcome = new SchemaGeneration(project, out).run(List.of(schema));

        assertThat(outcome.errors()).isEmpty();
        assertThat(outcome.written()).contains(out.resolve("org/fpml/sdo/ResetFrequencySdo.java"),
                out.resolve("org/fpml/sdo/PeriodEnum.java"));
        assertThat(out.resolve("org/fpml/sdo/ResetFrequencySdo.java")).isRegularFile();
    }

    @Test
    void aSecondRunWithTheSameSchemaTouchesNothing() throws IOException {
        Path schema = schema("src/main/sdo/reset-frequency.sdo", RESET_FREQUENCY);
        Path out = project.resolve("out");
        SchemaGeneration generation = new SchemaGeneration(project, out);
        Outcome first = generation.run(List.of(schema));
        FileTime longAgo = FileTime.fromMillis(1_000_000_000_000L);
        for (Path file : first.written()) {
            Files.setLastModifiedTime(file, longAgo);
        }

        Outcome second = generation.run(List.of(schema));

        assertThat(second.written()).isEmpty();
        assertThat(second.unchanged()).containsExactlyInAnyOrderElementsOf(first.written());
        for (Path file : first.written()) {
            assertThat(Files.getLastModifiedTime(file)).isEqualTo(longAgo);
        }
    }

    @Test
    void schemaErrorsNameTheFileRelativeToTheProjectAndNothingIsWritten() throws IOException {
        Path schema = schema("src/main/sdo/bad.sdo", """
                package p;
                record R { a: Nope; }
                """);
        Path out = project.resolve("out");

        Outcome outcome = new SchemaGeneration(project, out).run(List.of(schema));

        assertThat(outcome.failed()).isTrue();
        assertThat(outcome.errors()).hasSize(1);
        assertThat(outcome.errors().get(0)).startsWith("src/main/sdo/bad.sdo:2:15: error: ").contains("Nope");
        assertThat(outcome.written()).isEmpty();
        assertThat(out).doesNotExist();
    }

    private Path schema(String relative, String text) throws IOException {
        Path file = project.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
