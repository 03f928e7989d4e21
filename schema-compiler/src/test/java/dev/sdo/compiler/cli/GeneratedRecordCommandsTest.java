package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc convert} and {@code dump} of records that are not flat: nested records, lists, strings and bytes;
 * convert reads XML into field values and writes them with the generic writer, and dump writes through the
 * runtime's generic records, both by the schema alone, with no compilation.
 */
class GeneratedRecordCommandsTest {
    private static final String FPML_TRADES = resource("/data/fpml-trades.xml");

    @TempDir
    Path dir;

    @Test
    void fpmlTradesConvertToABatchFileAndDumpBackAsJsonAndXml() throws IOException {
        Path schema = fpmlSchema();
        Path xml = write("trades.xml", FPML_TRADES);
        Path batch = dir.resolve("trades.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "--record", "Trade", xml.toString(),
                "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).isEqualTo(batch + ": 2 Trade records of at least 13 bytes from " + xml
                + System.lineSeparator());
        assertThat(SdocRun.of("check", batch.toString()).out()).contains("intact: 2 records of org.fpml.sdo.Trade");

        SdocRun json = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(json.exitCode()).as(json.err()).isZero();
        List<String> lines = json.out().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo("[");
        assertThat(lines.get(3)).isEqualTo("]");
        // The values of the sample's first trade, as its XML gives them.
        assertThat(lines.get(1)).startsWith("  {\"tradeHeader\": {\"partyTradeIdentifier\": ["
                        + "{\"partyReference\": {\"href\": \"party12\"}, "
                        + "\"tradeId\": {\"tradeIdScheme\": null, \"value\": \"IRS0000001\"}}, "
                        + "{\"partyReference\": {\"href\": \"party6\"}, "
                        + "\"tradeId\": {\"tradeIdScheme\": null, \"value\": \"GBP-458856\"}}], "
                        + "\"tradeDate\": \"2020-09-08\"}, "
                        + "\"product\": {\"swap\": {\"productType\": [], \"productId\": [], "
                        + "\"swapStream\": [{\"id\": \"trade1-fixedLeg\", ")
                .contains("\"effectiveDate\": {\"id\": null, \"unadjustedDate\": \"2020-09-10\", \"dateAdjustments\": "
                        + "{\"businessDayConvention\": \"NONE\", \"businessCenters\": null}}")
                .contains("\"calculationPeriodFrequency\": {\"periodMultiplier\": 1, \"period\": \"Y\", "
                        + "\"rollConvention\": \"10\"}")
                .contains("\"businessCenters\": {\"businessCenters\": {\"id\": null, \"businessCenter\": "
                        + "[{\"businessCenterScheme\": \"http://www.fpml.org/coding-scheme/business-center\", "
                        + "\"value\": \"GBLO\"}]}}")
                .contains("\"notionalStepSchedule\": {\"initialValue\": 72000000.00, "
                        + "\"currency\": {\"currencyScheme\": \"http://www.fpml.org/coding-scheme/external/iso4217\", "
                        + "\"value\": \"GBP\"}}")
                .contains("\"fixedRateSchedule\": {\"initialValue\": 0.02283000, \"step\": []}")
                .contains("\"resetFrequency\": {\"periodMultiplier\": 6, \"period\": \"M\"}")
                .endsWith("},");
        assertThat(lines.get(2)).contains("\"tradeId\": {\"tradeIdScheme\": null, \"value\": \"IRS0000002\"}")
                .endsWith("}");

        // The dumped XML converts again to the same records.
        SdocRun dumpedXml = SdocRun.of("dump", "-s", schema.toString(), "-f", "xml", batch.toString());
        assertThat(dumpedXml.exitCode()).as(dumpedXml.err()).isZero();
        assertThat(dumpedXml.out()).contains("<tradeId>IRS0000001</tradeId>");
        Path again = dir.resolve("again.sdob");
        assertThat(SdocRun.of("convert", "-s", schema.toString(), "-r", "Trade",
                write("again.xml", dumpedXml.out()).toString(), "-o", again.toString()).exitCode()).isZero();
        assertThat(SdocRun.of("dump", "-s", schema.toString(), "-f", "json", again.toString()).out())
                .isEqualTo(json.out());
    }

