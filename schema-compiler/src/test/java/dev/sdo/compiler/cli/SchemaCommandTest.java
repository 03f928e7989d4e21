package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.xsd.XsdImporter;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc schema FILE.sdob} of records with unions, abstract records, extension, {@code @since} and {@code @alias}:
 * the text it prints compiles to the file's layout and fingerprints; so does FpML's trade, and the sizes of the
 * schema parts that carry them are as docs/batch-file-format.md gives them.
 */
class SchemaCommandTest {
    private static final String POSITIONS = """
            package com.example.pos;

            enum Side { Buy, Sell, Short, Cross @since(2) }

            union Instrument {
                ticker: char(8, "A-Z");
                bond: Bond;
                note: string @since(2);
            }

            abstract record Party {
                id: string optional;
            }

            abstract record Firm extends Party {
                lei: char(20) optional;
            }

            record Bank extends Firm {
                swift: char(11);
            }

            record Person extends Party {
                name: string;
            }

            record Fund extends Firm {
                nav: decimal(18, 2) = "1.5";
            }

            record Bond {
                isin: char(12);
                coupon: udecimal(6, 4);
            }

            record Position {
                side: Side = Buy;
                held: Instrument;
                hedge: Instrument optional;
                owner: Party;
                count: int(0..100) = 5 @alias("qty");
                venue: string = "X\\"Y";
                note: string optional @since(2);
                others: list<Party> @since(3);
            }
            """;

    @TempDir
    Path dir;

    @Test
    void unionsExtensionVersionsAndAliasesPrintAsTheSchemaThatWroteTheFile() throws IOException {
        CodecModel model = compiled(Map.of("pos.sdo", POSITIONS), "pos.sdo");
        RecordLayout position = record(model, "Position");
        SdocRun printed = SdocRun.of("schema", write(model, position).toString());
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        assertThat(printed.out()).startsWith("// The schema of com.example.pos.Position (schema version 3, ");
        assertThat(printed.out().substring(printed.out().indexOf('\n') + 1)).isEqualTo("""
                package com.example.pos;

                enum Side { Buy, Sell, Short, Cross @since(2) }

                union Instrument {
                    ticker: char(8, "A-Z");
                    bond: Bond;
                    note: string @since(2);
                }

                record Position {
                    side: Side = Buy;
                    held: Instrument;
                    hedge: Instrument optional;
                    owner: Party;
                    count: int(0..100) = 5 @alias("qty");
                    venue: string = "X\\"Y";
                    note: string optional @since(2);
                    others: list<Party> @since(3);
                }

                record Bond {
                    isin: char(12);
                    coupon: udecimal(6, 4);
                }

                abstract record Party {
                    id: string optional;
                }

                abstract record Firm extends Party {
                    lei: char(20) optional;
                }

                record Bank extends Firm {
                    swift: char(11);
                }

                record Person extends Party {
                    name: string;
                }

                record Fund extends Firm {
                    nav: decimal(18, 2) = "1.5";
                }
                """);
        recompiles(model, position, printed.out());
    }

    /**
     * FpML 5.11's trade, imported from the XSD that examples/fpml vendors: 1,700 records, unions and abstract records
     * throughout. Prints the sizes of its schema, and of the sample trade's, plain and as stored.
     */
    @Test
    void fpmlsTradePrintsAndCompilesToItsLayout() throws IOException {
        Map<String, String> files = new XsdImporter()
                .importSchema(Path.of("../examples/fpml/src/main/xsd/confirmation/fpml-main-5-11.xsd"), null).files();
        CodecModel model = compiled(files, "fpml-main-5-11.sdo");
        RecordLayout trade = record(model, "Trade");
        Path file = write(model, trade);
        SdocRun printed = SdocRun.of("schema", file.toString());
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        assertThat(printed.out()).contains("\nrecord Trade {\n", "\nabstract record Product {\n",
                " extends Product {\n");
        recompiles(model, trade, printed.out());
        int plain = model.descriptor(trade).length;
        int stored = storedSchemaBytes(file);
        System.out.printf("FpML Trade: descriptor %,d bytes, schema part %,d bytes%n", plain, stored);
        assertThat(stored).isLessThan(plain / 5);

        CodecModel sample = compiled(Map.of("trade.sdo", resource("/schemas/trade.sdo")), "trade.sdo");
        RecordLayout sampleTrade = record(sample, "Trade");
        Path sampleFile = write(sample, sampleTrade);
        System.out.printf("sample Trade: descriptor %,d bytes, schema part %,d bytes%n",
                sample.descriptor(sampleTrade).length, storedSchemaBytes(sampleFile));
    }

