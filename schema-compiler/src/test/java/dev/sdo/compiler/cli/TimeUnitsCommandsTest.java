package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every time unit, and {@code uint64}, through {@code sdoc convert} and {@code dump}: rows at the edges of each
 * range become records and come back as the same text in CSV, XML and JSON, every digit of the unit written; a value finer than its unit or
 * outside its range is refused with the field named, never truncated.
 */
class TimeUnitsCommandsTest {
    private static final String SCHEMA = """
            package test.units;

            @csv @xml
            record Tick {
                ms:   timestamp;
                msr:  timestamp(ms, 2000-01-01..2099-12-31);
                us:   timestamp(us);
                usr:  timestamp(us, 2000-01-01..2099-12-31);
                ns:   timestamp(ns);
                nsr:  timestamp(ns, 2000-01-01..2099-12-31);
                lms:  localtimestamp;
                lus:  localtimestamp(us, 1970-01-01..1970-01-02);
                lns:  localtimestamp(ns) optional;
                tms:  time;
                tus:  time(us);
                tns:  time(ns);
                seq:  uint64;
            }
            """;
    private static final String HEADER = "ms,msr,us,usr,ns,nsr,lms,lus,lns,tms,tus,tns,seq";
    /** The low edges of every range, the high edges, and values in between; as dump writes them. */
    private static final List<String> ROWS = List.of(
            "-292275055-05-16T16:47:04.192Z,2000-01-01T00:00:00Z,-290308-12-21T19:59:05.224192Z,"
                    + "2000-01-01T00:00:00.000000Z,1677-09-21T00:12:43.145224192Z,2000-01-01T00:00:00.000000000Z,"
                    + "-292275055-05-16T16:47:04.192,1970-01-01T00:00:00.000000,1677-09-21T00:12:43.145224192,"
                    + "00:00:00,00:00:00.000000,00:00:00.000000000,0",
            "+292278994-08-17T07:12:55.807Z,2099-12-31T23:59:59.999Z,+294247-01-10T04:00:54.775807Z,"
                    + "2099-12-31T23:59:59.999999Z,2262-04-11T23:47:16.854775807Z,2099-12-31T23:59:59.999999999Z,"
                    + "+292278994-08-17T07:12:55.807,1970-01-02T23:59:59.999999,2262-04-11T23:47:16.854775807,"
                    + "23:59:59.999,23:59:59.999999,23:59:59.999999999,18446744073709551615",
            "2014-07-21T09:30:00.125Z,2014-07-21T09:30:00.125Z,2014-07-21T09:30:00.123456Z,"
                    + "1999-12-31T23:59:59.999999Z,1970-01-01T00:00:00.000000001Z,2014-07-21T09:30:00.123456789Z,"
                    + "2014-07-21T09:30:00.125,1970-01-01T12:00:00.000001,,"
                    + "09:30:00.125,09:30:00.000001,09:30:00.000000001,9223372036854775808");

    @TempDir
    Path dir;

    @Test
    void theEdgesOfEveryUnitConvertAndDumpBackAsTheSameTextInCsvXmlAndJson() throws IOException {
        // The third row's usr is before its range: without it, the rows convert.
        List<String> rows = List.of(ROWS.get(0), ROWS.get(1), ROWS.get(2).replace("1999-12-31T23:59:59.999999Z",
                "2000-01-01T00:00:00.000001Z"));
        Path schema = write("units.sdo", SCHEMA);
        Path batch = convert(schema, write("ticks.csv", HEADER + "\n" + String.join("\n", rows) + "\n"));

        SdocRun csv = SdocRun.of("dump", "-s", schema.toString(), batch.toString());
        assertThat(csv.exitCode()).as(csv.err()).isZero();
        assertThat(csv.out().lines().toList()).containsExactlyElementsOf(
                java.util.stream.Stream.concat(java.util.stream.Stream.of(HEADER), rows.stream()).toList());

        SdocRun json = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(json.exitCode()).as(json.err()).isZero();
        String[] names = HEADER.split(",");
        List<String> jsonLines = json.out().lines().filter(line -> line.startsWith("  {")).toList();
        assertThat(jsonLines).hasSize(rows.size());
        for (int row = 0; row < rows.size(); row++) {
            String[] cells = rows.get(row).split(",", -1);
            for (int i = 0; i < names.length; i++) {
                assertThat(jsonLines.get(row)).contains("\"" + names[i] + "\": "
                        + (cells[i].isEmpty() ? "null"
                                : names[i].equals("seq") ? cells[i] : "\"" + cells[i] + "\""));
            }
        }

        SdocRun xml = SdocRun.of("dump", "-s", schema.toString(), "-f", "xml", batch.toString());
        assertThat(xml.exitCode()).as(xml.err()).isZero();
        assertThat(xml.out()).contains("<ns>1677-09-21T00:12:43.145224192Z</ns>", "<tus>23:59:59.999999</tus>",
                "<lus>1970-01-02T23:59:59.999999</lus>");
        Path again = convert(schema, write("ticks.xml", xml.out()));
        assertThat(SdocRun.of("dump", "-s", schema.toString(), again.toString()).out()).isEqualTo(csv.out());
    }

    @Test
    void aValueFinerThanItsUnitOrOutsideItsRangeIsRefusedNamingTheField() throws IOException {
        Path schema = write("units.sdo", SCHEMA);
        assertRefused(schema, ROWS.get(2), "Tick.usr", "out of range; allowed: 2000-01-01T00:00:00.000000Z.."
                + "2099-12-31T23:59:59.999999Z");
        assertRefused(schema, ROWS.get(0).replace("2000-01-01T00:00:00.000000Z", "2000-01-01T00:00:00.0000001Z"),
                "Tick.usr", "finer than a microsecond");
        assertRefused(schema, ROWS.get(0).replace(",00:00:00,00:00:00.000000,", ",00:00:00,00:00:00.0000001,"),
                "Tick.tus",
                "finer than a microsecond");
        assertRefused(schema, ROWS.get(0).replace("2000-01-01T00:00:00Z", "2000-01-01T00:00:00.0001Z"), "Tick.msr",
                "finer than a millisecond");
        assertRefused(schema, ROWS.get(0).replace("1677-09-21T00:12:43.145224192Z", "1677-09-21T00:12:43.145224191Z"),
                "Tick.ns", "beyond 64-bit nanoseconds");
        assertRefused(schema, ROWS.get(0).replace("1970-01-01T00:00:00.000000,", "1970-01-03T00:00:00.000000,"),
                "Tick.lus", "out of range; allowed: 1970-01-01T00:00:00.000000..1970-01-02T23:59:59.999999");
    }

    @Test
    void aUint64OutsideItsRangeIsRefused() throws IOException {
        Path schema = write("units.sdo", SCHEMA);
        assertRefused(schema, ROWS.get(1).replace(",18446744073709551615", ",18446744073709551616"), "Tick.seq",
                "is not an integer in 0..18446744073709551615");
        assertRefused(schema, ROWS.get(1).replace(",18446744073709551615", ",-1"), "Tick.seq",
                "is not an integer in 0..18446744073709551615");
    }

    private void assertRefused(Path schema, String row, String field, String problem) throws IOException {
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(),
                write("bad.csv", HEADER + "\n" + row + "\n").toString(), "-o", dir.resolve("bad.sdob").toString());
        assertThat(convert.exitCode()).isNotZero();
        assertThat(convert.err()).contains(field, problem);
        assertThat(dir.resolve("bad.sdob")).doesNotExist();
    }

    private Path convert(Path schema, Path input) {
        Path batch = dir.resolve(input.getFileName() + ".sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), input.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        return batch;
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
