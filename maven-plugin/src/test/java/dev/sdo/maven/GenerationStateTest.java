package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerationStateTest {
    @TempDir
    Path dir;

    private GenerationState sample() {
        TreeMap<String, String> outputs = new TreeMap<>();
        outputs.put("com/example/Trade Sdo.java", "ab12");
        outputs.put("com/example/Side.java", "cd34");
        return new GenerationState("f00d", dir.resolve("out dir"),
                List.of(dir.resolve("src/a b.sdo"), dir.resolve("src/c.sdo")), outputs);
    }

    @Test
    void whatIsWrittenIsReadBackIncludingPathsWithSpaces() throws IOException {
        Path file = dir.resolve("target/sdo-maven-plugin/generate-default.state");

        sample().write(file);

        assertThat(GenerationState.read(file)).contains(sample());
        assertThat(sample().outputFiles()).containsEntry(dir.resolve("out dir/com/example/Trade Sdo.java"), "ab12");
        assertThat(dir.resolve("target/sdo-maven-plugin")).isDirectoryNotContaining("glob:**.tmp");
    }

    @Test
    void aMissingForeignOrTruncatedFileIsNoState() throws IOException {
        Path file = dir.resolve("state");
        assertThat(GenerationState.read(file)).isEmpty();

        sample().write(file);
        List<String> lines = Files.readAllLines(file);
        Files.write(file, lines.subList(0, lines.size() - 1));
        assertThat(GenerationState.read(file)).as("no end line").isEmpty();

        Files.write(file, lines.subList(1, lines.size()));
        assertThat(GenerationState.read(file)).as("no header").isEmpty();

        Files.writeString(file, "");
        assertThat(GenerationState.read(file)).isEmpty();
    }

    @Test
    void outputsAreIntactOnlyWhileEveryFileHoldsTheBytesWritten() throws IOException {
        Path out = dir.resolve("out");
        Path a = Files.createDirectories(out.resolve("p")).resolve("A.java");
        Files.writeString(a, "class A {}");
        TreeMap<String, String> outputs = new TreeMap<>();
        outputs.put("p/A.java", ContentHash.of(Files.readAllBytes(a)));
        GenerationState state = new GenerationState("f", out, List.of(), outputs);

        assertThat(state.outputsIntact()).isTrue();
        Files.writeString(a, "class A { }");
        assertThat(state.outputsIntact()).isFalse();
        Files.delete(a);
        assertThat(state.outputsIntact()).isFalse();
    }
}