    /**
     * Every flipped byte and every cut of the header and compressed schema part of a small file is damage: exit 1,
     * a message naming the file's part and offset and pointing at {@code sdoc check}, nothing printed, no trace.
     */
    @Test
    void everyFlippedByteAndTruncationOfTheHeaderAndSchemaIsReportedAsDamage() throws IOException {
        CodecModel model = compiled(Map.of("pos.sdo", POSITIONS), "pos.sdo");
        Path written = write(model, record(model, "Bond"));
        byte[] file = Files.readAllBytes(written);
        ByteBuffer header = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int blocksStart = header.getInt(12) + ((storedSchemaBytes(written) + 7) & ~7);
        assertThat(header.getInt(header.getInt(12) + 8)).as("a descriptor of version 2").isEqualTo(2);
        Path damaged = dir.resolve("damaged.sdob");
        for (int at = 0; at < 2 * blocksStart; at++) {
            byte[] copy = at < blocksStart ? flipped(file, at) : java.util.Arrays.copyOf(file, at - blocksStart);
            Files.write(damaged, copy);
            SdocRun run = SdocRun.of("schema", damaged.toString());
            String what = at < blocksStart ? "byte " + at + " flipped" : "cut at " + (at - blocksStart);
            assertThat(run.exitCode()).as(what + ": " + run.err()).isEqualTo(1);
            assertThat(run.out()).as(what).isEmpty();
            assertThat(run.err()).as(what).startsWith("sdoc: error: " + damaged + ": ")
                    .doesNotContain("Exception").doesNotContain("\tat ");
            if (at >= 16 && at < blocksStart) {
                assertThat(run.err()).as(what).contains("sdoc check " + damaged);
            }
        }
    }

    /**
     * Files that the previous writer (descriptor version 1) wrote, kept in src/test/resources/descriptor-v1: made by
     * {@code sdoc convert} of that version from descriptor-v1/tick.sdo and a CSV, and from examples/fpml's
     * interest-rate-swap.sdo and data/fpml-trades.xml. They read without their schema as before; the ticks' schema
     * prints; the trades' does not, since a version-1 descriptor does not say which unions are optional.
     */
    @Test
    void filesOfDescriptorVersionOneStillReadAndPrintUnlessTheyHaveUnions() throws IOException {
        Path ticks = copy("ticks-v1.sdob");
        assertThat(descriptorVersion(ticks)).isEqualTo(1);
        SdocRun json = SdocRun.of("dump", "-f", "json", ticks.toString());
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(json.out()).isEqualTo("""
                [
                  {"id": 1, "level": -5, "side": "Buy", "venue": "XPAR", "price": -12.5000},
                  {"id": 2, "level": null, "side": "Sell", "venue": "XLON", "price": 0.0000}
                ]
                """);
        SdocRun printed = SdocRun.of("schema", ticks.toString());
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        assertThat(printed.out()).endsWith("""
                package com.example.md;

                enum Side { Buy, Sell, Cross }

                record Tick {
                    id: uint32;
                    level: int(-5..100) optional;
                    side: Side = Sell;
                    venue: string = "XLON";
                    price: decimal(9, 4);
                }
                """);
        Path schema = Files.writeString(dir.resolve("tick.sdo"), resource("/descriptor-v1/tick.sdo"));
        CodecModel model = compiled(Map.of("tick.sdo", resource("/descriptor-v1/tick.sdo")), "tick.sdo");
        CodecModel again = compiled(Map.of("again.sdo", printed.out()), "again.sdo");
        assertThat(again.identity(record(again, "Tick"))).isEqualTo(model.identity(record(model, "Tick")));
        assertThat(SdocRun.of("dump", "-f", "json", "-s", schema.toString(), ticks.toString()).out())
                .isEqualTo(json.out());

        Path trades = copy("fpml-trades-v1.sdob");
        assertThat(descriptorVersion(trades)).isEqualTo(1);
        Files.writeString(dir.resolve("reset-frequency.sdo"), resource("/schemas/reset-frequency.sdo"));
        Path fpml = Files.writeString(dir.resolve("interest-rate-swap.sdo"),
                resource("/schemas/interest-rate-swap.sdo"));
        SdocRun with = SdocRun.of("dump", "-f", "json", "-s", fpml.toString(), trades.toString());
        SdocRun without = SdocRun.of("dump", "-f", "json", trades.toString());
        assertThat(without.exitCode()).as(without.err()).isZero();
        assertThat(without.out()).isEqualTo(with.out()).contains("\"product\": {\"swap\": {");
        SdocRun refused = SdocRun.of("schema", trades.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.err()).startsWith("sdoc: error: " + trades + ": union org.fpml.sdo.")
                .contains("descriptor (version 1, written before unions were described fully) does not say which "
                        + "union fields are optional");
    }

