package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc convert} and {@code dump} over many documents in one run: output files named after their inputs,
 * each XML document's record chosen by its root element, {@code --stats}, argument files, a directory as the
 * schema, one bad document among good ones, and records that are not flat, all by the schema alone.
 */
class ManyDocumentsCommandsTest {
    /** Two flat records and two that go through field values and the generic writer, all bound to XML. */
    private static final String SHOP = """
            package shop;

            @xml(name = "order", namespace = "urn:shop")
            record Order { id: uint32; qty: uint16; }

            @xml(name = "payment", namespace = "urn:shop")
            record Payment { id: uint32 @xml(attribute = true); cents: int64; }

            @xml(name = "invoice", namespace = "urn:shop")
            record Invoice { id: uint32; customer: string; lines: list<string>; }

            @xml(name = "refund", namespace = "urn:shop")
            record Refund { id: uint32; reason: string; }
            """;

    // The documents as sdoc dump writes them, so that a round trip gives them back byte for byte.
    private static final String ORDER = """
            <?xml version="1.0" encoding="UTF-8"?>
            <order xmlns="urn:shop">
              <id>1</id>
              <qty>2</qty>
            </order>
            """;
    private static final String ORDERS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <records xmlns="urn:shop">
              <order>
                <id>3</id>
                <qty>4</qty>
              </order>
              <order>
                <id>5</id>
                <qty>6</qty>
              </order>
            </records>
            """;
    private static final String PAYMENT = """
            <?xml version="1.0" encoding="UTF-8"?>
            <payment xmlns="urn:shop" id="7">
              <cents>-250</cents>
            </payment>
            """;
    private static final String INVOICE = """
            <?xml version="1.0" encoding="UTF-8"?>
            <invoice xmlns="urn:shop">
              <id>1</id>
              <customer>Ann</customer>
              <lines>two apples</lines>
              <lines>a pear</lines>
            </invoice>
            """;
    private static final String REFUND = """
            <?xml version="1.0" encoding="UTF-8"?>
            <refund xmlns="urn:shop">
              <id>9</id>
              <reason>broken</reason>
            </refund>
            """;

    @TempDir
    Path dir;

    @Test
    void severalDocumentsConvertToFilesNamedAfterThemWithTheRecordOfTheirRootElement() {
        Path schema = write("shop.sdo", SHOP);
        List<Path> inputs = List.of(write("in/o1.xml", ORDER), write("in/o2.xml", ORDERS),
                write("in/p.xml", PAYMENT), write("in/i.xml", INVOICE), write("in/r.xml", REFUND));
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", out, "--stats", inputs));

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.err()).isEmpty();
        List<String> stats = convert.out().lines().toList();
        assertThat(stats).hasSize(5);
        // Flat records: their fixed size each (Order 4 + 2 bytes, Payment 4 + 8).
        assertThat(stats.subList(0, 3)).containsExactly(inputs.get(0) + "\tOrder\t1\t6",
                inputs.get(1) + "\tOrder\t2\t12", inputs.get(2) + "\tPayment\t1\t12");
        assertThat(stats.get(3)).startsWith(inputs.get(3) + "\tInvoice\t1\t");
        assertThat(stats.get(4)).startsWith(inputs.get(4) + "\tRefund\t1\t");
        // Variable-size records: more than the fixed part (id, and the offsets of the string and list).
        assertThat(recordBytes(stats.get(3))).isGreaterThan(4 + "Ann".length() + "two apples".length());

        for (String name : List.of("o1", "o2", "p", "i", "r")) {
            assertThat(out.resolve(name + ".sdob")).isRegularFile();
        }
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written).hasSize(5);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(SdocRun.of("check", out.resolve("o2.sdob").toString()).out())
                .contains("intact: 2 records of shop.Order");
        assertThat(SdocRun.of("check", out.resolve("r.sdob").toString()).out())
                .contains("intact: 1 records of shop.Refund");
    }

    @Test
    void theRecordBytesOfADocumentAreThoseOfItsRecords() {
        Path schema = write("shop.sdo", SHOP);
        Path first = write("first.xml", INVOICE);
        Path second = write("second.xml", INVOICE.replace("Ann", "Bob the builder").replace("a pear", ""));
        Path both = write("both.xml", "<records xmlns=\"urn:shop\">"
                + INVOICE.substring(INVOICE.indexOf("<invoice")).replace(" xmlns=\"urn:shop\"", "")
                + INVOICE.substring(INVOICE.indexOf("<invoice")).replace(" xmlns=\"urn:shop\"", "")
                        .replace("Ann", "Bob the builder").replace("a pear", "")
                + "</records>");

        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", dir.resolve("out"), "--stats",
                List.of(first, second, both)));

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        List<String> stats = convert.out().lines().toList();
        assertThat(stats.get(2)).startsWith(both + "\tInvoice\t2\t");
        assertThat(recordBytes(stats.get(2))).isEqualTo(recordBytes(stats.get(0)) + recordBytes(stats.get(1)));
    }

    @Test
    void dumpIntoADirectoryGivesBackTheDocuments() throws IOException {
        Path schema = write("shop.sdo", SHOP);
        List<Path> inputs = List.of(write("in/o1.xml", ORDER), write("in/o2.xml", ORDERS),
                write("in/p.xml", PAYMENT), write("in/i.xml", INVOICE), write("in/r.xml", REFUND));
        Path batches = dir.resolve("batches");
        assertThat(SdocRun.of(args("convert", "-s", schema, "-o", batches, inputs)).exitCode()).isZero();
        List<Path> batchFiles = inputs.stream()
                .map(input -> batches.resolve(input.getFileName().toString().replace(".xml", ".sdob"))).toList();

        Path back = dir.resolve("back");
        SdocRun dump = SdocRun.of(args("dump", "-s", schema, "-f", "xml", "-o", back, batchFiles));

        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.out()).isEmpty();
        for (Path input : inputs) {
            assertThat(back.resolve(input.getFileName())).hasContent(Files.readString(input));
        }

        SdocRun json = SdocRun.of(args("dump", "-s", schema, "-f", "json", "-o", back, batchFiles.get(3)));
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(back.resolve("i.json")).content(StandardCharsets.UTF_8)
                .contains("\"customer\": \"Ann\"", "\"lines\": [\"two apples\", \"a pear\"]");

        SdocRun withoutDirectory = SdocRun.of(args("dump", "-s", schema, batchFiles));
        assertThat(withoutDirectory.exitCode()).isEqualTo(2);
        assertThat(withoutDirectory.err()).contains("give -o OUTDIR");
    }

    @Test
    void recordNamesTheRecordOfDocumentsWhoseRootNoRecordIsBoundTo() {
        Path schema = write("shop.sdo", SHOP);
        // Orders two levels down: neither the root nor its first child is an order.
        Path nested = write("nested.xml", """
                <shop xmlns="urn:shop"><day><order><id>1</id><qty>2</qty></order></day></shop>
                """);
        Path out = dir.resolve("out");

        SdocRun byRoot = SdocRun.of(args("convert", "-s", schema, "-o", out, nested));
        assertThat(byRoot.exitCode()).isEqualTo(1);
        assertThat(byRoot.errLines()).containsExactly("sdoc: error: " + nested + ": no record of the schema "
                + schema + " is bound to its root element <shop> in namespace urn:shop or to the root's first "
                + "child <day> in namespace urn:shop; name the record with --record NAME; its records: Invoice, "
                + "Order, Payment, Refund");
        assertThat(out.resolve("nested.sdob")).doesNotExist();

        SdocRun byName = SdocRun.of(args("convert", "-s", schema, "-o", out, "--record", "Order", "--stats", nested,
                write("o.xml", ORDER)));
        assertThat(byName.exitCode()).as(byName.err()).isZero();
        assertThat(byName.out().lines()).containsExactly(nested + "\tOrder\t1\t6", dir.resolve("o.xml") + "\tOrder\t1\t6");
    }

    @Test
    void oneBadDocumentAmongGoodOnesIsReportedAndTheOthersAreConverted() throws IOException {
        Path schema = write("shop.sdo", SHOP);
        Path good = write("good.xml", ORDER);
        Path badValue = write("bad-value.xml", ORDER.replace("<qty>2</qty>", "<qty>70000</qty>"));
        Path unknownRoot = write("unknown.xml", "<catalog xmlns=\"urn:other\"/>\n");
        Path malformed = write("malformed.xml", "<order xmlns=\"urn:shop\"><id>1</id\n");
        Path badInvoice = write("bad-invoice.xml", INVOICE.replace("<id>1</id>", "<id>-1</id>"));
        Path goodInvoice = write("good-invoice.xml", INVOICE);
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", out,
                List.of(good, badValue, unknownRoot, malformed, badInvoice, goodInvoice)));

        assertThat(convert.exitCode()).isEqualTo(1);
        List<String> errors = convert.errLines();
        assertThat(errors).hasSize(4);
        // In the order of the inputs, each naming its file, line and column.
        assertThat(errors.get(0)).startsWith(badValue + ":4:").contains(": error: Order.qty: \"70000\" is out of range");
        assertThat(errors.get(1)).isEqualTo("sdoc: error: " + unknownRoot + ": no record of the schema " + schema
                + " is bound to its root element <catalog> in namespace urn:other; name the record with --record "
                + "NAME; its records: Invoice, Order, Payment, Refund");
        assertThat(errors.get(2)).startsWith(malformed + ":2:").contains(": error: malformed XML: ");
        assertThat(errors.get(3)).startsWith(badInvoice + ":3:").contains(": error: Invoice.id: \"-1\"");
        assertThat(convert.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(convert.out().lines()).hasSize(2);
        try (Stream<Path> written = Files.list(out)) {
            // No output for a bad document, and no temporary file left behind.
            assertThat(written.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder("good.sdob", "good-invoice.sdob");
        }
    }

    @Test
    void oneDamagedFileAmongGoodOnesIsReportedAndTheOthersAreDumped() throws IOException {
        Path schema = write("shop.sdo", SHOP);
        Path batches = dir.resolve("batches");
        assertThat(SdocRun.of(args("convert", "-s", schema, "-o", batches, write("o.xml", ORDER),
                write("i.xml", INVOICE), write("r.xml", REFUND))).exitCode()).isZero();
        // A refund file cut short: its footer and index are gone.
        Path damaged = batches.resolve("r.sdob");
        byte[] bytes = Files.readAllBytes(damaged);
        Files.write(damaged, Arrays.copyOf(bytes, bytes.length - 8));
        Path back = dir.resolve("back");

        SdocRun dump = SdocRun.of(args("dump", "-s", schema, "-f", "xml", "-o", back, batches.resolve("o.sdob"),
                damaged, batches.resolve("i.sdob")));

        assertThat(dump.exitCode()).isEqualTo(1);
        assertThat(dump.errLines()).hasSize(1);
        assertThat(dump.err()).startsWith("sdoc: error: ").contains(damaged.toString())
                .doesNotContain("Exception");
        try (Stream<Path> written = Files.list(back)) {
            assertThat(written.map(file -> file.getFileName().toString())).containsExactlyInAnyOrder("o.xml", "i.xml");
        }
        assertThat(back.resolve("i.xml")).hasContent(INVOICE);
    }

    @Test
    void anArgumentFileNamesTheInputs() {
        Path schema = write("shop.sdo", SHOP);
        Path spaced = write("in/an order.xml", ORDER);
        Path invoice = write("in/i.xml", INVOICE);
        Path list = write("inputs.txt", "# the day's documents\n\"" + spaced + "\"\n" + invoice + "\n");
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-o", out.toString(), "--stats", "@" + list);

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out().lines()).hasSize(2);
        assertThat(out.resolve("an order.sdob")).isRegularFile();
        assertThat(out.resolve("i.sdob")).isRegularFile();

        Path batches = write("batches.txt", out.resolve("i.sdob") + "\n");
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "xml", "-o", dir.resolve("back").toString(),
                "@" + batches);
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dir.resolve("back/i.xml")).hasContent(INVOICE);

        assertThat(SdocRun.of("--help").out()).contains("@FILE stands for the arguments in FILE");
        assertThat(SdocRun.of("convert", "--help").out()).contains("argument file");
    }

    @Test
    void aDirectoryIsASchemaOfAllItsFiles() throws IOException {
        Path schemas = dir.resolve("schemas");
        write("schemas/shop/orders.sdo", """
                package shop;
                @xml(name = "order", namespace = "urn:shop")
                record Order { id: uint32; qty: uint16; }
                """);
        write("schemas/shop/invoicing/invoices.sdo", """
                package shop.invoicing;
                @xml(name = "invoice", namespace = "urn:shop")
                record Invoice { id: uint32; customer: string; lines: list<string>; }
                """);
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of(args("convert", "--schema", schemas, "-o", out, "--stats",
                write("o.xml", ORDER), write("i.xml", INVOICE)));
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out().lines().map(line -> line.split("\t")[1])).containsExactly("Order", "Invoice");

        SdocRun dump = SdocRun.of(args("dump", "--schema", schemas, "-f", "xml", "-o", dir.resolve("back"),
                out.resolve("o.sdob"), out.resolve("i.sdob")));
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dir.resolve("back/i.xml")).hasContent(INVOICE);

        assertThat(SdocRun.of(args("check", "--schema", schemas, out.resolve("i.sdob"))).out())
                .contains("intact: 1 records of shop.invoicing.Invoice");
        SdocRun layout = SdocRun.of(args("layout", schemas));
        assertThat(layout.exitCode()).as(layout.err()).isZero();
        // The files in the order of their paths: shop/invoicing/invoices.sdo before shop/orders.sdo.
        assertThat(layout.out().lines().filter(line -> line.startsWith("shop."))).containsExactly(
                "shop.invoicing.Invoice", "shop.Order");

        Path generated = dir.resolve("generated");
        assertThat(SdocRun.of(args("compile", "-o", generated, schemas)).exitCode()).isZero();
        assertThat(generated.resolve("shop/OrderBatch.java")).isRegularFile();
        assertThat(generated.resolve("shop/invoicing/InvoiceXml.java")).isRegularFile();

        Files.createDirectories(dir.resolve("empty"));
        SdocRun empty = SdocRun.of(args("layout", dir.resolve("empty")));
        assertThat(empty.exitCode()).isEqualTo(1);
        assertThat(empty.errLines()).containsExactly("sdoc: error: cannot read the schema: " + dir.resolve("empty")
                + ": the directory holds no .sdo file");
    }

    @Test
    void manyDocumentsOfRecordsThatAreNotFlatConvertInOneRun() {
        Path schema = write("shop.sdo", SHOP);
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            inputs.add(write("in/d" + i + ".xml", switch (i % 3) {
                case 0 -> INVOICE.replace("<id>1</id>", "<id>" + i + "</id>");
                case 1 -> REFUND.replace("<id>9</id>", "<id>" + i + "</id>");
                default -> ORDER;
            }));
        }

        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", dir.resolve("out"), inputs));

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out().lines()).hasSize(12);

        List<Path> batches = inputs.stream()
                .map(input -> dir.resolve("out").resolve(input.getFileName().toString().replace(".xml", ".sdob")))
                .toList();
        SdocRun dump = SdocRun.of(args("dump", "-s", schema, "-f", "json", "-o", dir.resolve("json"), batches));
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dir.resolve("json/d3.json")).content(StandardCharsets.UTF_8).contains("\"id\": 3");
    }

    /**
     * The documents of a package's roots are read through one set of mappings over the package's descriptor, as the
     * generated bindings share theirs; each file still carries its record's own descriptor alone, and holds a record
     * with the values read, of the size the record's own writer gives the same values.
     */
    @Test
    void aDocumentsFileCarriesItsRecordsOwnDescriptorThoughThePackagesBindingsShareTheirMappings() throws IOException {
        Path schema = write("shop.sdo", SHOP);
        List<Path> inputs = List.of(write("in/i.xml", INVOICE), write("in/r.xml", REFUND));
        Path batches = dir.resolve("batches");

        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", batches, inputs));

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        GenericBatch invoice = GenericBatch.open(batches.resolve("i.sdob"));
        GenericBatch refund = GenericBatch.open(batches.resolve("r.sdob"));
        assertThat(invoice.schema().records()).extracting(RecordDescriptor::name).containsExactly("shop.Invoice");
        assertThat(refund.schema().records()).extracting(RecordDescriptor::name).containsExactly("shop.Refund");
        RecordValues values = GenericWriter.of(invoice.schema()).newRecord()
                .set("id", 1L).set("customer", "Ann").set("lines", List.of("two apples", "a pear"));
        assertThat(invoice.size()).isEqualTo(1);
        assertThat(invoice.get(0).getString("customer")).isEqualTo("Ann");
        assertThat(invoice.get(0).byteSize()).isEqualTo(GenericWriter.of(invoice.schema()).toByteArray(values).length);
        assertThat(refund.get(0).getString("reason")).isEqualTo("broken");
    }

    @Test
    void fpmlDocumentsConvertByTheirRootElements() {
        // The hand-written FpML schema of examples/fpml, as a directory.
        write("fpml/interest-rate-swap.sdo", resource("/schemas/interest-rate-swap.sdo"));
        write("fpml/reset-frequency.sdo", resource("/schemas/reset-frequency.sdo"));
        Path trades = write("docs/fpml-trades.xml", resource("/data/fpml-trades.xml"));
        Path vanillaSwap = write("docs/ird-ex01-vanilla-swap.xml", resource("/data/ird-ex01-vanilla-swap.xml"));
        Path resetFrequency = write("docs/reset-frequency.xml", resource("/data/reset-frequency.xml"));
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of(args("convert", "-s", dir.resolve("fpml"), "-o", out, "--stats", trades,
                vanillaSwap, resetFrequency));

        assertThat(convert.exitCode()).as(convert.err()).isZero();
        List<String> stats = convert.out().lines().toList();
        // <dataDocument> holds the trades: its first child, <trade>, names the record.
        assertThat(stats.get(0)).startsWith(trades + "\tTrade\t2\t");
        assertThat(stats.get(1)).startsWith(vanillaSwap + "\tTrade\t1\t");
        assertThat(stats.get(2)).isEqualTo(resetFrequency + "\tResetFrequency\t1\t1");

        SdocRun dump = SdocRun.of(args("dump", "-s", dir.resolve("fpml"), "-f", "json", "-o", dir.resolve("json"),
                out.resolve("fpml-trades.sdob"), out.resolve("ird-ex01-vanilla-swap.sdob"),
                out.resolve("reset-frequency.sdob")));
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dir.resolve("json/fpml-trades.json")).content(StandardCharsets.UTF_8).contains("IRS0000002");
        assertThat(dir.resolve("json/ird-ex01-vanilla-swap.json")).content(StandardCharsets.UTF_8)
                .contains("\"value\": \"TW9235\"");
        assertThat(dir.resolve("json/reset-frequency.json"))
                .hasContent("[\n  {\"periodMultiplier\": 6, \"period\": \"M\"}\n]\n");
    }

    @Test
    void inputsThatWouldWriteTheSameFileAreRefused() {
        Path schema = write("shop.sdo", SHOP);
        SdocRun convert = SdocRun.of(args("convert", "-s", schema, "-o", dir.resolve("out"),
                write("a/o.xml", ORDER), write("b/o.xml", ORDER)));
        assertThat(convert.exitCode()).isEqualTo(2);
        assertThat(convert.err()).contains(dir.resolve("a/o.xml") + " and " + dir.resolve("b/o.xml")
                + " would both be written to " + dir.resolve("out/o.sdob"));
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static long recordBytes(String statsLine) {
        return Long.parseLong(statsLine.split("\t")[3]);
    }

    /** The command line: strings as they are, paths as strings, lists of paths flattened. */
    private static String[] args(Object... parts) {
        List<String> args = new ArrayList<>();
        for (Object part : parts) {
            if (part instanceof List<?> list) {
                list.forEach(item -> args.add(item.toString()));
            } else {
                args.add(part.toString());
            }
        }
        return args.toArray(String[]::new);
    }

    private Path write(String name, String text) {
        return Schemas.write(dir, name, text);
    }

    private static String resource(String name) {
        try (InputStream in = ManyDocumentsCommandsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
