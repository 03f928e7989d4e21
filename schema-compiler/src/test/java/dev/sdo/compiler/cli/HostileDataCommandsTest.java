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
        // Block 0 follows the header and its schema part (whose length is at the version table's second word).
        int schemaPart = bytes.getInt(((56 + bytes.getInt(28) + 7) & ~7) + 4);
        int block = bytes.getInt(12) + ((schemaPart + 7) & ~7);
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
    void aDamagedFileDumpedIntoADirectoryLeavesNoFileThere() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path batch = converted(schema, "id,kind,ok,day\n1,A,true,01/02/2003\n2,E,false,31/12/2099\n");
        forgeRecord(batch, 4, 1, 7, 3, 7);
        Path out = dir.resolve("out");
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-o", out.toString(), batch.toString());
        assertThat(dump.exitCode()).isEqualTo(1);
        assertThat(dump.errLines()).singleElement().asString().startsWith("sdoc: error: " + batch + ": record 1 ");
        try (var left = Files.list(out)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anIntegerStoredBeyondItsRangeIsOneLineNotAValue() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path batch = converted(schema, "id,kind,ok,day\n1,A,true,01/02/2003\n");
        // id is int(0..100) in 7 bits, which hold 127.
        forgeRecord(batch, 4, 0, 0, 7, 127);
        for (String format : List.of("csv", "json", "xml")) {
            SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", format, batch.toString());
            assertThat(dump.exitCode()).as(format).isEqualTo(1);
            assertThat(dump.errLines()).as(format).containsExactly("sdoc: error: " + batch + ": record 0 (counted "
                    + "from 0): Item.id: stored value 127 is out of the field's range 0..100");
        }
    }

    @Test
    void aDumpWhoseOutputWouldBeItsInputIsRefused() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path batch = converted(schema, "id,kind,ok,day\n1,A,true,01/02/2003\n");
        // A batch file named as the CSV its dump would write.
        Path out = Files.createDirectory(dir.resolve("out"));
        Path input = Files.move(batch, out.resolve("items.csv"));
        byte[] bytes = Files.readAllBytes(input);
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-o", out.toString(), input.toString());
        assertThat(dump.exitCode()).isEqualTo(2);
        assertThat(dump.errLines()).first().asString().isEqualTo("sdoc: error: " + input + " is both an input "
                + "and the output it would be written to: give another output");
        assertThat(Files.readAllBytes(input)).isEqualTo(bytes);
    }

    @Test
    void aFlatRecordsJsonIsWhatTheSameFieldsOfARecordReadThroughItsClassesGive() throws IOException {
        String fields = "t: time; f: float64; g: float32; d: decimal(10, 2); ts: timestamp; ok: bool; kind: Kind; "
                + "c: char(3); n: int(0..100); day: date @csv(format = \"dd/MM/yyyy\"); maybe: int32 optional;";
        Path schema = write("both.sdo", "package b;\nenum Kind { A, B }\n"
                + "@xml(name = \"flat\", namespace = \"urn:b\") record Flat { " + fields + " }\n"
                + "@xml(name = \"tree\", namespace = \"urn:b\") record Tree { " + fields + " s: string; }\n");
        String values = "<t>09:30:00</t><f>1e10</f><g>0.1</g><d>-1.5</d><ts>2014-07-21T09:30:00.250Z</ts>"
                + "<ok>true</ok><kind>B</kind><c>a\"b</c><n>5</n><day>02/01/2020</day>";
        String flat = dumpedJson(schema, "flat", values);
        String tree = dumpedJson(schema, "tree", values + "<s>x</s>");
        assertThat(flat).isEqualTo("[\n  {\"t\": \"09:30:00\", \"f\": 1.0E10, \"g\": 0.1, \"d\": -1.50, \"ts\": "
                + "\"2014-07-21T09:30:00.250Z\", \"ok\": true, \"kind\": \"B\", \"c\": \"a\\\"b\", \"n\": 5, "
                + "\"day\": \"2020-01-02\", \"maybe\": null}\n]\n");
        assertThat(tree).isEqualTo(flat.replace("null}", "null, \"s\": \"x\"}"));
    }

    /** Converts one {@code element} of {@code values} and dumps it as JSON. */
    private String dumpedJson(Path schema, String element, String values) throws IOException {
        Path xml = write(element + ".xml", "<" + element + " xmlns=\"urn:b\">" + values + "</" + element + ">");
        Path batch = dir.resolve(element + ".sdob");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), xml.toString(), "-o", batch.toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        SdocRun dump = SdocRun.of("dump", "-s", schema.toString(), "-f", "json", batch.toString());
        assertThat(dump.exitCode()).as(dump.err()).isZero();
        return dump.out();
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

        // No element looks like the record's.
        Path xml = write("items.xml", "<records xmlns=\"urn:k\"><other/></records>");
        SdocRun noItems = SdocRun.of("convert", "-s", schema.toString(), "-r", "Item", xml.toString(), "-o",
                dir.resolve("items.sdob").toString());
        assertThat(noItems.exitCode()).isEqualTo(1);
        assertThat(noItems.err()).isEqualTo("sdoc: error: " + xml + ": no Item records: it has no <item> "
                + "element in the namespace urn:k (names and namespaces must match exactly, case included); give "
                + "--allow-empty to write an empty batch file\n");
        assertThat(dir.resolve("items.sdob")).doesNotExist();

        Path allBad = write("bad.csv", "id,kind,ok,day\n1,Z,true,01/02/2003\n");
        SdocRun skipped = SdocRun.of("convert", "-s", schema.toString(), "--skip-bad", allBad.toString(), "-o",
                dir.resolve("bad.sdob").toString());
        assertThat(skipped.exitCode()).isEqualTo(1);
        assertThat(skipped.err()).contains("every row was bad (1 skipped)");
    }

    @Test
    void anXmlDocumentWhoseNamespaceOrElementCaseDoesNotMatchIsRefusedAtTheElement() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        String item = "<id>1</id><kind>A</kind><ok>true</ok><day>01/02/2003</day>";
        Path out = dir.resolve("items.sdob");
        // The namespace's case, with the record named and found by the document's elements.
        Path namespaceCase = write("ns.xml", "<records xmlns=\"urn:K\">\n<item>" + item + "</item></records>");
        for (List<String> record : List.of(List.of("-r", "Item"), List.<String>of())) {
            SdocRun convert = SdocRun.of(concat(List.of("convert", "-s", schema.toString()), record,
                    List.of(namespaceCase.toString(), "-o", out.toString())));
            assertThat(convert.exitCode()).as(record.toString()).isEqualTo(1);
            assertThat(convert.err()).as(record.toString()).isEqualTo(namespaceCase + ":2:7: error: unexpected "
                    + "element <item> in the namespace \"urn:K\" where the record element <item> in the namespace "
                    + "\"urn:k\" was expected; names and namespaces must match exactly, case included\n");
            assertThat(out).doesNotExist();
        }
        // The element's case, and a namespace of another version.
        Path elementCase = write("case.xml", "<records xmlns=\"urn:k\"><item>" + item + "</item>\n  <Item>" + item
                + "</Item></records>");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), elementCase.toString(), "-o",
                out.toString());
        assertThat(convert.exitCode()).isEqualTo(1);
        assertThat(convert.errLines()).singleElement().asString().startsWith(elementCase + ":2:9: error: "
                + "unexpected element <Item> in the namespace \"urn:k\" where the record element <item>");
        assertThat(out).doesNotExist();
        Path otherNamespace = write("v2.xml", "<records xmlns=\"urn:k:2\"><item>" + item + "</item></records>");
        convert = SdocRun.of("convert", "-s", schema.toString(), otherNamespace.toString(), "-o", out.toString());
        assertThat(convert.exitCode()).isEqualTo(1);
        assertThat(convert.errLines()).singleElement().asString().startsWith(otherNamespace + ":1:32: error: "
                + "unexpected element <item> in the namespace \"urn:k:2\" where the record element <item> in the "
                + "namespace \"urn:k\" was expected, and the document has no record element");
        assertThat(out).doesNotExist();
    }

    private static String[] concat(List<String> first, List<String> second, List<String> third) {
        return java.util.stream.Stream.of(first, second, third).flatMap(List::stream).toArray(String[]::new);
    }

    @Test
    void aStrayQuoteSkipsItsOwnRowOnly() throws IOException {
        Path schema = write("kinds.sdo", KINDS);
        Path csv = write("stray.csv", "id,kind,ok,day\n1,A,true,01/02/2003\n2,B\",true,01/02/2003\n"
                + "3,C,true,01/02/2003\n4,D,true,01/02/2003\n5,E,true,01/02/2003\n6,\"E\nF\",true,01/02/2003\n"
                + "7,A,true,01/02/2003\n");
        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "--skip-bad", csv.toString(), "-o",
                dir.resolve("stray.sdob").toString());
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).contains("5 Item records");
        // Each warning on one line, the line break of a bad quoted value shown as \n.
        assertThat(convert.errLines()).containsExactly(
                csv + ":3:4: warning: skipped: a quote inside an unquoted value; quote the whole value and double "
                        + "the quotes inside it",
                csv + ":7:3: warning: skipped: Item.kind: \"E\\nF\" is no constant of the enum; allowed: A, B, C, D, "
                        + "E (column \"kind\")",
                "skipped 2 bad rows");
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
    void checkWithoutTheSchemaReadsEveryRecordByTheSchemaTheFileCarries() throws IOException {
        Path schema = write("notes.sdo", """
                package n;
                record Note { id: uint32; title: string; }
                """);
        Compilation compilation = new SchemaCompiler().compile(List.of(schema));
        RecordLayout layout = compilation.layouts().get(0);
        RecordIdentity identity = compilation.model().orElseThrow().identity(layout);
        VariableRecordStore store = VariableRecordStore.heap(layout.bytes());
        store.append(note(1, "abc", 0));
        store.append(note(2, "xyzzy", 5));
        Path batch = dir.resolve("notes.sdob");
        VariableBatchFileWriter.write(store, identity, batch);

        SdocRun check = SdocRun.of("check", batch.toString());
        assertThat(check.exitCode()).isEqualTo(1);
        assertThat(check.out()).isEqualTo(batch + ": damaged: record 1 (counted from 0): Note: the record says it "
                + "has 18 bytes, its container says 13\n");
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
