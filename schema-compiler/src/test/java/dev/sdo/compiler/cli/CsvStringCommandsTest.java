package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc convert} and {@code dump} of CSV whose records have {@code string} and {@code bytes} columns, carried
 * by the record's generated {@code XCsv}: quoted cells in, the same text out.
 */
class CsvStringCommandsTest {
    private static final String TICK = """
            package tick;
            @csv(header = true)
            record Tick {
                id: uint32 @csv(column = "ID");
                venue: string @csv(column = "Venue");
                note: string optional @csv(column = "Note");
                raw: bytes optional @csv(column = "Raw");
            }
            """;

    /** As sdoc dump writes it: quoted only where needed, "" for an empty string, nothing for an absent value. */
    private static final String TICKS = """
            ID,Venue,Note,Raw
            1,"Smith, Jones & Co","say ""hi\""",AAEC/w==
            2,"line1
            line2",,
            3,"","",""
            4,Zürich,Ünïcode €,
            """;

    @TempDir
    Path dir;

    @Test
    void csvWithStringsConvertsToABatchFileAndDumpsBackTheSameText() throws IOException {
        Path schema = write("tick.sdo", TICK);
        Path csv = write("ticks.csv", TICKS);
        Path batch = dir.resolve("ticks.sdob");

        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).startsWith(batch + ": 4 Tick records of at least ");
        assertThat(SdocRun.of("check", batch.toString()).out()).contains("intact: 4 records of tick.Tick");

        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "--format", "csv", batch.toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.out()).isEqualTo(TICKS);

        SdocRun json = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(json.out()).contains("{\"id\": 2, \"venue\": \"line1\\nline2\", \"note\": null, \"raw\": null}",
                "{\"id\": 3, \"venue\": \"\", \"note\": \"\", \"raw\": \"\"}");
    }

    @Test
    void badBase64IsReportedAtItsRowAndColumnAndWritesNothing() throws IOException {
        Path schema = write("tick.sdo", TICK);
        Path csv = write("ticks.csv", "ID,Venue,Note,Raw\n1,a,,AAEC/w==\n2,b,,not base64!\n");
        Path batch = dir.resolve("ticks.sdob");

        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).isEqualTo(1);
        assertThat(convert.errLines()).singleElement().asString()
                .startsWith(csv + ":3:6: error: Tick.raw: \"not base64!\" is not base64")
                .endsWith("(column \"Raw\")");
        assertThat(batch).doesNotExist();
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
