package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.testing.Draw;
import dev.sdo.testing.PropertyRunner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated CSV binding of a record with {@code string} and {@code bytes} fields, compiled in memory: RFC 4180
 * quoting both ways, {@code ""} as the empty string against an empty cell as an absent value, blobs as base64, and
 * the checker's refusal of what a column cannot hold.
 */
class CsvStringBindingGenerationTest {
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

    private static final Generated GENERATED = Generated.compile(Map.of("tick.sdo", TICK));

    @Test
    void handPickedRowsAreWrittenAsRfc4180AndReadBack() throws Exception {
        List<Object> ticks = List.of(
                tick(1, "XLON", null, null),
                tick(2, "Smith, Jones & Co", "say \"hi\"", new byte[] {0, 1, 2, (byte) 0xFF}),
                tick(3, "", "", new byte[0]),
                tick(4, "line1\nline2", "ünïcødé €", null),
                tick(5, " padded ", "cr\r", null));
        String csv = write(ticks);
        assertThat(csv).isEqualTo("""
                ID,Venue,Note,Raw
                1,XLON,,
                2,"Smith, Jones & Co","say ""hi\""",AAEC/w==
                3,"","",""
                4,"line1
                line2",ünïcødé €,
                5, padded ,"cr\r",
                """);
        assertThat(values(read(csv))).isEqualTo(values(ticks));
    }

    @Test
    void quotedCellsWithDelimitersQuotesAndLineBreaksAreRead() throws Exception {
        // Columns in another order, CRLF line ends, a quoted id: as a spreadsheet might save it.
        String csv = "Raw,Note,ID,Venue\r\n"
                + "aGk=,\"a,b\",\"7\",\"He said \"\"no\"\"\r\nthen left\"\r\n"
                + ",,8,\r\n";
        List<Object> read = read(csv);
        assertThat(values(read)).containsExactly(
                List.of(7L, "He said \"no\"\r\nthen left", "a,b", List.of((byte) 'h', (byte) 'i')),
                // An empty unquoted cell: absent when optional, the empty string when required.
                Arrays.asList(8L, "", null, null));
    }

    @Test
    void randomStringsAndBlobsSurviveWriteThenRead() {
        PropertyRunner.forAll(150, draw -> {
            List<Object> ticks = new ArrayList<>();
            int count = draw.ints(0, 6);
            for (int i = 0; i < count; i++) {
                ticks.add(tick(draw.longs(0, 0xFFFF_FFFFL), text(draw), draw.bool() ? null : text(draw),
                        draw.bool() ? null : draw.bytes(0, 12)));
            }
            String csv = write(ticks);
            Object batch = GENERATED.callStatic("tick.TickCsv", "readBatch", input(csv), "tick.csv");
            assertThat(Generated.call(batch, "size")).isEqualTo(ticks.size());
            for (int i = 0; i < ticks.size(); i++) {
                // Byte for byte the record the bean encodes.
                assertThat((byte[]) Generated.call(Generated.call(batch, "get", i), "toByteArray")).as("record %d", i)
                        .isEqualTo((byte[]) Generated.call(GENERATED.of("tick.Tick", ticks.get(i)), "toByteArray"));
            }
            ByteArrayOutputStream again = new ByteArrayOutputStream();
            GENERATED.type("tick.TickCsv").getMethod("writeBatch", batch.getClass(), OutputStream.class)
                    .invoke(null, batch, again);
            assertThat(again.toString(StandardCharsets.UTF_8)).isEqualTo(csv);
        });
    }

    @Test
    void invalidBase64IsRefusedNamingFieldRowAndColumn() {
        String csv = "ID,Venue,Note,Raw\n1,A,,AAEC/w==\n2,\"B,C\",x,AA*C\n";
        assertThatThrownBy(() -> read(csv))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("tick.csv:3:11: error: Tick.raw: \"AA*C\" is not base64")
                .hasMessageEndingWith("(column \"Raw\")");
    }

