package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc} given what careless users and attackers give it: a file whose checksums hold but whose values or
 * offsets no encoder writes, an input that is also the output, inputs that yield no records, Excel's CSV. Each
 * failure is one line naming the file, with exit 1 (2 for wrong usage), and nothing is lost in silence.
 */
class HostileDataCommandsTest {
    @TempDir
    Path dir;

    private static final String KINDS = """
            package k;
            enum Kind { A, B, C, D, E }
            @csv(header = true)
            @xml(name = "item", namespace = "urn:k")
            record Item {
                id:   int(0..100);
                kind: Kind;
                ok:   bool;
                day:  date(2000-01-01..2099-12-31) @csv(format = "dd/MM/yyyy");
            }
            """;

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    /** Converts {@code csv} to a batch file with {@code schema}, which must succeed. */
    private Path converted(Path schema, String csv) throws IOException {
        Path batch = dir.resolve("items.sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), write("items.csv", csv).toString(), "-o",
                batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        return batch;
    }

    /**
     * Sets bits {@code offset .. offset + width - 1} of record {@code index} of the single-block batch file of
     * {@code recordSize}-byte records, and recomputes the payload, block header, footer entry and footer CRC32Cs.
     */
    private static void forgeRecord(Path batch, int recordSize, int index, int offset, int width, long value)
            throws IOException {
        byte[] file = Files.readAllBytes(batch);
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int block = bytes.getInt(12);
        int payload = (int) bytes.getLong(block + 24);
        int at = block + 40 + index * recordSize;
        for (int bit = 0; bit < width; bit++) {
            int b = at + (offset + bit) / 8;
            int mask = 1 << ((offset + bit) % 8);
            file[b] = (byte) ((value >> bit & 1) != 0 ? file[b] | mask : file[b] & ~mask);
        }
        int footer = block + ((40 + payload + 7) & ~7);
        int payloadCrc = crc(file, block + 40, block + 40 + payload);
        bytes.putInt(block + 32, payloadCrc).putInt(footer + 68, payloadCrc);
        bytes.putInt(block + 36, crc(file, block, block + 36));
        bytes.putInt(file.length - 24 + 12, crc(file, footer, file.length - 24));
        Files.write(batch, file);
    }

    private static int crc(byte[] file, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(file, from, to - from);
        return (int) crc.getValue();
    }

    @Test
    void aStoredEnumOrdinalBeyondItsConstantsIsOneLineNamingTheFileAndRecordNotAStackTrace() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path batch = converted(schema, "id,kind,ok,day\n1,A,true,01/02/2003\n2,E,false,31/12/2099\n");
        // id takes 7 bits, kind the next 3: ordinal 7 of 5 constants in record 1.
        forgeRecord(batch, 4, 1, 7, 3, 7);

        for (String format : List.of("csv", "json", "xml")) {
            SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", format, batch.toString());
            assertThat(dump.exitCode()).as(format).isEqualTo(1);
            assertThat(dump.errLines()).as(format).singleElement().asString()
                    .startsWith("sdoc: error: " + batch + ": record 1 (counted from 0): ").contains("Item.kind")
                    .doesNotContain("\tat ");
        }
        SdocRun check = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(check.exitCode()).isEqualTo(1);
        assertThat(check.out()).startsWith(batch + ": damaged: record 1 (counted from 0): ");
    }

