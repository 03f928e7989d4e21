package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
