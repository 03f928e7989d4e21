package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo runs end to end on a small count and prints its sizes and times; the timings are not checked. */
class FpmlDemoTest {

    @Test
    void printsTheSizesAndTimes(@TempDir Path directory) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new FpmlDemo(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(FpmlDemo.MEASURED_BEANS, directory);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines.get(0)).startsWith("Generated 1,000 FpML interest rate swaps");
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  XML").endsWith(" B"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  beans on the heap").endsWith(" B"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  SDOs").endsWith(" B"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  read the XML into beans").endsWith(" ms"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  read the XML into a batch").endsWith(" ms"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("Trade 1, stream ")
                .contains("resetFrequency").contains("is 1 byte"));
        for (String name : PublishedExamples.NAMES) {
            assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  " + name + " (").endsWith(" B"));
        }
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  ird-ex08-fra.xml (fra)"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  ird-ex22-cap.xml (cap floor)"));
        assertThat(lines).anySatisfy(line -> assertThat(line)
                .startsWith("The same 1,000 trades read by the imported model into a TradeBatch"));
        assertThat(lines).anySatisfy(line -> assertThat(line).matches("  all +142 .* B .* B .*x .* ms .* ms"));
    }
}
