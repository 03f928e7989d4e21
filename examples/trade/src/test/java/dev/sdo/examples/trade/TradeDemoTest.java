package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo runs end to end on a small count and prints its comparison; its timings are not checked. */
class TradeDemoTest {

    @Test
    void printsTheComparisonTable() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new TradeDemo(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(TradeDemo.MEASURED_BEANS);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  bytes in memory").endsWith(" 27"));
        assertThat(lines).contains("10,000 generated trades (the samples cycled, dates and amounts varied):");
        // 10,000 records of 27 bytes, back to back.
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  serialised size").endsWith(" 0.3 MB"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("  serialise + read back").contains(" ms"));
    }
}
