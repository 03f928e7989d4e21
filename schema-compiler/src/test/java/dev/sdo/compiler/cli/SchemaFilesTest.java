package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaFilesTest {

    @Test
    void keepsEachFileOnceAsFirstSpelled() {
        Path a = Path.of("schemas/a.sdo");
        Path sameA = Path.of("schemas/./x/../a.sdo");
        Path absoluteA = a.toAbsolutePath();
        Path b = Path.of("b.sdo");

        assertThat(SchemaFiles.distinct(List.of(a, b, sameA, absoluteA, b))).containsExactly(a, b);
    }

    @Test
    void keepsTheOrderGiven() {
        assertThat(SchemaFiles.distinct(List.of(Path.of("z.sdo"), Path.of("a.sdo"))))
                .containsExactly(Path.of("z.sdo"), Path.of("a.sdo"));
    }

    @Test
    void aDirectoryStandsForItsSdoFilesInTheOrderOfTheirPaths(@TempDir Path dir) throws IOException {
        Path b = Schemas.write(dir, "s/b.sdo", "");
        Path a = Schemas.write(dir, "s/sub/a.sdo", "");
        Path first = Schemas.write(dir, "s/a.sdo", "");
        Schemas.write(dir, "s/notes.txt", "");
        Path other = Schemas.write(dir, "other.sdo", "");

        assertThat(SchemaFiles.expand(List.of(other, dir.resolve("s"), b)))
                .containsExactly(other, first, b, a);
    }

    @Test
    void aDirectoryWithoutSdoFilesIsAnError(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> SchemaFiles.expand(List.of(dir.resolve("empty"))))
                .isInstanceOf(IOException.class).hasMessage(dir.resolve("empty") + ": the directory holds no .sdo file");
    }
}
