package dev.sdo.compiler.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.cli.Sdoc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The manual's CLI page has a row for every command {@code sdoc} has, and for none that it lacks. */
class CliPageTest {

    @Test
    void theCommandTableNamesEveryCommandOfSdoc() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "manual", "cli.md"));
        Set<String> commands = Sdoc.commandLine().getSubcommands().keySet();

        assertThat(commands).hasSizeGreaterThan(5);
        for (String command : commands) {
            assertThat(page).as("a row for sdoc %s", command).contains("| `sdoc " + command);
        }
        assertThat(page.lines().filter(line -> line.startsWith("| `sdoc "))).hasSameSizeAs(commands);
    }
}
