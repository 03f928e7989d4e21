package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc dump FILE.sdob} without {@code --schema}: the file's own schema reads it, with the same text the schema
 * gives; files without one, records the generic reader does not read yet, and damaged headers are refused as such.
 */
class DumpWithoutSchemaTest {
    /** Every scalar kind, optional ones too, and no @csv options: CSV without the schema is the same as with it. */
    private static final String TICK = """
            package com.example.md;

            enum Side { Buy, Sell, Cross }

            record Tick {
                id:       uint32;
                delta:    int16;
                level:    int(-5..100) optional;
                side:     Side;
                venue:    char(4, "A-Z");
                price:    decimal(9, 4);
                size:     udecimal(12, 2) optional;
                day:      date(2000-01-01..2099-12-31);
                at:       time optional;
                stamp:    timestamp;
                ratio:    float64;
                weight:   float32 optional;
                firm:     bool;
            }
            """;
    private static final String CSV = """
            id,delta,level,side,venue,price,size,day,at,stamp,ratio,weight,firm
            1,-3,-5,Buy,XLON,-12.5,100.25,2026-11-27,09:30:00,2026-11-27T09:30:00.123Z,0.5,1.25,true
            4294967295,32767,,Cross,,99999.9999,,2000-01-01,,1970-01-01T00:00:00Z,-1.0E300,,false
            7,0,100,Sell,AB,0,9999999999.99,2099-12-31,23:59:59.999,2100-01-01T00:00:00Z,0.25,-0.0,true
            """;

    @TempDir
    Path dir;
    private Path schema;
    private Path batch;

