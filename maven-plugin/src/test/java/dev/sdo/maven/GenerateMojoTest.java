package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generate goal configured with its defaults, as Maven would configure it, but run without Maven. */
class GenerateMojoTest {
    @TempDir
    Path basedir;

    private final GenerateMojo mojo = new GenerateMojo();
    private final List<String> errors = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();

    @BeforeEach
    void configureWithDefaults() {
        MavenProject project = new MavenProject();
        project.setFile(basedir.resolve("pom.xml").toFile());
        mojo.project = project;
        mojo.sourceDirectory = basedir.resolve("src/main/sdo").toFile();
        mojo.outputDirectory = basedir.resolve("target/generated-sources/sdo").toFile();
        mojo.includes = new String[] {"**/*.sdo"};
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void error(CharSequence content) {
                errors.add(content.toString());
            }

            @Override
            public void info(CharSequence content) {
                infos.add(content.toString());
            }
        });
    }

    @Test
    void generatesIntoTheOutputDirectoryAndAddsItAsASourceRoot() throws Exception {
        schema("src/main/sdo/fpml/reset-frequency.sdo", """
                package org.fpml.sdo;
                enum PeriodEnum { D, W, M, Q, Y }
                record ResetFrequency { periodMultiplier: int(1..31) as BigInteger; period: PeriodEnum; }
                """);

        mojo.execute();

        assertThat(mojo.outputDirectory.toPath().resolve("org/fpml/sdo/ResetFrequencySdo.java")).isRegularFile();
        assertThat(mojo.project.getCompileSourceRoots()).contains(mojo.outputDirectory.getPath());
        assertThat(errors).isEmpty();
    }

    @Test
    void aMissingSourceDirectoryIsAnInfoLineNotAFailure() throws Exception {
        mojo.execute();

        assertThat(infos).anySatisfy(line -> assertThat(line).contains("does not exist"));
        assertThat(mojo.project.getCompileSourceRoots()).contains(mojo.outputDirectory.getPath());
        assertThat(mojo.outputDirectory).doesNotExist();
    }

    @Test
    void schemaErrorsAreLoggedThenFailTheBuildWithTheCountAndTheFirst() throws IOException {
        schema("src/main/sdo/bad.sdo", """
                package p;
                record R { a: Nope; b: Nope2; }
                """);

        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("2 schema errors; the first: src/main/sdo/bad.sdo:2:15: error: ");
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).startsWith("src/main/sdo/bad.sdo:2:15: error: ");
        assertThat(errors.get(1)).startsWith("src/main/sdo/bad.sdo:2:24: error: ");
        assertThat(mojo.outputDirectory).doesNotExist();
    }

    @Test
    void excludedSchemasAreNotCompiled() throws Exception {
        schema("src/main/sdo/bad.sdo", "not a schema");
        mojo.excludes = new String[] {"bad.sdo"};

        mojo.execute();

        assertThat(errors).isEmpty();
        assertThat(infos).anySatisfy(line -> assertThat(line).startsWith("No SDO schemas in"));
    }

    @Test
    void skipDoesNothing() throws Exception {
        schema("src/main/sdo/bad.sdo", "not a schema");
        mojo.skip = true;

        mojo.execute();

        assertThat(errors).isEmpty();
        assertThat(infos).containsExactly("Skipping SDO generation (sdo.skip)");
    }

    private void schema(String relative, String text) throws IOException {
        Path file = basedir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

}
