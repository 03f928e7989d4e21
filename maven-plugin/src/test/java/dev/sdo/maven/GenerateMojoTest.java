package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.model.Build;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonatype.plexus.build.incremental.BuildContext;
import org.sonatype.plexus.build.incremental.DefaultBuildContext;

/** The goals configured with their defaults, as Maven would configure them, but run without Maven. */
class GenerateMojoTest {
    @TempDir
    Path basedir;

    private final RecordingBuildContext buildContext = new RecordingBuildContext();
    private final GenerateMojo mojo = new GenerateMojo(buildContext);
    private final GenerateTestMojo testMojo = new GenerateTestMojo(buildContext);
    private final List<String> errors = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();

    @BeforeEach
    void configureWithDefaults() {
        MavenProject project = new MavenProject();
        project.setFile(basedir.resolve("pom.xml").toFile());
        Build build = new Build();
        build.setDirectory(basedir.resolve("target").toString());
        project.setBuild(build);
        SystemStreamLog log = new SystemStreamLog() {
            @Override
            public void error(CharSequence content) {
                errors.add(content.toString());
            }

            @Override
            public void info(CharSequence content) {
                infos.add(content.toString());
            }
        };
        for (AbstractGenerateMojo goal : List.of(mojo, testMojo)) {
            goal.project = project;
            goal.includes = new String[] {"**/*.sdo"};
            goal.setLog(log);
        }
        mojo.sourceDirectory = basedir.resolve("src/main/sdo").toFile();
        mojo.outputDirectory = basedir.resolve("target/generated-sources/sdo").toFile();
        testMojo.testSourceDirectory = basedir.resolve("src/test/sdo").toFile();
        testMojo.testOutputDirectory = basedir.resolve("target/generated-test-sources/sdo").toFile();
    }

    @Test
    void generatesIntoTheOutputDirectoryAddsItAsASourceRootAndRefreshesTheWrittenFiles() throws Exception {
        schema("src/main/sdo/fpml/reset-frequency.sdo", """
                package org.fpml.sdo;
                enum PeriodEnum { D, W, M, Q, Y }
                record ResetFrequency { periodMultiplier: int(1..31) as BigInteger; period: PeriodEnum; }
                """);

        mojo.execute();

        Path generated = mojo.outputDirectory.toPath().resolve("org/fpml/sdo/ResetFrequencySdo.java");
        assertThat(generated).isRegularFile();
        assertThat(mojo.project.getCompileSourceRoots()).contains(mojo.outputDirectory.getPath());
        assertThat(buildContext.refreshed).contains(generated.toFile());
        assertThat(basedir.resolve("target/sdo-maven-plugin/generate-default.state")).isRegularFile();
        assertThat(errors).isEmpty();
        assertThat(infos).anySatisfy(line -> assertThat(line).startsWith("Generated ")
                .endsWith("from 1 schema into target/generated-sources/sdo"));
    }

    @Test
    void aSecondRunIsUpToDateRefreshesNothingAndStillAddsTheSourceRoot() throws Exception {
        schema("src/main/sdo/rate.sdo", "package p;\nrecord Rate { days: int(1..3650); }\n");
        mojo.execute();
        buildContext.refreshed.clear();
        MavenProject fresh = new MavenProject();
        fresh.setFile(basedir.resolve("pom.xml").toFile());
        fresh.setBuild(mojo.project.getBuild());
        mojo.project = fresh;

        mojo.execute();

        assertThat(buildContext.refreshed).isEmpty();
        assertThat(fresh.getCompileSourceRoots()).contains(mojo.outputDirectory.getPath());
        assertThat(infos).last().isEqualTo("SDO sources in target/generated-sources/sdo are up to date (1 schema)");
    }

    @Test
    void compatibleWithFailsTheBuildWithTheLinesOfSdocCompatWhenARecordNoLongerReadsTheOthersData()
            throws Exception {
        schema("previous/quote.sdo", "package p;\nrecord Quote {\n    bid: int32;\n    ask: int32;\n}\n");
        Path current = schema("src/main/sdo/quote.sdo",
                "package p;\nrecord Quote {\n    bid: int32;\n    ask: int64;\n}\n");
        mojo.compatibleWith = basedir.resolve("previous").toFile();

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage("1 record of the schemas cannot be read across versions with previous (compatibleWith);"
                        + " the first: p.Quote (OLD version 1, NEW version 1): NEW reads OLD's data: no; OLD reads"
                        + " NEW's data: no " + current + ":4:10: field 'ask' changed from int32 to int64");
        assertThat(errors).containsExactly(
                "p.Quote (OLD version 1, NEW version 1): NEW reads OLD's data: no; OLD reads NEW's data: no",
                "  " + current + ":4:10: field 'ask' changed from int32 to int64");
    }

