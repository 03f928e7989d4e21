package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc convert} of JSON in the form {@code sdoc dump --format json} writes, and of CSV with strings, through
 * the generic writer: records of every kind written by the schema alone (no Java compiler), read back by the
 * generated classes and by the generic reader as the same text; bad JSON and values that do not fit reported as
 * {@code FILE:LINE:COLUMN: error:} naming the field, with no output file.
 */
class JsonConvertCommandTest {
    private static final String SCHEMA = """
            package rich;
            enum Side { Buy, Sell }
            record Point { x: int8; y: int(0..100) optional; }
            record Named { id: uint8; name: string; }
            union Small { a: bool; b: int(0..5); note: string; }
            abstract record Rate { id: uint16; }
            record FixedRate extends Rate { rate: decimal(10, 6); }
            record FloatingRate extends Rate { index: string; }
            record Node { value: int32; next: Node optional; }
            record Rich {
                b: bool;
                u64: uint64;
                r: int(-5..1000) optional;
                f: float32;
                dec: decimal(9, 2);
                day: date(2000-01-01..2030-12-31);
                t: time(us);
                ts: timestamp;
                c: char(3, "A-Z ");
                side: Side = Sell;
                p: Point;
                n: Named optional;
                s: string;
                sd: string = "x";
                blob: bytes;
                big: decimal;
                bi: integer optional;
                pts: list<Point>;
                grid: list<list<uint8>>;
                sm: Small;
                smalls: list<Small>;
                rate: Rate;
                chain: Node;
            }
            """;

    /** Two records as sdoc dump --format json writes them. */
    private static final String RECORDS = """
            [
              {"b": true, "u64": 18446744073709551615, "r": 1000, "f": 1.5, "dec": -1234567.89, "day": "2020-02-29", \
            "t": "09:30:00.000125", "ts": "2014-07-21T09:30:00.125Z", "c": "A Z", "side": "Buy", "p": {"x": 1, "y": 100}, \
            "n": {"id": 3, "name": "Zoë 😀"}, "s": "a \\"quoted\\"\\nline", "sd": "x", "blob": "AQID/w==", \
            "big": 50000000.00, "bi": -129, "pts": [{"x": -128, "y": null}], "grid": [[7], []], "sm": {"b": 5}, \
            "smalls": [{"note": "hé"}, {"a": false}], "rate": {"fixedRate": {"id": 7, "rate": 0.012500}}, \
            "chain": {"value": 1, "next": {"value": 2, "next": null}}},
              {"b": false, "u64": 0, "r": null, "f": "NaN", "dec": 0.00, "day": "2000-01-01", "t": "00:00:00.000000", \
            "ts": "1970-01-01T00:00:00Z", "c": "", "side": "Sell", "p": {"x": 0, "y": 0}, "n": null, "s": "", "sd": "y", \
            "blob": "", "big": -1500.0, "bi": null, "pts": [], "grid": [], "sm": {"note": ""}, "smalls": [], \
            "rate": {"floatingRate": {"id": 8, "index": "EURIBOR"}}, "chain": {"value": 0, "next": null}}
            ]
            """;

    @TempDir
    Path dir;

    @Test
    void jsonOfEveryKindOfRecordConvertsAndDumpsBackTheSameText() throws IOException {
        Path schema = write("rich.sdo", SCHEMA);
        Path json = write("rich.json", RECORDS);
        Path batch = dir.resolve("rich.sdob");

        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-r", "Rich",
                json.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).startsWith(batch + ": 2 Rich records of at least ");