    @BeforeEach
    void convert() throws IOException {
        schema = Files.writeString(dir.resolve("tick.sdo"), TICK);
        Path csv = Files.writeString(dir.resolve("ticks.csv"), CSV);
        batch = dir.resolve("ticks.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
    }

    @Test
    void jsonAndCsvWithoutTheSchemaAreTheTextWithIt() {
        for (String format : new String[] {"json", "csv"}) {
            SdocRun with = SdocRun.of("dump", "-f", format, "-s", schema.toString(), batch.toString());
            SdocRun without = SdocRun.of("dump", "-f", format, batch.toString());
            assertThat(with.exitCode()).as(with.err()).isZero();
            assertThat(without.exitCode()).as(without.err()).isZero();
            assertThat(without.out()).as(format).isEqualTo(with.out());
            assertThat(without.out()).contains("4294967295");
        }
        assertThat(SdocRun.of("dump", "-f", "json", batch.toString()).out())
                .contains("\"level\": null", "\"side\": \"Cross\"", "\"price\": -12.5000");
    }

    @Test
    void theGenerallyWrittenFileOfTheSampleTradesDumpsWithoutItsSchema() throws IOException {
        Path trade = Files.writeString(dir.resolve("trade.sdo"), resource("/schemas/trade.sdo"));
        Path csv = Files.writeString(dir.resolve("trades.csv"), resource("/data/trades.csv"));
        Path trades = dir.resolve("trades.sdob");
        assertThat(SdocRun.of("convert", "-s", trade.toString(), csv.toString(), "-o", trades.toString())
                .exitCode()).isZero();
        SdocRun with = SdocRun.of("dump", "-f", "json", "-s", trade.toString(), trades.toString());
        SdocRun without = SdocRun.of("dump", "-f", "json", trades.toString());
        assertThat(without.exitCode()).as(without.err()).isZero();
        assertThat(without.out()).isEqualTo(with.out());
    }

    @Test
    void theSchemaAFileCarriesPrintsAsSdoTextThatReadsTheFile() throws IOException {
        SdocRun printed = SdocRun.of("schema", batch.toString());
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        assertThat(printed.out()).contains("package com.example.md;", "enum Side { Buy, Sell, Cross }",
                "record Tick {", "level: int(-5..100) optional;", "venue: char(4, \"A-Z\");",
                "day: date(2000-01-01..2099-12-31);", "firm: bool;");
        Path again = Files.writeString(dir.resolve("again.sdo"), printed.out());
        SdocRun dump = SdocRun.of("dump", "-f", "json", "-s", again.toString(), batch.toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.out()).isEqualTo(SdocRun.of("dump", "-f", "json", batch.toString()).out());
    }

    @Test
    void aFileOfAnEarlierFormatIsRefusedSayingItCarriesNoSchema() throws IOException {
        byte[] file = Files.readAllBytes(batch);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        int tableAt = (56 + le.getInt(28) + 7) & ~7;
        int part = (le.getInt(tableAt + 4) + 7) & ~7;
        // The same file as format 2 wrote it: no schema part.
        byte[] older = new byte[file.length - part];
        System.arraycopy(file, 0, older, 0, length);
        System.arraycopy(file, length + part, older, length, file.length - length - part);
        ByteBuffer old = ByteBuffer.wrap(older).order(ByteOrder.LITTLE_ENDIAN);
        old.putInt(8, 2).putInt(tableAt + 4, 0);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(older, 0, length - 4);
        old.putInt(length - 4, (int) crc.getValue());
        // The footer's block offsets moved with the blocks.
        long footerAt = old.getLong(older.length - 24);
        footerAt -= part;
        old.putLong(older.length - 24, footerAt);
        long blocks = old.getLong((int) footerAt + 40);
        for (int k = 0; k < blocks; k++) {
            int at = (int) footerAt + 56 + 16 * k;
            old.putLong(at, old.getLong(at) - part);
        }
        crc.reset();
        crc.update(older, (int) footerAt, older.length - 24 - (int) footerAt);
        old.putInt(older.length - 12, (int) crc.getValue());
        Path v2 = Files.write(dir.resolve("v2.sdob"), older);

        SdocRun with = SdocRun.of("dump", "-f", "json", "-s", schema.toString(), v2.toString());
        assertThat(with.exitCode()).as(with.err()).isZero();
        assertThat(with.out()).isEqualTo(SdocRun.of("dump", "-f", "json", batch.toString()).out());
        SdocRun without = SdocRun.of("dump", "-f", "json", v2.toString());
        assertThat(without.exitCode()).isEqualTo(1);
        assertThat(without.err()).isEqualTo("sdoc: error: " + v2 + " carries no schema (it was written before batch "
                + "file format 3): read it with the schema that wrote it; dump it with --schema\n");
        SdocRun schemaOfV2 = SdocRun.of("schema", v2.toString());
        assertThat(schemaOfV2.exitCode()).isEqualTo(1);
        assertThat(schemaOfV2.err()).isEqualTo("sdoc: error: " + v2 + " carries no schema: it was written before "
                + "batch file format 3\n");
    }

    @Test
    void recordsWithStringsAndBytesDumpAsJsonAndCsvWithoutTheSchemaAsWithIt() throws IOException {
        Path people = Files.writeString(dir.resolve("p.sdo"), """
                package com.example.p;
                @csv record Person { id: uint8; name: string; photo: bytes optional; note: string = "none"; }
                """);
        Path csv = Files.writeString(dir.resolve("p.csv"), """
                id,name,photo,note
                1,Zoë,AQID/w==,"a, ""quoted""\nline"
                2,"",,
                """);
        Path file = dir.resolve("p.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", people.toString(), csv.toString(), "-o", file.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        for (String format : new String[] {"json", "csv"}) {
            SdocRun with = SdocRun.of("dump", "-f", format, "-s", people.toString(), file.toString());
            SdocRun without = SdocRun.of("dump", "-f", format, file.toString());
            assertThat(without.exitCode()).as(without.err()).isZero();
            assertThat(without.out()).as(format).isEqualTo(with.out());
        }
        assertThat(SdocRun.of("dump", "-f", "csv", file.toString()).out()).isEqualTo("""
                id,name,photo,note
                1,Zoë,AQID/w==,"a, ""quoted""
                line"
                2,"",,""
                """);
    }

    @Test
    void fpmlTradesOfNestedRecordsListsAndUnionsDumpWithoutTheSchemaAsWithIt() throws IOException {
        Files.writeString(dir.resolve("reset-frequency.sdo"), resource("/schemas/reset-frequency.sdo"));
        Path fpml = Files.writeString(dir.resolve("interest-rate-swap.sdo"),
                resource("/schemas/interest-rate-swap.sdo"));
        Path xml = Files.writeString(dir.resolve("trades.xml"), resource("/data/fpml-trades.xml"));
        Path trades = dir.resolve("trades.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", fpml.toString(), "--record", "Trade", xml.toString(), "-o",
                trades.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        SdocRun with = SdocRun.of("dump", "-f", "json", "-s", fpml.toString(), trades.toString());
        SdocRun without = SdocRun.of("dump", "-f", "json", trades.toString());
        assertThat(without.exitCode()).as(without.err()).isZero();
        assertThat(without.out()).isEqualTo(with.out()).contains("\"product\": {\"swap\": {");

        SdocRun csv = SdocRun.of("dump", trades.toString());
        assertThat(csv.exitCode()).isEqualTo(1);
        assertThat(csv.out()).isEmpty();
        assertThat(csv.err()).isEqualTo("sdoc: error: " + trades + ": Trade.tradeHeader is a nested record, which "
                + "CSV does not carry; dump it with --format json\n");
    }

    @Test
    void everyFlippedByteOfTheHeaderAndSchemaIsReportedAsDamage() throws IOException {
        byte[] file = Files.readAllBytes(batch);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int tableAt = (56 + le.getInt(28) + 7) & ~7;
        int headerLength = le.getInt(12);
        int blocksStart = headerLength + ((le.getInt(tableAt + 4) + 7) & ~7);
        Path damaged = dir.resolve("damaged.sdob");
        String[] without = {"dump", "-f", "json", damaged.toString()};
        String[] with = {"dump", "-f", "json", "-s", schema.toString(), damaged.toString()};
        for (int at = 0; at < blocksStart; at++) {
            byte[] copy = file.clone();
            copy[at] ^= 0x20;
            Files.write(damaged, copy);
            // With the schema, the header's bytes (the record name among them): each run compiles the schema.
            for (String[] args : at < headerLength ? new String[][] {without, with} : new String[][] {without}) {
                SdocRun run = SdocRun.of(args);
                String what = "byte " + at + " flipped, " + Arrays.toString(args);
                assertThat(run.exitCode()).as(what + ": " + run.err()).isEqualTo(1);
                assertThat(run.out()).as(what).isEmpty();
                assertThat(run.err()).as(what).startsWith("sdoc: error: " + damaged + ": ")
                        .doesNotContain("does not declare").doesNotContain("Exception)");
                if (at >= 16) {
                    assertThat(run.err()).as(what).contains("sdoc check " + damaged);
                }
            }
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DumpWithoutSchemaTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