    @Test
    void compatibleWithPassesACompatibleEvolutionAndSaysSo() throws Exception {
        schema("previous.sdo", "package p;\nenum Side { BUY, SELL, SHORT }\nrecord Quote {\n    side: Side;\n}\n");
        schema("src/main/sdo/quote.sdo", "package p;\nenum Side { BUY, SELL, SHORT, CROSS @since(2) }\n"
                + "record Quote {\n    side: Side;\n    venue: char(4) optional @since(2);\n}\n");
        mojo.compatibleWith = basedir.resolve("previous.sdo").toFile();

        mojo.execute();

        assertThat(errors).isEmpty();
        assertThat(infos).contains("p.Quote (OLD version 1, NEW version 2): NEW reads OLD's data: yes; OLD reads"
                + " NEW's data: yes, except records holding an enum constant it does not know")
                .last().isEqualTo("Compatible with previous.sdo: each version reads the other's data");
    }

    @Test
    void withoutCompatibleWithNoCheckRuns() throws Exception {
        schema("src/main/sdo/quote.sdo", "package p;\nrecord Quote { bid: int32; }\n");

        mojo.execute();

        assertThat(infos).noneMatch(line -> line.startsWith("Compatible with") || line.startsWith("p.Quote"));
    }

    @Test
    void generateTestUsesTheTestFoldersAndAddsATestSourceRoot() throws Exception {
        schema("src/test/sdo/fixture.sdo", "package t;\nrecord Fixture { n: uint8; }\n");

        testMojo.execute();

        assertThat(testMojo.testOutputDirectory.toPath().resolve("t/FixtureSdo.java")).isRegularFile();
        assertThat(testMojo.project.getTestCompileSourceRoots()).contains(testMojo.testOutputDirectory.getPath());
        assertThat(testMojo.project.getCompileSourceRoots()).doesNotContain(testMojo.testOutputDirectory.getPath());
        assertThat(basedir.resolve("target/sdo-maven-plugin/generate-test-default.state")).isRegularFile();
    }

    @Test
    void aMissingSourceDirectoryIsAnInfoLineNotAFailure() throws Exception {
        mojo.execute();

        assertThat(infos).containsExactly("No SDO schemas: src/main/sdo does not exist");
        assertThat(mojo.project.getCompileSourceRoots()).contains(mojo.outputDirectory.getPath());
        assertThat(mojo.outputDirectory).doesNotExist();
    }

    @Test
    void schemaErrorsAreLoggedMarkedOnTheSchemaAndFailTheBuildWithTheCountAndTheFirst() throws IOException {
        Path bad = schema("src/main/sdo/bad.sdo", """
                package p;
                record R { a: Nope; b: Nope2; }
                """);

        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("2 schema errors; the first: src/main/sdo/bad.sdo:2:15: error: ");
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).startsWith("src/main/sdo/bad.sdo:2:15: error: ");
        assertThat(errors.get(1)).startsWith("src/main/sdo/bad.sdo:2:24: error: ");
        assertThat(buildContext.messages).extracting(m -> m.file(), m -> m.line(), m -> m.column(), m -> m.severity())
                .containsExactly(
                        tuple(bad.toFile(), 2, 15, BuildContext.SEVERITY_ERROR),
                        tuple(bad.toFile(), 2, 24, BuildContext.SEVERITY_ERROR));
        assertThat(buildContext.messages.get(0).message()).contains("Nope").doesNotContain("bad.sdo");
        assertThat(mojo.outputDirectory).doesNotExist();
    }

    @Test
    void plainMavensBuildContextIsNotAskedToRepeatTheErrors() throws IOException {
        // DefaultBuildContext only logs messages (here it has no logger at all): the goal's own line is enough.
        mojo.buildContext = new DefaultBuildContext();
        schema("src/main/sdo/bad.sdo", "package p;\nrecord R { a: Nope; }\n");

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);

        assertThat(errors).containsExactly("src/main/sdo/bad.sdo:2:15: error: unknown type 'Nope'");
    }

    @Test
    void aFixedSchemaLosesItsMarkers() throws Exception {
        Path schema = schema("src/main/sdo/r.sdo", "package p;\nrecord R { a: Nope; }\n");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);
        assertThat(buildContext.messages).hasSize(1);

        schema("src/main/sdo/r.sdo", "package p;\nrecord R { a: uint8; }\n");
        mojo.execute();

        assertThat(buildContext.messagesRemoved).contains(schema.toFile());
        assertThat(buildContext.messages).isEmpty();
    }

    @Test
    void excludedSchemasAreNotCompiled() throws Exception {
        schema("src/main/sdo/bad.sdo", "not a schema");
        mojo.excludes = new String[] {"bad.sdo"};

        mojo.execute();

        assertThat(errors).isEmpty();
        assertThat(infos).containsExactly("No SDO schemas in src/main/sdo match [**/*.sdo]");
    }

    @Test
    void skipDoesNothing() throws Exception {
        schema("src/main/sdo/bad.sdo", "not a schema");
        mojo.skip = true;

        mojo.execute();

        assertThat(errors).isEmpty();
        assertThat(infos).containsExactly("Skipping SDO generation (sdo.skip)");
        assertThat(mojo.project.getCompileSourceRoots()).doesNotContain(mojo.outputDirectory.getPath());
    }

    private Path schema(String relative, String text) throws IOException {
        Path file = basedir.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