        SdocRun generic = SdocRun.of("dump", "-f", "json", batch.toString());
        assertThat(generic.exitCode()).as(generic.err()).isZero();
        assertThat(generic.out()).isEqualTo(RECORDS);
        // The generated classes read what the generic writer wrote, as the same values.
        SdocRun generated = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(generated.exitCode()).as(generated.err()).isZero();
        assertThat(generated.out()).isEqualTo(RECORDS);
    }

    @Test
    void jsonThatIsNotJsonIsReportedWhereItBreaksAndWritesNothing() throws IOException {
        Path schema = write("rich.sdo", SCHEMA);
        assertThat(convert(schema, "[\n  {\"b\": tru}\n]")).containsExactly(dir.resolve("in.json")
                + ":2:9: error: expected a value, found tru");
        assertThat(convert(schema, "[{\"b\": true,}]")).singleElement().asString()
                .endsWith("in.json:1:13: error: expected a member's name (a field of Rich), found '}'");
        assertThat(convert(schema, "{\"b\": true}")).singleElement().asString()
                .endsWith("in.json:1:1: error: expected an array of records, as sdoc dump --format json writes, "
                        + "found '{'");
        assertThat(convert(schema, "[\"s\": \"a\u0001\"]")).singleElement().asString()
                .endsWith("in.json:1:2: error: expected a record (a JSON object), found '\"'");
        assertThat(convert(schema, "[]\n[]")).singleElement().asString()
                .endsWith("in.json:2:1: error: text after the array of records: '['");
        assertThat(dir.resolve("in.sdob")).doesNotExist();
    }

    @Test
    void aValueThatDoesNotFitIsReportedNamingTheField() throws IOException {
        Path schema = write("rich.sdo", SCHEMA);
        String first = RECORDS.lines().skip(1).findFirst().orElseThrow();
        assertThat(convert(schema, "[\n" + first.replace("\"r\": 1000", "\"r\": 1001") + "\n]"))
                .singleElement().asString().endsWith("in.json:2:" + (first.indexOf("\"r\": 1000") + 6)
                        + ": error: Rich.r: \"1001\" is out of range; allowed: -5..1000");
        assertThat(convert(schema, "[\n" + first.replace("\"x\": 1,", "\"x\": \"1\",") + "\n]"))
                .singleElement().asString().endsWith(": error: Rich.p.x: expected a number, found '\"'");
        assertThat(convert(schema, "[\n" + first.replace("{\"b\": 5}", "{\"z\": 5}") + "\n]"))
                .singleElement().asString().contains("error: Rich.sm: union Small has no alternative z; its "
                        + "alternatives: a, b, note");
        assertThat(convert(schema, "[\n" + first.replace("\"c\": \"A Z\"", "\"c\": \"AbZ\"") + "\n]"))
                .singleElement().asString().endsWith("in.json:2:3: error: Rich.c: \"AbZ\" has character 'b' "
                        + "(U+0062) at index 1, outside the alphabet \"ABCDEFGHIJKLMNOPQRSTUVWXYZ \"");
        assertThat(convert(schema, "[\n" + first.replace("\"s\": ", "\"oops\": 1, \"s\": ") + "\n]"))
                .singleElement().asString().contains("error: Rich has no field oops");
        assertThat(convert(schema, "[\n" + first.replace("\"s\": \"a \\\"quoted\\\"\\nline\", ", "") + "\n]"))
                .singleElement().asString().endsWith("in.json:2:3: error: Rich.s: a required field is null");
        assertThat(dir.resolve("in.sdob")).doesNotExist();
    }

    @Test
    void skipBadSkipsABadRecordAndConvertsTheOthers() throws IOException {
        Path schema = write("rich.sdo", SCHEMA);
        String[] lines = RECORDS.lines().toArray(String[]::new);
        Path json = write("in.json", "[\n" + lines[1].replace("\"u64\": 18446744073709551615", "\"u64\": -1") + "\n"
                + lines[2] + "\n]\n");
        Path batch = dir.resolve("in.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-r", "Rich", "--skip-bad", json.toString(),
                "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.errLines()).hasSize(2);
        assertThat(convert.errLines().get(1)).isEqualTo("skipped 1 bad record");
        assertThat(SdocRun.of("dump", "-f", "json", batch.toString()).out()).isEqualTo("[\n"
                + lines[2] + "\n]\n");
    }

    @Test
    void csvWithStringsConverts() throws IOException {
        Path schema = write("tick.sdo", """
                package tick;
                @csv(header = true)
                record Tick { id: uint32 @csv(column = "ID"); venue: string @csv(column = "Venue"); when: date \
                @csv(format = "dd/MM/uuuu"); }
                """);
        String ticks = "ID,Venue,when\n1,\"Smith, Jones & Co\",21/07/2014\n2,\"\",01/01/2000\n";
        Path csv = write("ticks.csv", ticks);
        Path batch = dir.resolve("ticks.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o",
                batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(SdocRun.of("dump", "-s", schema.toString(), "-f", "csv", batch.toString()).out()).isEqualTo(ticks);
    }

    /** Converts {@code json} as {@code in.json}; the lines written to standard error. */
    private java.util.List<String> convert(Path schema, String json) throws IOException {
        Path input = write("in.json", json);
        SdocRun run = SdocRun.of("convert", "-s", schema.toString(), "-r", "Rich", input.toString(), "-o",
                dir.resolve("in.sdob").toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        return run.errLines();
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
