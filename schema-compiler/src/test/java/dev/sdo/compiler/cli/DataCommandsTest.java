package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code sdoc convert}, {@code dump}, {@code check} and {@code generate-trades} on the sample files and on bad input. */
class DataCommandsTest {
    private static final String TRADES = resource("/data/trades.csv");
    private static final String RESET_FREQUENCY = resource("/data/reset-frequency.xml");

    @TempDir
    Path dir;

    @Test
    void theSampleTradesConvertAndDumpBackToTheSameRows() throws IOException {
        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        Path csv = write("trades.csv", TRADES);
        SdocRun convert = SdocRun.of("convert", "--schema", schema.toString(), csv.toString(),
                "-o", dir.resolve("trades.sdob").toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).contains("10 Trade records of 27 bytes");

        SdocRun dump = SdocRun.of("dump", "--schema", schema.toString(), dir.resolve("trades.sdob").toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        List<String> expected = TRADES.lines().toList();
        List<String> actual = dump.out().lines().toList();
        assertThat(actual).hasSameSizeAs(expected);
        assertThat(actual.get(0)).isEqualToIgnoringCase(expected.get(0));
        for (int row = 1; row < expected.size(); row++) {
            assertSameValues(actual.get(row).split(","), expected.get(row).split(","));
        }
    }

    /** Cells equal as text, or as numbers where both are numbers (the dump writes each decimal at its scale). */
    private static void assertSameValues(String[] actual, String[] expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i].matches("[0-9.]+")) {
                assertThat(new BigDecimal(actual[i])).as("column %d", i + 1).isEqualByComparingTo(expected[i]);
            } else {
                assertThat(actual[i]).as("column %d", i + 1).isEqualTo(expected[i]);
            }
        }
    }

    @Test
    void theFpmlResetFrequencyConvertsAndDumpsAsCsvJsonAndXml() throws IOException {
        Path schema = write("reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        Path xml = write("reset-frequency.xml", RESET_FREQUENCY);
        Path batch = dir.resolve("rf.sdob");
        assertThat(SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", batch.toString())
                .exitCode()).isZero();

        assertThat(SdocRun.of("dump", "-s", schema.toString(), batch.toString()).out())
                .isEqualTo("periodMultiplier,period\n6,M\n");
        assertThat(SdocRun.of("dump", "-s", schema.toString(), "--format", "json", batch.toString()).out())
                .isEqualTo("[\n  {\"periodMultiplier\": 6, \"period\": \"M\"}\n]\n");
        String dumpedXml = SdocRun.of("dump", "-s", schema.toString(), "-f", "xml", batch.toString()).out();
        assertThat(dumpedXml.replaceAll("\\s+", "")).isEqualTo(RESET_FREQUENCY.replaceAll("\\s+", "")
                .replace("'", "\""));

        // The dumped XML converts again to the same record.
        Path again = dir.resolve("again.sdob");
        assertThat(SdocRun.of("convert", "-s", schema.toString(), write("again.xml", dumpedXml).toString(),
                "-o", again.toString()).exitCode()).isZero();
        assertThat(SdocRun.of("dump", "-s", schema.toString(), again.toString()).out()).isEqualTo("periodMultiplier,period\n6,M\n");
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of("a missing column", "3,22/07/2014,Buy,GBP,7000000.00,172.99,JPY,1210930000",
                        "the row has 8 columns, not 9", "Trade.settlementDate"),
                Arguments.of("an extra column", "3,22/07/2014,Buy,GBP,7000000.00,172.99,JPY,1210930000,05/08/2014,x",
                        "the row has 10 columns, not 9", "column 10 is extra"),
                Arguments.of("a date that does not parse", "3,22/13/2014,Buy,GBP,7000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.tradeDate", "\"22/13/2014\" is not a valid date"),
                Arguments.of("a date out of range", "3,22/07/1999,Buy,GBP,7000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.tradeDate", "out of range; allowed: 2000-01-01..2099-12-31"),
                Arguments.of("an integer out of range", "-3,22/07/2014,Buy,GBP,7000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.id", "out of range; allowed: 0..4294967295"),
                Arguments.of("too many decimals", "3,22/07/2014,Buy,GBP,7000000.00,172.9912345,JPY,1210930000,05/08/2014",
                        "Trade.exchangeRate", "more than 6 decimals"),
                Arguments.of("a decimal too large", "3,22/07/2014,Buy,GBP,70000000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.amount1", "out of range"),
                Arguments.of("a string outside its alphabet", "3,22/07/2014,Buy,GbP,7000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.currency1", "'b', outside the alphabet"),
                Arguments.of("a string too long", "3,22/07/2014,Buy,GBP,7000000.00,172.99,JPYN,1210930000,05/08/2014",
                        "Trade.currency2", "too long; allowed: at most 3 characters"),
                Arguments.of("an unknown enum text", "3,22/07/2014,Hold,GBP,7000000.00,172.99,JPY,1210930000,05/08/2014",
                        "Trade.buySell", "\"Hold\" is no constant of the enum; allowed: Buy, Sell"),
                Arguments.of("a missing value", "3,22/07/2014,Buy,GBP,,172.99,JPY,1210930000,05/08/2014",
                        "Trade.amount1", "the value is missing"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRows")
    void aBadRowStopsTheConversionAtItsLineAndFieldAndLeavesNoOutput(String what, String row, String message,
            String detail) throws IOException {
        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        List<String> lines = new java.util.ArrayList<>(TRADES.lines().toList());
        lines.set(3, row);
        Path csv = write("trades.csv", String.join("\n", lines) + "\n");
        Path output = dir.resolve("trades.sdob");
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", output.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith(csv + ":4:").contains(": error: ").contains(message).contains(detail)
                .doesNotContain("Exception").doesNotContain("\tat ");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("trade.sdo",
                    "trades.csv");
        }
    }

    @Test
    void filesOfOneSchemaVersionDumpWithAnother() throws IOException {
        String v1 = """
                package t;
                @csv(header = true)
                record Q { id: uint8; name: char(4); }
                """;
        Path schema1 = write("q1.sdo", v1);
        Path schema2 = write("q2.sdo", v1.replace("name: char(4); }",
                "name: char(4); rank: int(1..5) @since(2); note: bool optional @since(2); }"));
        Path old = dir.resolve("q1.sdob");
        Path newer = dir.resolve("q2.sdob");
        assertThat(SdocRun.of("convert", "-s", schema1.toString(), write("q1.csv", "id,name\n1,ab\n2,cd\n").toString(),
                "-o", old.toString()).exitCode()).isZero();
        assertThat(SdocRun.of("convert", "-s", schema2.toString(),
                write("q2.csv", "id,name,rank,note\n3,ef,4,true\n").toString(), "-o", newer.toString()).exitCode())
                .isZero();

        // Version 2's schema reads version 1's records, which have only version 1's fields ...
        assertThat(SdocRun.of("dump", "-s", schema2.toString(), old.toString()).out()).isEqualTo("id,name\n1,ab\n2,cd\n");
        // ... and version 1's reads as much of version 2's records as it knows.
        assertThat(SdocRun.of("dump", "-s", schema1.toString(), newer.toString()).out()).isEqualTo("id,name\n3,ef\n");
        assertThat(SdocRun.of("dump", "-s", schema2.toString(), newer.toString()).out())
                .isEqualTo("id,name,rank,note\n3,ef,4,true\n");

        Path changed = write("q3.sdo", v1.replace("char(4)", "char(5)"));
        SdocRun refused = SdocRun.of("dump", "-s", changed.toString(), newer.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).startsWith("sdoc: error: " + newer + ": file header at byte offset 32: the file "
                + "holds t.Q records of schema version 2").contains("they disagree on version 1")
                .contains("): field name: char(4) in the file, char(5) in this schema;");
    }

    @Test
    void filesOfRecordsWithStringsOfOneSchemaVersionDumpWithAnotherThroughTheGenericRecords() throws IOException {
        String v1 = """
                package t;
                @csv(header = true)
                @xml(name = "n")
                record N { id: uint8; name: string; }
                """;
        Path schema1 = write("n1.sdo", v1);
        Path schema2 = write("n2.sdo", v1.replace("name: string; }",
                "name: string; rank: int(1..5) = 3 @since(2); note: string optional @since(2); }"));
        Path old = dir.resolve("n1.sdob");
        Path newer = dir.resolve("n2.sdob");
        assertThat(SdocRun.of("convert", "-s", schema1.toString(), write("n1.csv", "id,name\n1,ab\n").toString(),
                "-o", old.toString()).exitCode()).isZero();
        assertThat(SdocRun.of("convert", "-s", schema2.toString(),
                write("n2.csv", "id,name,rank,note\n3,ef,4,x\n").toString(), "-o", newer.toString()).exitCode())
                .isZero();

        // Version 2's schema reads version 1's records: its fields added since as their default or absent ...
        assertThat(SdocRun.of("dump", "-s", schema2.toString(), "-f", "json", old.toString()).out())
                .isEqualTo("[\n  {\"id\": 1, \"name\": \"ab\", \"rank\": 3, \"note\": null}\n]\n");
        assertThat(SdocRun.of("dump", "-s", schema2.toString(), old.toString()).out())
                .isEqualTo("id,name,rank,note\n1,ab,3,\n");
        assertThat(SdocRun.of("dump", "-s", schema2.toString(), "-f", "xml", old.toString()).out())
                .isEqualTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<n xmlns=\"\">\n  <id>1</id>\n  <name>ab</name>\n</n>\n");
        // ... and version 1's reads version 2's without the fields it does not know.
        assertThat(SdocRun.of("dump", "-s", schema1.toString(), "-f", "json", newer.toString()).out())
                .isEqualTo("[\n  {\"id\": 3, \"name\": \"ef\"}\n]\n");
        assertThat(SdocRun.of("dump", "-s", schema1.toString(), newer.toString()).out()).isEqualTo("id,name\n3,ef\n");
        assertThat(SdocRun.of("check", "-s", schema1.toString(), newer.toString()).exitCode()).isZero();

        Path changed = write("n3.sdo", v1.replace("name: string", "name: bytes"));
        SdocRun refused = SdocRun.of("dump", "-s", changed.toString(), "-f", "json", newer.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.err()).startsWith("sdoc: error: " + newer + ": ").contains("holds t.N records of schema "
                + "version 2").contains("field name: string in the file, bytes in this schema");
    }

    @Test
    void theColumnOfABadValueIsWhereItsCellStarts() throws IOException {
        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        Path csv = write("trades.csv", TRADES.replace("2,21/07/2014,Sell,USD", "2,21/07/2014,Sel,USD"));
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", dir.resolve("t.sdob")
                .toString());
        // Line 3 (the header is line 1), column 14: the cell after the 13 characters "2,21/07/2014,".
        assertThat(run.err()).startsWith(csv + ":3:14: error: Trade.buySell: \"Sel\"");
    }

    @Test
    void skipBadSkipsBadRowsAndReportsHowMany() throws IOException {
        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        Path csv = write("trades.csv", TRADES.replace(",Buy,GBP,", ",Hold,GBP,"));
        Path output = dir.resolve("trades.sdob");
        SdocRun run = SdocRun.of("convert", "--skip-bad", "-s", schema.toString(), csv.toString(), "-o",
                output.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines()).containsExactly(
                csv + ":4:14: warning: skipped: Trade.buySell: \"Hold\" is no constant of the enum; allowed: Buy, "
                        + "Sell (column \"BuySell\")",
                csv + ":10:14: warning: skipped: Trade.buySell: \"Hold\" is no constant of the enum; allowed: Buy, "
                        + "Sell (column \"BuySell\")",
                "skipped 2 bad rows");
        String dumped = SdocRun.of("dump", "-s", schema.toString(), output.toString()).out();
        assertThat(dumped.lines().skip(1).map(line -> line.substring(0, line.indexOf(','))))
                .containsExactly("1", "2", "4", "5", "6", "7", "8", "10");
    }

    @Test
    void malformedXmlStopsTheConversionAtItsLine() throws IOException {
        Path schema = write("reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        Path xml = write("rf.xml", RESET_FREQUENCY.replace("</period>", "</perod>"));
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", dir.resolve("rf.sdob")
                .toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith(xml + ":4:").contains("error: malformed XML");
        assertThat(dir.resolve("rf.sdob")).doesNotExist();
    }

    @Test
    void aBadXmlValueNamesItsLineAndField() throws IOException {
        Path schema = write("reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        Path xml = write("rf.xml", RESET_FREQUENCY.replace(">6<", ">32<"));
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", dir.resolve("rf.sdob")
                .toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith(xml + ":3:").contains("ResetFrequency.periodMultiplier: \"32\" is out of "
                + "range; allowed: 1..31 (element <periodMultiplier>)");
    }

    @Test
    void aMissingXmlElementNamesTheField() throws IOException {
        Path schema = write("reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        Path xml = write("rf.xml", RESET_FREQUENCY.replace("<period>M</period>", ""));
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", dir.resolve("rf.sdob")
                .toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith(xml + ":2:").contains("ResetFrequency.period: the value is missing");
    }

    @Test
    void checkReportsAnIntactFileAndWhatARecoveryOfADamagedOneKeeps() throws IOException {
        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        Path csv = dir.resolve("many.csv");
        assertThat(SdocRun.of("generate-trades", "-n", "100000", "-o", csv.toString()).exitCode()).isZero();
        Path batch = dir.resolve("many.sdob");
        assertThat(SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", batch.toString())
                .exitCode()).isZero();

        SdocRun intact = SdocRun.of("check", batch.toString());
        assertThat(intact.exitCode()).isZero();
        assertThat(intact.out()).contains("intact: 100,000 records of com.example.trade.Trade");

        byte[] bytes = Files.readAllBytes(batch);
        bytes[bytes.length / 2] ^= 0x10;
        Files.write(batch, bytes);
        SdocRun damaged = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(damaged.exitCode()).isEqualTo(1);
        assertThat(damaged.out()).contains("damaged").contains("A recovery would keep");
        long kept = Long.parseLong(damaged.out().replaceAll("(?s).*would keep ([0-9,]+) records.*", "$1")
                .replace(",", ""));
        long lost = Long.parseLong(damaged.out().replaceAll("(?s).*; ([0-9,]+) records are lost.*", "$1")
                .replace(",", ""));
        assertThat(kept).isPositive().isLessThan(100_000);
        assertThat(kept + lost).isEqualTo(100_000);
    }

    @Test
    void checkVerifiesAFileOfVariableSizeRecordsWithAndWithoutTheSchema() throws IOException {
        Path schema = write("people.sdo", """
                package people;
                record Person { id: uint32; name: string; tags: list<string>; }
                """);
        Compilation compilation = new SchemaCompiler().compile(List.of(schema));
        RecordLayout layout = compilation.layouts().get(0);
        long fingerprint = compilation.model().orElseThrow().fingerprint(layout.record().name());
        RecordIdentity identity = new RecordIdentity("people.Person", 1, fingerprint, layout.bytes());
        VariableRecordStore store = VariableRecordStore.heap(layout.bytes());
        for (int i = 0; i < 200_000; i++) {
            byte[] record = new byte[layout.bytes() + i % 17];
            record[0] = (byte) i;
            store.append(record);
        }
        Path batch = dir.resolve("people.sdob");
        VariableBatchFileWriter.write(store, identity, batch);

        SdocRun intact = SdocRun.of("check", batch.toString());
        assertThat(intact.exitCode()).as(intact.err()).isZero();
        assertThat(intact.out()).contains("intact: 200,000 records of people.Person (schema version 1, fingerprint ")
                .contains("variable-size records of at least " + layout.bytes() + " bytes)");
        // Records of random bytes, intact as far as the file's checksums go: with the schema, check reads them as
        // the getters do and names the first it cannot read, as dump does.
        SdocRun checked = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(checked.exitCode()).isEqualTo(1);
        assertThat(checked.out()).isEqualTo(batch + ": damaged: record 0 (counted from 0): Person: the record says it "
                + "has 0 bytes, its container says " + layout.bytes() + "\n");
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(dump.exitCode()).isEqualTo(1);
        assertThat(dump.errLines()).hasSize(1);
        assertThat(dump.err()).startsWith("sdoc: error: " + batch + ": record 0 (counted from 0): Person: the record "
                + "says it has 0 bytes, its container says " + layout.bytes()).doesNotContain("\tat ");

        byte[] bytes = Files.readAllBytes(batch);
        bytes[bytes.length / 2] ^= 0x10;
        Files.write(batch, bytes);
        SdocRun damaged = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(damaged.exitCode()).isEqualTo(1);
        assertThat(damaged.out()).contains("damaged").contains("block ").contains("A recovery would keep");
        long kept = Long.parseLong(damaged.out().replaceAll("(?s).*would keep ([0-9,]+) records.*", "$1")
                .replace(",", ""));
        long lost = Long.parseLong(damaged.out().replaceAll("(?s).*; ([0-9,]+) records are lost.*", "$1")
                .replace(",", ""));
        assertThat(kept).isPositive().isLessThan(200_000);
        assertThat(kept + lost).isEqualTo(200_000);
    }

    @Test
    void generatedTradesAreTheSameForTheSameSeedAndConvertWithoutErrors() throws IOException {
        Path first = dir.resolve("a.csv");
        Path second = dir.resolve("b.csv");
        Path other = dir.resolve("c.csv");
        SdocRun.of("generate-trades", "-n", "20000", "--seed", "7", "-o", first.toString());
        SdocRun.of("generate-trades", "-n", "20000", "--seed", "7", "-o", second.toString());
        SdocRun.of("generate-trades", "-n", "20000", "--seed", "8", "-o", other.toString());
        assertThat(Files.readAllBytes(first)).isEqualTo(Files.readAllBytes(second))
                .isNotEqualTo(Files.readAllBytes(other));

        Path schema = write("trade.sdo", resource("/schemas/trade.sdo"));
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), first.toString(), "-o",
                dir.resolve("a.sdob").toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), dir.resolve("a.sdob").toString());
        List<String> original = Files.readAllLines(first);
        List<String> dumped = dump.out().lines().toList();
        assertThat(dumped).hasSize(20_001);
        for (int row = 1; row < original.size(); row += 997) {
            assertSameValues(dumped.get(row).split(","), original.get(row).split(","));
        }
    }

    @Test
    void unionsInUnionsConvertFromXmlDumpAsNestedObjectsAndShowTheirLayout() throws IOException {
        Path schema = write("n.sdo", String.join("\n",
                "package n;",
                "union Inner { small: uint8; text: string; }",
                "union Outer { inner: Inner; flag: bool; }",
                "abstract record Reference { id: string optional @xml(attribute = true); }",
                "record TradeRef extends Reference { trade: uint16; }",
                "union Choice { tradeId: string; product: Outer; reference: Reference; }",
                "@xml(name = \"r\", namespace = \"urn:n\")",
                "record R { x: uint8; o: Outer; c: Choice; }"));
        Path xml = write("r.xml", "<r xmlns=\"urn:n\"><x>1</x><small>7</small><text>hi</text></r>\n");
        Path batch = dir.resolve("r.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();

        assertThat(SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString()).out()).isEqualTo("""
                [
                  {"x": 1, "o": {"inner": {"small": 7}}, "c": {"product": {"inner": {"text": "hi"}}}}
                ]
                """);
        assertThat(SdocRun.of("layout", schema.toString()).out())
                .contains("    .inner      1: Inner (on its own: 6 bytes, then its alternative's data)        data     -\n")
                .contains("    .reference  3: Reference (on its own: 5 bytes, then its alternative's data)    data     -\n");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static String resource(String name) {
        try (InputStream in = DataCommandsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
