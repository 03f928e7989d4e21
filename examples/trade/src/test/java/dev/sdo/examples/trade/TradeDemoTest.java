package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo runs end to end on a small count and prints its comparison; its timings are not checked. */
class TradeDemoTest {

    @Test
    void printsTheComparisonTable(@TempDir Path directory) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new TradeDemo(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(TradeDemo.MEASURED_BEANS, directory);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines.get(0)).startsWith("Generated 10,000 FX trades as CSV");
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  read the CSV").contains(" ms"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  sort by Amount1").contains(" ms"));
        // 10,000 records of 27 bytes in blocks with small headers, and a footer: 0.3 MB.
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  file size").endsWith(" 0.3 MB"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  read the file back").contains(" ms"));
    }
}