    @Test
    void everyFixedWidthTypeBesideAStringReadsAndWritesItsText() throws Exception {
        Generated mixed = Generated.compile(Map.of("mix.sdo", """
                package mix;
                enum Side { Buy, Sell }
                @csv(delimiter = ";")
                record Mix {
                    name: string;
                    side: Side;
                    day: date(2000-01-01..2099-12-31) @csv(format = "dd/MM/yyyy");
                    at: time optional;
                    ts: timestamp optional;
                    ccy: char(3, "A-Z");
                    rate: float64;
                    ok: bool;
                    amount: decimal(12, 2);
                    small: int(1..31) = 5;
                    wide: int64 as java.math.BigInteger;
                    extra: string optional @since(2);
                }
                """));
        String csv = "name;side;day;at;ts;ccy;rate;ok;amount;small;wide;extra\n"
                + "\"a;b\";Sell;21/07/2014;09:30:00;2014-07-21T09:30:00Z;GBP;1.5;true;-12.50;31;-7;\"\"\n"
                + "x;Buy;01/01/2000;;;EUR;0.25;false;0.00;1;9223372036854775807;\n";
        Object batch = mixed.callStatic("mix.MixCsv", "readBatch", input(csv), "mix.csv");
        assertThat(Generated.call(batch, "size")).isEqualTo(2);
        Object first = Generated.call(batch, "get", 0);
        assertThat(Generated.call(first, "getName")).isEqualTo("a;b");
        assertThat(Generated.call(first, "getExtra")).isEqualTo("");
        assertThat(Generated.call(Generated.call(batch, "get", 1), "getExtra")).isNull();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        mixed.type("mix.MixCsv").getMethod("writeBatch", batch.getClass(), OutputStream.class).invoke(null, batch, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(csv);
    }

    @Test
    void listsAndNestedRecordsInCsvAreRefusedSayingWhy() {
        List<String> errors = new SchemaCompiler().compile(Map.of("s.sdo", """
                package p;
                record Leg { n: int8; }
                @csv
                record Book {
                    tags: list<string>;
                    leg: Leg;
                }
                """), List.of("s.sdo")).diagnostics().stream().map(Diagnostic::toString).toList();
        assertThat(errors).containsExactly(
                "s.sdo:5:5: error: field 'tags' (list<string>) is a list, which a CSV column cannot hold: a row has"
                        + " one value per column, and CSV has no way to repeat one; bind the record to XML",
                "s.sdo:6:5: error: field 'leg' holds record 'Leg', which a CSV column cannot: a row is one line of"
                        + " single values, and @csv does not flatten a record into columns; bind the record to XML,"
                        + " or declare the values as fields of 'Book'");
    }

    /** A string drawn to hit quoting: any text, or one made mostly of delimiters, quotes and line breaks. */
    private static String text(Draw draw) {
        return draw.bool() ? draw.text(0, 10) : draw.string(",\"\r\n a€", 0, 6);
    }

    private static Object tick(long id, String venue, String note, byte[] raw) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", id);
        values.put("venue", venue);
        if (note != null) {
            values.put("note", note);
        }
        if (raw != null) {
            values.put("raw", raw);
        }
        return GENERATED.bean("tick.Tick", values);
    }

    /** Each record's fields through its getters, a blob as a list of bytes so that lists compare it by value. */
    private static List<List<Object>> values(List<?> ticks) {
        List<List<Object>> values = new ArrayList<>();
        for (Object tick : ticks) {
            byte[] raw = (byte[]) Generated.call(tick, "getRaw");
            List<Object> bytes = null;
            if (raw != null) {
                bytes = new ArrayList<>();
                for (byte b : raw) {
                    bytes.add(b);
                }
            }
            values.add(Arrays.asList(((Number) Generated.call(tick, "getId")).longValue(),
                    Generated.call(tick, "getVenue"), Generated.call(tick, "getNote"), bytes));
        }
        return values;
    }

    private static String write(List<Object> ticks) throws ReflectiveOperationException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        GENERATED.type("tick.TickCsv").getMethod("write", Iterable.class, OutputStream.class).invoke(null, ticks, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> read(String csv) {
        return (List<Object>) GENERATED.callStatic("tick.TickCsv", "read", input(csv), "tick.csv");
    }

    private static InputStream input(String csv) {
        return new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8));
    }
}