    @Test
    void aJsonDumpOfFlatRecordsHasRealBooleansAndIsoDatesAsForEveryOtherRecord() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path batch = converted(schema, "id,kind,ok,day\n1,A,true,01/02/2003\n2,E,false,31/12/2099\n");
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        assertThat(dump.out()).isEqualTo("""
                [
                  {"id": 1, "kind": "A", "ok": true, "day": "2003-02-01"},
                  {"id": 2, "kind": "E", "ok": false, "day": "2099-12-31"}
                ]
                """);
    }

    @Test
    void anExcelCsvWithAByteOrderMarkConverts() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path csv = dir.resolve("excel.csv");
        Files.write(csv, "\uFEFFid,kind,ok,day\r\n3,C,true,05/06/2007\r\n".getBytes(StandardCharsets.UTF_8));
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), csv.toString(), "-o",
                dir.resolve("excel.sdob").toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).contains("1 Item record");
    }

    @Test
    void anInputThatIsAlsoTheOutputIsRefusedAndKept() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        String csv = "id,kind,ok,day\n1,A,true,01/02/2003\n";
        Path input = write("x.csv", csv);
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), input.toString(), "-o", input.toString());
        assertThat(convert.exitCode()).isEqualTo(2);
        assertThat(convert.err()).contains(input + " is both an input and the output");
        assertThat(Files.readString(input)).isEqualTo(csv);
    }

    @Test
    void noRecordsFromANonEmptyInputIsAnErrorUnlessAskedFor() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path headerOnly = write("empty.csv", "id,kind,ok,day\n");
        Path out = dir.resolve("empty.sdob");
        SdocRun refused = SdocRun.of("convert", "-s", schema.toString(), headerOnly.toString(), "-o", out.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).isEqualTo("sdoc: error: " + headerOnly + ": no Item records: it has no rows after "
                + "its header; give --allow-empty to write an empty batch file\n");
        assertThat(out).doesNotExist();
        SdocRun allowed = SdocRun.of("convert", "-s", schema.toString(), headerOnly.toString(), "-o", out.toString(),
                "--allow-empty");
        assertThat(allowed.exitCode()).as(allowed.err()).isZero();
        assertThat(out).exists();

        // The namespace or the case of the element does not match: no element is the record's.
        Path xml = write("items.xml", "<records xmlns=\"urn:K\"><item><id>1</id><kind>A</kind><ok>true</ok>"
                + "<day>2003-02-01</day></item></records>");
        SdocRun wrongNamespace = SdocRun.of("convert", "-s", schema.toString(), "-r", "Item", xml.toString(), "-o",
                dir.resolve("items.sdob").toString());
        assertThat(wrongNamespace.exitCode()).isEqualTo(1);
        assertThat(wrongNamespace.err()).isEqualTo("sdoc: error: " + xml + ": no Item records: it has no <item> "
                + "element in the namespace urn:k (names and namespaces must match exactly, case included); give "
                + "--allow-empty to write an empty batch file\n");

        Path allBad = write("bad.csv", "id,kind,ok,day\n1,Z,true,01/02/2003\n");
        SdocRun skipped = SdocRun.of("convert", "-s", schema.toString(), "--skip-bad", allBad.toString(), "-o",
                dir.resolve("bad.sdob").toString());
        assertThat(skipped.exitCode()).isEqualTo(1);
        assertThat(skipped.err()).contains("every row was bad (1 skipped)");
    }

    @Test
    void aStrayQuoteSkipsItsOwnRowOnly() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path csv = write("stray.csv", "id,kind,ok,day\n1,A,true,01/02/2003\n2,B\",true,01/02/2003\n"
                + "3,C,true,01/02/2003\n4,D,true,01/02/2003\n5,E,true,01/02/2003\n");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "--skip-bad", csv.toString(), "-o",
                dir.resolve("stray.sdob").toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).contains("4 Item records");
        assertThat(convert.err()).startsWith(csv + ":3:4: warning: skipped: a quote inside an unquoted value")
                .contains("skipped 1 bad row");
    }

    @Test
    void checkReadsEveryVariableSizeRecordAndFindsOneThatRunsIntoTheNext() throws IOException {
        Path schema = write("notes.sdo", """
                package n;
                record Note { id: uint32; title: string; }
                """);
        Compilation compilation = new SchemaCompiler().compile(List.of(schema));
        RecordLayout layout = compilation.layouts().get(0);
        long fingerprint = compilation.model().orElseThrow().fingerprint(layout.record().name());
        VariableRecordStore store = VariableRecordStore.heap(layout.bytes());
        store.append(note(1, "abc", 5));
        store.append(note(2, "xyzzy", 0));
        Path batch = dir.resolve("notes.sdob");
        VariableBatchFileWriter.write(store, new RecordIdentity("n.Note", 1, fingerprint, layout.bytes()), batch);

        SdocRun check = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(check.exitCode()).isEqualTo(1);
        assertThat(check.out()).isEqualTo(batch + ": damaged: record 0 (counted from 0): Note: the record says it "
                + "has 16 bytes, its container says 11\n");
    }

    @Test
    void checkFindsAFieldBeforeTheLastThatRunsIntoTheNextRecordThoughTheRecordsSizeIsRight() throws IOException {
        Path schema = write("memos.sdo", """
                package m;
                record Memo { id: uint32; title: string; body: string; }
                """);
        Compilation compilation = new SchemaCompiler().compile(List.of(schema));
        RecordLayout layout = compilation.layouts().get(0);
        long fingerprint = compilation.model().orElseThrow().fingerprint(layout.record().name());
        VariableRecordStore store = VariableRecordStore.heap(layout.bytes());
        store.append(memo(1, "abc", "de", 5));
        store.append(memo(2, "xyzzy", "q", 0));
        Path batch = dir.resolve("memos.sdob");
        VariableBatchFileWriter.write(store, new RecordIdentity("m.Memo", 1, fingerprint, layout.bytes()), batch);

        SdocRun check = SdocRun.of("check", "-s", schema.toString(), batch.toString());
        assertThat(check.exitCode()).isEqualTo(1);
        assertThat(check.out()).isEqualTo(batch + ": damaged: record 0 (counted from 0): Memo.body: its data ends at "
                + "byte 17, before it starts at byte 20 (the end of the data before it): the record's end slots must "
                + "ascend\n");
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(dump.exitCode()).isEqualTo(1);
        assertThat(dump.errLines()).singleElement().asString()
                .startsWith("sdoc: error: " + batch + ": record 0 (counted from 0): ").contains("Memo.body");
    }

    /** A Memo: id, the title's end slot ({@code overreach} more than it is), the body's, the title, the body. */
    private static byte[] memo(int id, String title, String body, int overreach) {
        byte[] first = title.getBytes(StandardCharsets.UTF_8);
        byte[] second = body.getBytes(StandardCharsets.UTF_8);
        ByteBuffer record = ByteBuffer.allocate(12 + first.length + second.length).order(ByteOrder.LITTLE_ENDIAN);
        record.putInt(0, id).putInt(4, 12 + first.length + overreach).putInt(8, record.capacity())
                .put(12, first).put(12 + first.length, second);
        return record.array();
    }

    /** A Note: id, the title's end slot (5 more than it is, when {@code overreach} is 5), the title. */
    private static byte[] note(int id, String title, int overreach) {
        byte[] text = title.getBytes(StandardCharsets.UTF_8);
        ByteBuffer record = ByteBuffer.allocate(8 + text.length).order(ByteOrder.LITTLE_ENDIAN);
        record.putInt(0, id).putInt(4, 8 + text.length + overreach).put(8, text);
        return record.array();
    }
}
