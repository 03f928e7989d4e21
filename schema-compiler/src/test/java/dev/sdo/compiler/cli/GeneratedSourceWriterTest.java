package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.generate.GeneratedSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedSourceWriterTest {
    @TempDir
    Path dir;

    private static final GeneratedSource A = new GeneratedSource("p.q.A", "p/q/A.java", "package p.q; class A {}\n");
    private static final GeneratedSource B = new GeneratedSource("B", "B.java", "class B { String s = \"é\"; }\n");

    @Test
    void writesEachSourceAsUtf8InItsPackageFolder() throws IOException {
        GeneratedSourceWriter.Result result = new GeneratedSourceWriter(dir.resolve("out")).write(List.of(A, B));

        assertThat(dir.resolve("out/p/q/A.java")).hasContent(A.content());
        assertThat(Files.readAllBytes(dir.resolve("out/B.java"))).isEqualTo(B.content().getBytes("UTF-8"));
        assertThat(result.written()).containsExactly(dir.resolve("out/p/q/A.java"), dir.resolve("out/B.java"));
        assertThat(result.unchanged()).isEmpty();
    }

    @Test
    void leavesFilesWithTheSameBytesUntouched() throws IOException {
        GeneratedSourceWriter writer = new GeneratedSourceWriter(dir);
        writer.write(List.of(A, B));
        FileTime longAgo = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(dir.resolve("p/q/A.java"), longAgo);
        Files.setLastModifiedTime(dir.resolve("B.java"), longAgo);
        GeneratedSource changedB = new GeneratedSource("B", "B.java", "class B {}\n");

        GeneratedSourceWriter.Result result = writer.write(List.of(A, changedB));

        assertThat(result.unchanged()).containsExactly(dir.resolve("p/q/A.java"));
        assertThat(result.written()).containsExactly(dir.resolve("B.java"));
        assertThat(Files.getLastModifiedTime(dir.resolve("p/q/A.java"))).isEqualTo(longAgo);
        assertThat(dir.resolve("B.java")).hasContent("class B {}\n");
    }

    @Test
    void replacesAFileWhoseContentDiffers() throws IOException {
        Files.createDirectories(dir.resolve("p/q"));
        Files.writeString(dir.resolve("p/q/A.java"), "stale");

        new GeneratedSourceWriter(dir).write(List.of(A));

        assertThat(dir.resolve("p/q/A.java")).hasContent(A.content());
    }

    @Test
    void aFileInTheWayIsAnErrorNamingTheFile() throws IOException {
        Files.writeString(dir.resolve("p"), "a file where a package folder should go");

        assertThatThrownBy(() -> new GeneratedSourceWriter(dir).write(List.of(A)))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot write " + dir.resolve("p/q/A.java") + ": ");
    }
}
