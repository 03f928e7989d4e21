package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayoutCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsTheTradeLayoutOfTheSpec() {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        // Offsets and widths from the schema-language spec, section 2: 32 + 16 + 1 + 15 + 40 + 34 + 15 + 40 + 16.
        assertThat(rows(run.out())).containsExactly(
                List.of("field", "type", "offset", "bits"),
                List.of("id", "uint32", "0", "32"),
                List.of("tradeDate", "date(2000-01-01..2099-12-31)", "32", "16"),
                List.of("buySell", "Side", "48", "1"),
                List.of("currency1", "char(3, \"A-Z\")", "49", "15"),
                List.of("amount1", "udecimal(12, 2)", "64", "40"),
                List.of("exchangeRate", "udecimal(10, 6)", "104", "34"),
                List.of("currency2", "char(3, \"A-Z\")", "138", "15"),
                List.of("amount2", "udecimal(12, 2)", "153", "40"),
                List.of("settlementDate", "date(2000-01-01..2099-12-31)", "193", "16"));
        assertThat(run.out().lines().findFirst()).contains("com.example.trade.Trade");
        assertThat(run.out().strip()).endsWith("Trade: 209 bits, 27 bytes");
    }

    @Test
    void showsVariableLengthFieldsAsEndSlotsAndNamesTheirData() {
        Path schema = Schemas.write(dir, "v.sdo", """
                package p;
                record V { id: uint8; name: string; blob: bytes optional; }
                """);

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(rows(run.out())).containsExactly(
                List.of("field", "type", "offset", "bits"),
                List.of("id", "uint8", "0", "8"),
                List.of("name", "string", "8", "32"),
                List.of("blob", "bytes optional", "40", "33"));
        assertThat(run.out().strip()).endsWith(
                "V: 73 bits, 10 bytes fixed, then the data of name, blob (found through their end slots)");
    }

    @Test
    void showsACompactRecordsWidthCodeSlotBitsAndSlotTable() {
        Path schema = Schemas.write(dir, "c.sdo", """
                package p;
                union Choice { small: int(0..5); text: string; }
                @compact record C { id: uint8; name: string; choice: Choice optional; blob: bytes optional; }
                """);

        SdocRun run = SdocRun.of("layout", "-r", "C", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(rows(run.out())).containsExactly(
                List.of("field", "type", "offset", "bits"),
                List.of("(width)", "slot width code w: end slots of w + 1 bytes", "0", "2"),
                List.of("(slots)", "a slot bit per variable-length field: 1 when it has an end slot in the table", "2",
                        "3"),
                List.of("id", "uint8", "5", "8"),
                List.of("name", "string (slot bit 2)", "13", "0"),
                List.of("choice", "Choice optional (slot bit 3)", "13", "5"),
                List.of(".tag", "0: none, 1..2", "13", "2"),
                List.of(".small", "1: int(0..5)", "15", "3"),
                List.of(".text", "2: string", "data", "-"),
                List.of(".slot", "end of the data, in the slot table (slot bit 3)", "table", "-"),
                List.of("blob", "bytes optional (slot bit 4)", "18", "0"));
        assertThat(run.out().strip()).endsWith("C: 18 bits, 3 bytes fixed, then a slot table (an end slot of w + 1"
                + " bytes for each of name, choice, blob whose slot bit is 1), then their data"
                + " (docs/record-format.md, section 8)");
    }

    @Test
    void showsAUnionsTagEachAlternativeWhereItIsStoredAndItsSlot() {
        Path schema = Schemas.write(dir, "u.sdo", """
                package p;
                record Big { a: int64; b: int64; }
                union Choice { small: int(0..5); flag: bool; big: Big; text: string; }
                abstract record Base { id: uint8; }
                record Derived extends Base { x: uint8; }
                record R { id: uint8; choice: Choice optional; base: Base; }
                """);

        SdocRun run = SdocRun.of("layout", "-r", "R", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        // 4 alternatives: a 3-bit tag; small and flag share 3 inline bits; big and text are data behind the slot.
        assertThat(rows(run.out())).containsExactly(
                List.of("field", "type", "offset", "bits"),
                List.of("id", "uint8", "0", "8"),
                List.of("choice", "Choice optional", "8", "38"),
                List.of(".tag", "0: none, 1..4", "8", "3"),
                List.of(".small", "1: int(0..5)", "11", "3"),
                List.of(".flag", "2: bool", "11", "1"),
                List.of(".big", "3: Big", "data", "-"),
                List.of(".text", "4: string", "data", "-"),
                List.of(".slot", "end of the data", "14", "32"),
                List.of("base", "Base", "46", "17"),
                List.of(".tag", "0: none, 1..1", "46", "1"),
                List.of(".derived", "1: Derived", "47", "16"));
        assertThat(SdocRun.of("layout", "-r", "Derived", schema.toString()).out())
                .startsWith("p.Derived extends Base");
    }

    @Test
    void showsEachFieldsVersionAndEachVersionsSizeAndFingerprint() {
        String v1 = """
                package p;
                record Q { id: uint8; name: string; }
                """;
        Path schema = Schemas.write(dir, "q.sdo", v1.replace("name: string; }",
                "name: string; flag: bool @since(2); note: string optional @since(4); }"));
        Path first = Schemas.write(dir, "q1.sdo", v1);

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(rows(run.out()).subList(0, 5)).containsExactly(
                List.of("field", "type", "offset", "bits", "since"),
                List.of("id", "uint8", "0", "8", "1"),
                List.of("name", "string", "8", "32", "1"),
                List.of("flag", "bool", "40", "1", "2"),
                List.of("note", "string optional", "41", "33", "4"));
        long v1Fingerprint = fingerprintOf(first);
        assertThat(run.out()).contains("""
                Q: 74 bits, 10 bytes fixed, then the data of name, note (found through their end slots)
                Q is version 4:
                  version 1: 40 bits, 5 bytes, fingerprint %016x
                  version 2: 41 bits, 6 bytes, fingerprint """.formatted(v1Fingerprint));
        // Version 3 added no field: it has version 2's layout and is not listed.
        assertThat(run.out()).containsPattern("  version 2: 41 bits, 6 bytes, fingerprint [0-9a-f]{16}\n"
                + "  version 4: 74 bits, 10 bytes, fingerprint [0-9a-f]{16}\n$");
    }

    /** The layout fingerprint of the one record of an unversioned schema, as its generated batch writes it. */
    private static long fingerprintOf(Path schema) {
        var compilation = new dev.sdo.compiler.SchemaCompiler().compile(List.of(schema));
        var layout = compilation.layouts().get(0);
        return compilation.model().orElseThrow().fingerprint(layout.record().name());
    }

    @Test
    void columnsAreAligned() {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);

        List<String> table = SdocRun.of("layout", schema.toString()).out().lines()
                .filter(line -> line.startsWith("  ")).toList();

        assertThat(table).hasSize(10);
        // Every row starts its type at the heading's column and ends its (right-aligned) width at the same place.
        int typeColumn = table.get(0).indexOf("type");
        int end = table.get(0).length();
        for (String row : table) {
            assertThat(row.charAt(typeColumn - 1)).as(row).isEqualTo(' ');
            assertThat(row.charAt(typeColumn)).as(row).isNotEqualTo(' ');
            assertThat(row).hasSize(end);
        }
    }

    @Test
    void showsOptionalFieldsWithTheirPresenceBitAndJavaOverrides() {
        Path schema = Schemas.write(dir, "r.sdo", """
                package p;
                record R {
                    a: int(1..31) as BigInteger;
                    b: uint8 optional;
                    c: char(2);
                    d: bool;
                }
                """);

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(rows(run.out())).containsExactly(
                List.of("field", "type", "offset", "bits"),
                List.of("a", "int(1..31) as BigInteger", "0", "5"),
                List.of("b", "uint8 optional", "5", "9"),
                List.of("c", "char(2)", "14", "14"),
                List.of("d", "bool", "28", "1"));
        assertThat(run.out().strip()).endsWith("R: 29 bits, 4 bytes");
    }

    @Test
    void theResetFrequencyIsOneByte() {
        Path schema = Schemas.write(dir, "reset-frequency.sdo", Schemas.RESET_FREQUENCY);

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().strip()).endsWith("ResetFrequency: 8 bits, 1 byte");
    }

    @Test
    void recordOptionSelectsOneRecordBySimpleOrQualifiedName() {
        Path schema = Schemas.write(dir, "two.sdo", """
                package p;
                record A { x: uint8; }
                record B { y: uint16; }
                """);

        SdocRun all = SdocRun.of("layout", schema.toString());
        SdocRun simple = SdocRun.of("layout", schema.toString(), "--record", "B");
        SdocRun qualified = SdocRun.of("layout", schema.toString(), "-r", "p.B");

        assertThat(all.out()).contains("A: 8 bits, 1 byte", "B: 16 bits, 2 bytes");
        assertThat(simple.exitCode()).isZero();
        assertThat(simple.out()).contains("B: 16 bits, 2 bytes").doesNotContain("A: ");
        assertThat(qualified.out()).isEqualTo(simple.out());
    }

    @Test
    void anUnknownRecordNameIsAUsageErrorNamingTheRecordsThereAre() {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);

        SdocRun run = SdocRun.of("layout", schema.toString(), "--record", "Nope");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(2);
        assertThat(run.errLines().get(0)).startsWith("sdoc: error: ").contains("No record named 'Nope'",
                "its records: Trade");
        assertThat(run.errLines().get(1)).isEqualTo("Try 'sdoc layout --help' for more information.");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void schemaErrorsExitWithOne() {
        Path schema = Schemas.write(dir, "bad.sdo", "record R { a: uint8; }\n");

        SdocRun run = SdocRun.of("layout", schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        // The first token of a file that lacks its package (spec section 6).
        assertThat(run.errLines().get(0)).startsWith(schema + ":1:1: error: ");
        assertThat(run.errLines()).last().isEqualTo("1 error");
        assertThat(run.out()).isEmpty();
    }

    /** The table rows, split into cells on runs of two or more spaces. */
    private static List<List<String>> rows(String output) {
        return output.lines().filter(line -> line.startsWith("  "))
                .map(line -> Arrays.asList(line.strip().split(" {2,}"))).toList();
    }
}