    @Test
    void aBadXmlValueNamesItsLineAndPathAndLeavesNoOutput() throws IOException {
        Path schema = fpmlSchema();
        // Line 42 is the first stream's calculation period frequency: <periodMultiplier>1</periodMultiplier>.
        List<String> lines = new java.util.ArrayList<>(FPML_TRADES.lines().toList());
        assertThat(lines.get(41)).contains("<periodMultiplier>1</periodMultiplier>");
        lines.set(41, lines.get(41).replace(">1<", ">32<"));
        Path xml = write("bad.xml", String.join("\n", lines) + "\n");
        Path batch = dir.resolve("bad.sdob");
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), "-r", "Trade", xml.toString(), "-o",
                batch.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).containsExactly(xml + ":42:31: error: Trade.product.swap.swapStream[0]"
                + ".calculationPeriodDates.calculationPeriodFrequency.periodMultiplier: \"32\" is out of range; "
                + "allowed: 1..31");
        assertThat(batch).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("interest-rate-swap.sdo", "reset-frequency.sdo", "bad.xml");
        }
    }

    @Test
    void skipBadSkipsABadTradeAndReportsIt() throws IOException {
        Path schema = fpmlSchema();
        Path xml = write("trades.xml", FPML_TRADES.replaceFirst("<tradeDate>2020-09-08</tradeDate>",
                "<tradeDate>2020-13-08</tradeDate>"));
        Path batch = dir.resolve("trades.sdob");
        SdocRun run = SdocRun.of("convert", "--skip-bad", "-s", schema.toString(), "-r", "Trade", xml.toString(),
                "-o", batch.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines()).hasSize(2);
        assertThat(run.errLines().get(0)).startsWith(xml + ":13:").contains("warning: skipped: Trade.tradeHeader"
                + ".tradeDate: \"2020-13-08\"");
        assertThat(run.errLines().get(1)).isEqualTo("skipped 1 bad element");
        assertThat(run.out()).contains(": 1 Trade record of at least 13 bytes");
        assertThat(SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString()).out())
                .contains("IRS0000002").doesNotContain("IRS0000001");
    }

    @Test
    void dumpWritesStringsBytesListsOfRecordsAndListsOfListsAsJson() throws Exception {
        Path schema = write("people.sdo", PEOPLE);
        Path batch = dir.resolve("people.sdob");
        writePeople(batch);

        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.out()).isEqualTo("""
                [
                  {"id": 7, "name": "Ann \\"A\\"\\n", "photo": "AQL/", "nick": null, \
                "addresses": [{"street": "Main St", "lines": ["a", "b"]}, {"street": "", "lines": []}], \
                "matrix": [[1, -2], [], [3]], "score": 0.5, "active": true},
                  {"id": 8, "name": "", "photo": "", "nick": "b", "addresses": [], "matrix": [], \
                "score": -1.25, "active": false}
                ]
                """);
    }

    @Test
    void dumpRefusesCsvAndXmlForRecordsTheyCannotCarry() throws Exception {
        Path schema = write("people.sdo", PEOPLE);
        Path batch = dir.resolve("people.sdob");
        writePeople(batch);

        SdocRun csv = SdocRun.of("dump", "-s", schema.toString(), batch.toString());
        assertThat(csv.exitCode()).isEqualTo(1);
        assertThat(csv.errLines()).containsExactly("sdoc: error: " + batch + ": Person records hold nested records, "
                + "lists, unions or unbounded numbers, which CSV does not carry; dump them with --format json");
        SdocRun xml = SdocRun.of("dump", "-s", schema.toString(), "-f", "xml", batch.toString());
        assertThat(xml.exitCode()).isEqualTo(1);
        assertThat(xml.err()).contains("only their @xml binding writes as XML, and Person has none");
    }

    @Test
    void convertRefusesCsvAndUnboundXmlForRecordsThatAreNotFlat() throws IOException {
        Path schema = write("people.sdo", PEOPLE);
        Path input = write("people.xml", "<person><id>1</id></person>\n");
        Path output = dir.resolve("people.sdob");

        SdocRun csv = SdocRun.of("convert", "-s", schema.toString(), "-r", "Person", "-f", "csv", input.toString(),
                "-o", output.toString());
        assertThat(csv.exitCode()).isEqualTo(1);
        assertThat(csv.errLines()).containsExactly("sdoc: error: " + input + ": Person records hold nested records, "
                + "lists, unions or unbounded numbers, which CSV does not carry; convert them from XML or JSON");
        SdocRun xml = SdocRun.of("convert", "-s", schema.toString(), "-r", "Person", input.toString(), "-o",
                output.toString());
        assertThat(xml.exitCode()).isEqualTo(1);
        assertThat(xml.errLines()).containsExactly("sdoc: error: " + input + ": Person records have no @xml binding, "
                + "which sdoc needs to read records with nested records, lists or variable-length fields from XML");
        assertThat(output).doesNotExist();
    }

    @Test
    void everyDataCommandRunsWithNoJavaCompiler() throws Exception {
        // No class of sdoc refers to javax.tools, which only a JDK has: a Java runtime is enough for every command.
        Path classes = Path.of(Sdoc.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> classFiles;
        try (Stream<Path> files = Files.walk(classes)) {
            classFiles = files.filter(file -> file.toString().endsWith(".class")).toList();
        }
        assertThat(classFiles).isNotEmpty();
        for (Path classFile : classFiles) {
            assertThat(new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1))
                    .as(classes.relativize(classFile).toString()).doesNotContain("javax/tools/");
        }

        Path schema = fpmlSchema();
        Path xml = write("trades.xml", FPML_TRADES);
        Path batch = dir.resolve("trades.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-r", "Trade", xml.toString(), "-o",
                batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        for (String format : new String[] {"json", "xml"}) {
            SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", format, batch.toString());
            assertThat(dump.exitCode()).as(dump.err()).isZero();
            assertThat(dump.out()).contains("IRS0000001");
        }
        SdocRun check = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(check.exitCode()).as(check.err()).isZero();
    }

    @Test
    void convertOfXmlWritesTheRecordsTheGeneratedXmlAndBatchWrite() throws Exception {
        Path schema = fpmlSchema();
        Path xml = write("trades.xml", FPML_TRADES);
        Path converted = dir.resolve("converted.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-r", "Trade", "--stats", xml.toString(),
                "-o", converted.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();

        // The path convert took before: the generated TradeXml.readBatch and TradeBatch.writeTo.
        Compilation compilation = new SchemaCompiler().compile(Map.of(
                "interest-rate-swap.sdo", resource("/schemas/interest-rate-swap.sdo"),
                "reset-frequency.sdo", resource("/schemas/reset-frequency.sdo")), List.of("interest-rate-swap.sdo"));
        assertThat(compilation.succeeded()).as(compilation.diagnostics().toString()).isTrue();
        ClassLoader classes = InMemoryJavaCompiler.compile(compilation.sources());
        Object batch;
        try (InputStream in = Files.newInputStream(xml)) {
            batch = classes.loadClass("org.fpml.sdo.TradeXml").getMethod("readBatch", InputStream.class,
                    String.class, BadInputPolicy.class)
                    .invoke(null, in, xml.toString(), BadInputPolicy.FAIL);
        }
        Path generated = dir.resolve("generated.sdob");
        try (FileChannel out = FileChannel.open(generated, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            batch.getClass().getMethod("writeTo", WritableByteChannel.class).invoke(batch, out);
        }
        Object size = batch.getClass().getMethod("size").invoke(batch);
        Object recordBytes = batch.getClass().getMethod("recordBytes").invoke(batch);
        assertThat(convert.out()).isEqualTo(xml + "\tTrade\t" + size + "\t" + recordBytes + "\n");
        // The same files but for their random file ids: the same records, read back the same.
        assertThat(Files.size(converted)).isEqualTo(Files.size(generated));
        for (String format : new String[] {"json", "xml"}) {
            assertThat(SdocRun.of("dump", "-f", format, converted.toString()).out())
                    .isEqualTo(SdocRun.of("dump", "-f", format, generated.toString()).out());
        }
    }

    private static final String PEOPLE = """
            package people;
            record Address { street: string; lines: list<string>; }
            record Person {
                id:        uint32;
                name:      string;
                photo:     bytes;
                nick:      string optional;
                addresses: list<Address>;
                matrix:    list<list<int32>>;
                score:     float64;
                active:    bool;
            }
            """;

    /**
     * Writes two people with the generated classes, compiled by the tests' own compiler: beans filled by their
     * setters, added to a PersonBatch, written by its writeTo.
     */
    private void writePeople(Path file) throws Exception {
        Compilation compilation = new SchemaCompiler().compile(Map.of("people.sdo", PEOPLE), List.of("people.sdo"));
        assertThat(compilation.succeeded()).as(compilation.diagnostics().toString()).isTrue();
        ClassLoader classes = InMemoryJavaCompiler.compile(compilation.sources());
        Object street = bean(classes, "people.AddressBean", "street", "Main St", "lines", List.of("a", "b"));
        Object empty = bean(classes, "people.AddressBean", "street", "", "lines", List.of());
        Object ann = bean(classes, "people.PersonBean", "id", 7L, "name", "Ann \"A\"\n", "photo",
                new byte[] {1, 2, (byte) 0xFF}, "addresses", List.of(street, empty), "matrix",
                List.of(List.of(1, -2), List.of(), List.of(3)), "score", 0.5, "active", true);
        Object bob = bean(classes, "people.PersonBean", "id", 8L, "name", "", "photo", new byte[0], "nick", "b",
                "addresses", List.of(), "matrix", List.of(), "score", -1.25, "active", false);
        Class<?> batchClass = classes.loadClass("people.PersonBatch");
        Object batch = batchClass.getConstructor().newInstance();
        Method add = Arrays.stream(batchClass.getMethods()).filter(m -> m.getName().equals("add")).findFirst()
                .orElseThrow();
        add.invoke(batch, ann);
        add.invoke(batch, bob);
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            batchClass.getMethod("writeTo", WritableByteChannel.class).invoke(batch, out);
        }
    }

    /** A new bean of {@code type} with its fields set: name, value, name, value... */
    private static Object bean(ClassLoader classes, String type, Object... fields) throws Exception {
        Class<?> beanClass = classes.loadClass(type);
        Object bean = beanClass.getConstructor().newInstance();
        for (int i = 0; i < fields.length; i += 2) {
            String setter = "set" + Character.toUpperCase(((String) fields[i]).charAt(0))
                    + ((String) fields[i]).substring(1);
            Method method = Arrays.stream(beanClass.getMethods())
                    .filter(m -> m.getName().equals(setter) && m.getParameterCount() == 1).findFirst().orElseThrow();
            method.invoke(bean, fields[i + 1]);
        }
        return bean;
    }

    private Path fpmlSchema() throws IOException {
        write("reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        return write("interest-rate-swap.sdo", resource("/schemas/interest-rate-swap.sdo"));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static String resource(String name) {
        try (InputStream in = GeneratedRecordCommandsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
