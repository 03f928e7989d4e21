package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.RecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CSV as careless users and hostile inputs make it: a stray quote inside an unquoted cell, Excel's byte order mark,
 * long rows that arrive in small reads, a huge bad cell, a stored value no encoder writes.
 */
class HostileCsvTest {
    /** A record of a 7-bit id and a 3-bit enum of 5 constants: 10 bits, 2 bytes. */
    private static final int RECORD_BYTES = 2;

    private static CsvBinding binding() {
        return new CsvBinding(List.of(new IntegerField("R.id", -1, 0, 7, 0, 127, 0),
                new EnumField("R.kind", -1, 7, 3, List.of("A", "B", "C", "D", "E"))), List.of("ID", "kind"), true,
                ',');
    }

    /** Reads {@code csv}, skipping bad rows into {@code skipped}. */
    private static RecordStore read(InputStream csv, List<TextInputException> skipped) throws IOException {
        RecordStore store = RecordStore.heap(RECORD_BYTES);
        TextReadResult result = binding().read(csv, "in.csv", store, BadInputPolicy.skip(skipped::add));
        assertThat(result.records()).isEqualTo(store.size());
        assertThat(result.skipped()).isEqualTo(skipped.size());
        return store;
    }

    private static InputStream bytes(String csv) {
        return new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8));
    }

    private static String write(RecordStore store) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding().write(store, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aStrayQuoteInAnUnquotedCellIsThatRowsProblemAndSwallowsNoLines() throws IOException {
        List<TextInputException> skipped = new ArrayList<>();
        RecordStore store = read(bytes("ID,kind\n1,A\n2,B\n3\"x,C\n4,D\n5,E\n"), skipped);
        assertThat(write(store)).isEqualTo("ID,kind\n1,A\n2,B\n4,D\n5,E\n");
        assertThat(skipped).singleElement().satisfies(bad -> assertThat(bad.getMessage()).isEqualTo(
                "in.csv:4:2: error: a quote inside an unquoted value; quote the whole value and double the quotes "
                        + "inside it"));
        assertThatThrownBy(() -> binding().read(bytes("ID,kind\n1,A\n2,B\"\n3,C\n"), "in.csv",
                RecordStore.heap(RECORD_BYTES), BadInputPolicy.FAIL))
                .isInstanceOf(TextInputException.class).hasMessageStartingWith("in.csv:3:4: error: a quote inside");
    }

    @Test
    void textAfterAClosingQuoteIsThatRowsProblemAndLinesStillCount() throws IOException {
        List<TextInputException> skipped = new ArrayList<>();
        RecordStore store = read(bytes("ID,kind\n1,\"A\"x\n\"2\",\"B\"\n3,\"two\nlines\"\n4,D\n"), skipped);
        assertThat(write(store)).isEqualTo("ID,kind\n2,B\n4,D\n");
        assertThat(skipped).extracting(Throwable::getMessage).containsExactly(
                "in.csv:2:6: error: unexpected text after the closing quote of a quoted value",
                "in.csv:4:3: error: R.kind: \"two\nlines\" is no constant of the enum; allowed: A, B, C, D, E (column \"kind\")");
    }

    @Test
    void anExcelByteOrderMarkIsNotPartOfTheFirstColumnsName() throws IOException {
        byte[] csv = "\uFEFFID,kind\r\n7,C\r\n".getBytes(StandardCharsets.UTF_8);
        RecordStore store = read(new ByteArrayInputStream(csv), new ArrayList<>());
        assertThat(write(store)).isEqualTo("ID,kind\n7,C\n");
    }

    /** An input stream that hands out at most {@code piece} bytes per read, as a slow network does. */
    private static InputStream inPieces(byte[] bytes, int piece) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, piece));
            }
        };
    }

    @Test
    void rowsThatArriveInPiecesOfAnySizeAreSplitAsWhenReadWhole() throws IOException {
        StringBuilder csv = new StringBuilder("\uFEFFID,kind\n");
        for (int i = 0; i < 100; i++) {
            csv.append(i).append(i % 3 == 0 ? ",\"" + "B" + "\"" : ",D").append(i % 7 == 0 ? "\r\n" : "\n");
        }
        csv.append("100,\"X\"\"\n\"\n101,A\n");
        byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
        List<TextInputException> wholeSkipped = new ArrayList<>();
        String whole = write(read(new ByteArrayInputStream(bytes), wholeSkipped));
        for (int piece : new int[] {1, 2, 3, 5, 17}) {
            List<TextInputException> skipped = new ArrayList<>();
            assertThat(write(read(inPieces(bytes, piece), skipped))).as("pieces of " + piece).isEqualTo(whole);
            assertThat(skipped).extracting(Throwable::getMessage)
                    .containsExactlyElementsOf(wholeSkipped.stream().map(Throwable::getMessage).toList());
        }
        assertThat(wholeSkipped).extracting(Throwable::getMessage).containsExactly("in.csv:102:5: error: R.kind: "
                + "\"X\"\n\" is no constant of the enum; allowed: A, B, C, D, E (column \"kind\")");
    }

    /**
     * Rows written as RFC 4180 says (quoted when they must be, or at random; doubled quotes; line breaks inside quotes;
     * LF or CRLF) split back into their cells at their lines, however the bytes arrive; and a stray quote in one
     * row's unquoted cell is that row's problem alone, at its own line, every other row intact.
     */
    @Test
    void rowsSplitBackIntoTheirCellsAndAStrayQuoteSpoilsOnlyItsRow() {
        dev.sdo.testing.PropertyRunner.forAll(300, draw -> {
            List<List<String>> rows = draw.list(1, 20, () -> draw.list(1, 4, () -> draw.string("ab,\"\r\n é", 0, 5)));
            int stray = draw.bool() ? draw.ints(0, rows.size() - 1) : -1;
            StringBuilder csv = new StringBuilder();
            List<Long> lines = new ArrayList<>();
            long line = 1;
            for (int r = 0; r < rows.size(); r++) {
                List<String> row = rows.get(r);
                if (row.size() == 1 && row.get(0).isEmpty()) {
                    row.set(0, "a"); // an empty line is a blank line, skipped
                }
                lines.add(line);
                if (r == stray) {
                    csv.append("a\"b,");
                }
                for (int c = 0; c < row.size(); c++) {
                    String cell = row.get(c);
                    boolean quoted = cell.matches("(?s).*[,\"\r\n].*") || draw.bool();
                    csv.append(c == 0 ? "" : ",").append(quoted ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell);
                    line += quoted ? cell.chars().filter(ch -> ch == '\n').count() : 0;
                }
                csv.append(draw.bool() ? "\n" : "\r\n");
                line++;
            }
            byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
            CsvTokenizer tokenizer = new CsvTokenizer(inPieces(bytes, draw.ints(1, bytes.length)), "in.csv",
                    (byte) ',');
            for (int r = 0; r < rows.size(); r++) {
                assertThat(tokenizer.nextRow()).isTrue();
                assertThat(tokenizer.line()).as("row " + r).isEqualTo(lines.get(r));
                if (r == stray) {
                    assertThat(tokenizer.problem()).as("row " + r).isNotNull().extracting(Throwable::getMessage)
                            .isEqualTo("in.csv:" + lines.get(r) + ":2: error: a quote inside an unquoted value; "
                                    + "quote the whole value and double the quotes inside it");
                    continue;
                }
                assertThat(tokenizer.problem()).as("row " + r).isNull();
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < tokenizer.cells(); c++) {
                    cells.add(new String(tokenizer.buffer(), tokenizer.start(c), tokenizer.end(c) - tokenizer.start(c),
                            StandardCharsets.UTF_8));
                }
                assertThat(cells).as("row " + r).isEqualTo(rows.get(r));
            }
            assertThat(tokenizer.nextRow()).isFalse();
        });
    }

    /**
     * The work of splitting rows (bytes scanned for row ends, moved to the buffer's front, copied when it grows) is
     * linear in the input however small the reads that bring it: a long row arriving in many reads is not scanned
     * again from its start after each (which made a 24 MiB row in 16 KiB reads fifty times slower than whole).
     */
    @Test
    void theWorkOfSplittingRowsIsLinearInTheInputHoweverSmallTheReads() throws IOException {
        String longRow = "1," + "\"" + "x".repeat(100_000) + "\"\"\n\"\n";
        byte[] csv = ("ID,kind\n" + longRow + "2,B\n".repeat(20_000) + "3,\"C\"\r\n").getBytes(StandardCharsets.UTF_8);
        for (int piece : new int[] {3, 64, 16 << 10, csv.length}) {
            CsvTokenizer rows = new CsvTokenizer(inPieces(csv, piece), "in.csv", (byte) ',');
            int count = 0;
            while (rows.nextRow()) {
                count++;
            }
            assertThat(count).isEqualTo(20_003);
            assertThat(rows.bytesHandled()).as("pieces of " + piece).isLessThan(4L * csv.length);
        }
    }

    @Test
    void aHugeUnknownColumnNameIsShownByItsStartInAShortErrorLine() {
        String name = "y".repeat(1 << 20);
        assertThatThrownBy(() -> binding().read(bytes("ID,kind," + name + "\n"), "in.csv",
                RecordStore.heap(RECORD_BYTES), BadInputPolicy.FAIL)).isInstanceOf(TextInputException.class)
                .message().hasSizeLessThan(300).startsWith("in.csv:1:9: error: unknown column \"" + "y".repeat(100)
                        + "...\" (1048576 bytes) in the header");
    }

    @Test
    void aHugeBadCellIsShownByItsStartInAShortErrorLine() {
        String cell = "x".repeat(1 << 20);
        TextInputException e = org.assertj.core.api.Assertions.catchThrowableOfType(TextInputException.class,
                () -> binding().read(bytes("ID,kind\n" + cell + ",A\n"), "in.csv", RecordStore.heap(RECORD_BYTES),
                        BadInputPolicy.FAIL));
        assertThat(e.getMessage()).hasSizeLessThan(300).startsWith("in.csv:2:1: error: R.id: \"" + "x".repeat(100)
                + "...\" (1048576 bytes) ");
    }

    @Test
    void aStoredEnumOrdinalBeyondItsConstantsIsAnErrorNamingTheRecord() {
        RecordStore store = RecordStore.heap(RECORD_BYTES);
        store.append(new byte[] {1, 0});
        store.append(new byte[] {2, 7 << 7 >> 8 | 3}); // kind = 7 of 5 constants
        assertThatThrownBy(() -> write(store)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("record 1 (counted from 0): ");
    }
}
