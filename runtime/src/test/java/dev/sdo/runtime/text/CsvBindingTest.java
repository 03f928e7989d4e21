package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.batch.RecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV rows to records and back: quoting, line ends, header order, delimiters, and where errors are reported. */
class CsvBindingTest {
    /** A record of a 7-bit id and a 10-character printable ASCII name: 7 + 70 bits, 10 bytes. */
    private static final int RECORD_BYTES = 10;

    private static CsvBinding binding(boolean header, char delimiter) {
        return new CsvBinding(List.of(
                new IntegerField("R.id", -1, 0, 7, 0, 127, 0),
                new CharField("R.name", -1, 7, new Alphabet(printableAscii()), 10)),
                List.of("id", "name"), header, delimiter);
    }

    private static String printableAscii() {
        StringBuilder chars = new StringBuilder();
        for (char c = 0x20; c <= 0x7E; c++) {
            chars.append(c);
        }
        return chars.toString();
    }

    private static RecordStore read(CsvBinding binding, String csv) throws IOException {
        RecordStore store = RecordStore.heap(RECORD_BYTES);
        binding.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "in.csv", store,
                BadInputPolicy.FAIL);
        return store;
    }

    private static String write(CsvBinding binding, RecordStore store) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding.write(store, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void quotedCellsKeepDelimitersQuotesAndLineBreaks() throws IOException {
        String csv = "id,name\r\n1,\"a,b\"\r\n2,\"say \"\"hi\"\"\"\r\n3,\"\"\n\n4,plain\n";
        RecordStore store = read(binding(true, ','), csv);
        assertThat(store.size()).isEqualTo(4);
        assertThat(write(binding(true, ','), store))
                .isEqualTo("id,name\n1,\"a,b\"\n2,\"say \"\"hi\"\"\"\n3,\n4,plain\n");
    }

    @Test
    void linesCountLineBreaksInsideQuotes() throws IOException {
        String csv = "id,name\n1,\"two\nlines\"\n2,toolongforten\n";
        List<String> skipped = new ArrayList<>();
        binding(true, ',').read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "in.csv",
                RecordStore.heap(RECORD_BYTES), BadInputPolicy.skip(e -> skipped.add(e.getMessage())));
        // A line break is no printable ASCII character; the next row starts on line 4.
        assertThat(skipped).hasSize(2);
        assertThat(skipped.get(0)).startsWith("in.csv:2:3: error: R.name: \"two\nlines\" has the character '\n'");
        assertThat(skipped.get(1)).isEqualTo("in.csv:4:3: error: R.name: \"toolongforten\" is too long; allowed: "
                + "at most 10 characters (column \"name\")");
    }

    @Test
    void headerColumnsMayComeInAnyOrder() throws IOException {
        RecordStore store = read(binding(true, ';'), "name;id\nx;5\n");
        assertThat(write(binding(true, ';'), store)).isEqualTo("id;name\n5;x\n");
    }

    @Test
    void withoutAHeaderColumnsFollowTheFields() throws IOException {
        RecordStore store = read(binding(false, '\t'), "5\tx\n6\ty\n");
        assertThat(write(binding(false, '\t'), store)).isEqualTo("5\tx\n6\ty\n");
    }

    @Test
    void aHeaderWithAnUnknownOrMissingColumnIsReported() {
        assertThatThrownBy(() -> read(binding(true, ','), "id,nom\n1,x\n"))
                .hasMessage("in.csv:1:4: error: unknown column \"nom\" in the header; the record's columns: id, name");
        assertThatThrownBy(() -> read(binding(true, ','), "id\n1\n"))
                .hasMessage("in.csv:1:1: error: the header lacks the column \"name\" (R.name)");
    }

    /**
     * An optional field added by a later schema version: a file written before it has no column for it, and its
     * rows read it as absent; a file that has the column reads it. The required id's column is still required.
     */
    @Test
    void aHeaderMayLackTheColumnsOfLaterOptionalFields() throws IOException {
        CsvBinding binding = new CsvBinding(List.of(
                new IntegerField("R.id", -1, 0, 7, 0, 127, 0),
                new IntegerField("R.lots", 7, 8, 7, 0, 127, 0)),
                List.of("id", "lots"), true, ',', List.of("lots"));
        RecordStore old = RecordStore.heap(2);
        binding.read(new ByteArrayInputStream("id\n5\n".getBytes(StandardCharsets.UTF_8)), "old.csv", old,
                BadInputPolicy.FAIL);
        assertThat(write(binding, old)).isEqualTo("id,lots\n5,\n");
        RecordStore now = RecordStore.heap(2);
        binding.read(new ByteArrayInputStream("lots,id\n9,5\n".getBytes(StandardCharsets.UTF_8)), "new.csv", now,
                BadInputPolicy.FAIL);
        assertThat(write(binding, now)).isEqualTo("id,lots\n5,9\n");
        assertThatThrownBy(() -> binding.read(new ByteArrayInputStream("lots\n9\n".getBytes(StandardCharsets.UTF_8)),
                "in.csv", RecordStore.heap(2), BadInputPolicy.FAIL))
                .hasMessage("in.csv:1:1: error: the header lacks the column \"id\" (R.id)");
    }

    @Test
    void anUnclosedQuoteIsReportedAtItsRow() {
        assertThatThrownBy(() -> read(binding(true, ','), "id,name\n1,\"open\n"))
                .hasMessage("in.csv:2:1: error: a quoted value is not closed before the end of the input");
        assertThatThrownBy(() -> read(binding(true, ','), "id,name\n1,\"a\"b\n"))
                .hasMessage("in.csv:2:6: error: unexpected text after the closing quote of a quoted value");
    }

    @Test
    void skippingBadRowsKeepsTheGoodOnesAndReportsEachBadOne() throws IOException {
        List<String> skipped = new ArrayList<>();
        RecordStore store = RecordStore.heap(RECORD_BYTES);
        TextReadResult result = binding(true, ',').read(new ByteArrayInputStream(
                "id,name\n1,a\n200,b\n3\n4,d\n".getBytes(StandardCharsets.UTF_8)), "in.csv", store,
                BadInputPolicy.skip(e -> skipped.add(e.getMessage())));
        assertThat(result).isEqualTo(new TextReadResult(2, 2));
        assertThat(write(binding(true, ','), store)).isEqualTo("id,name\n1,a\n4,d\n");
        assertThat(skipped).containsExactly(
                "in.csv:3:1: error: R.id: \"200\" is out of range; allowed: 0..127 (column \"id\")",
                "in.csv:4:2: error: the row has 1 columns, not 2: column \"name\" (R.name) is missing");
    }

    @Test
    void rowsLongerThanTheReadBufferAreRead() throws IOException {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 20_000; i++) {
            csv.append(i % 128).append(",\"").append("n\"\"").append(i % 10).append("\"\n");
        }
        RecordStore store = read(binding(true, ','), csv.toString());
        assertThat(store.size()).isEqualTo(20_000);
        assertThat(write(binding(true, ','), store).lines().skip(20_000).findFirst())
                .hasValue("31,\"n\"\"9\"");
    }
}
