package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaFileSelectorTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultIncludeFindsSchemasAtAnyDepthAndNothingElse() throws IOException {
        touch("trade.sdo", "fx/option.sdo", "fx/deep/er/swap.sdo", "notes.txt", "fx/trade.sdo.bak");

        List<Path> selected = new SchemaFileSelector(List.of("**/*.sdo"), List.of()).select(dir);

        assertThat(selected).containsExactly(
                dir.resolve("fx/deep/er/swap.sdo"), dir.resolve("fx/option.sdo"), dir.resolve("trade.sdo"));
    }

    @Test
    void excludesWin() throws IOException {
        touch("trade.sdo", "common/side.sdo", "common/currency.sdo");

        List<Path> selected = new SchemaFileSelector(List.of("**/*.sdo"), List.of("common/**")).select(dir);

        assertThat(selected).containsExactly(dir.resolve("trade.sdo"));
    }

    @Test
    void antPatterns() {
        SchemaFileSelector selector = new SchemaFileSelector(List.of("a/*.sdo", "b/**/x?.sdo", "c/"), List.of());

        assertThat(selector.matches("a/t.sdo")).isTrue();
        assertThat(selector.matches("a/sub/t.sdo")).as("* stays within one folder").isFalse();
        assertThat(selector.matches("b/x1.sdo")).as("**/ may match no folder").isTrue();
        assertThat(selector.matches("b/p/q/x2.sdo")).isTrue();
        assertThat(selector.matches("b/x12.sdo")).as("? is one character").isFalse();
        assertThat(selector.matches("c/anything/at/all")).as("a trailing / means everything below").isTrue();
        assertThat(selector.matches("a.sdo")).isFalse();
    }

    @Test
    void patternCharactersThatMeanSomethingInRegexAreLiteral() {
        SchemaFileSelector selector = new SchemaFileSelector(List.of("v1.0+/(x).sdo"), List.of());

        assertThat(selector.matches("v1.0+/(x).sdo")).isTrue();
        assertThat(selector.matches("v1x0+/(x).sdo")).isFalse();
    }

    private void touch(String... relativePaths) throws IOException {
        for (String relative : relativePaths) {
            Path file = dir.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, "");
        }
    }
}