    private Path copy(String name) throws IOException {
        try (InputStream in = SchemaCommandTest.class.getResourceAsStream("/descriptor-v1/" + name)) {
            return Files.write(dir.resolve(name), in.readAllBytes());
        }
    }

    /** The descriptor version, after the fingerprint at the start of the schema part. */
    private static int descriptorVersion(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        return bytes.getInt(bytes.getInt(12) + 8);
    }

    /**
     * A version-2 descriptor whose CRC a forger made right: every flipped byte and every cut of one is read as a
     * {@code DescriptorException} or as some descriptor, which {@code sdoc schema} writes or refuses to write;
     * never another exception (an index error, a loop through bases).
     */
    @Test
    void everyFlipAndCutOfAVersionTwoDescriptorIsRefusedOrRead() {
        CodecModel model = compiled(Map.of("pos.sdo", POSITIONS), "pos.sdo");
        byte[] descriptor = model.descriptor(record(model, "Position"));
        for (int at = 0; at < 2 * descriptor.length; at++) {
            byte[] damaged = at < descriptor.length ? flipped(descriptor, at)
                    : java.util.Arrays.copyOf(descriptor, Math.max(8, at - descriptor.length));
            try {
                DescriptorText.of(dev.sdo.runtime.generic.SchemaDescriptor.parse(
                        dev.sdo.runtime.batch.EmbeddedSchema.of(damaged)));
            } catch (dev.sdo.runtime.generic.DescriptorException | DescriptorText.Unwritable expected) {
                // refused, saying why
            }
        }
    }

    private static byte[] flipped(byte[] file, int at) {
        byte[] copy = file.clone();
        copy[at] ^= 0x20;
        return copy;
    }

    private static void recompiles(CodecModel model, RecordLayout layout, String text) {
        CodecModel again = compiled(Map.of("again.sdo", text), "again.sdo");
        RecordLayout recompiled = again.record(layout.record().name());
        assertThat(again.descriptor(recompiled)).isEqualTo(model.descriptor(layout));
        assertThat(again.identity(recompiled)).isEqualTo(model.identity(layout));
    }

    private Path write(CodecModel model, RecordLayout layout) throws IOException {
        RecordIdentity identity = model.identity(layout);
        Path file = dir.resolve(layout.record().name().simpleName() + ".sdob");
        VariableBatchFileWriter.write(VariableRecordStore.heap(layout.bytes()), identity, file);
        return file;
    }

    /** The schema part's length (without padding) that the file's header gives. */
    private static int storedSchemaBytes(Path file) throws IOException {
        ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        return header.getInt(((56 + header.getInt(28) + 7) & ~7) + 4);
    }

    private static RecordLayout record(CodecModel model, String simpleName) {
        return model.records().stream().filter(r -> r.record().name().simpleName().equals(simpleName)).findFirst()
                .orElseThrow();
    }

    private static CodecModel compiled(Map<String, String> files, String root) {
        Compilation compilation = new SchemaCompiler().layOut(files, List.of(root));
        assertThat(compilation.diagnostics()).isEmpty();
        return compilation.model().orElseThrow();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SchemaCommandTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
