package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.WriterVersion;
import dev.sdo.runtime.batch.IncompatibleBatchException;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Code generated from three versions of the same records reads the others' data (spec section 4,
 * docs/record-format.md "Versions"): fields a writer did not have read as absent or zero, fields a reader does not
 * know are ignored, and data of a record with variable-length fields is found after the writer's fixed part.
 */
class SchemaEvolutionTest {
    private static final String QUOTE = "test.evo.Quote";
    private static final String NOTE = "test.evo.Note";

    private static final String V1 = """
            package test.evo;
            enum Side { Buy, Sell, Cross }
            record Quote {
                id:    uint32;
                price: udecimal(9, 2);
                side:  Side;
            }
            record Note {
                id:    int(0..1000);
                title: string;
                tags:  list<string>;
            }
            """;
    private static final String V2_FIELDS_QUOTE = """
                venue: char(4, "A-Z")          @since(2);
                size:  int(1..1000000) optional @since(2);
                level: int(-5..-1)              @since(2);
                rate:  decimal(6, 3)            @since(2);
                day:   date(2000-01-01..2099-12-31) @since(2);
                at:    time                     @since(2);
                stamp: timestamp                @since(2);
                kind:  Side                     @since(2);
                flag:  bool                     @since(2);
            """;
    private static final String V2_FIELDS_NOTE = """
                author: string          @since(2);
                score:  int16 optional  @since(2);
            """;
    private static final String V3_FIELDS_QUOTE = """
                extra: int64 @since(3);
            """;
    private static final String V3_FIELDS_NOTE = """
                refs: list<int(0..100)> @since(3);
                body: bytes optional    @since(3);
            """;

    @TempDir
    Path dir;

    private static Generated v1;
    private static Generated v2;
    private static Generated v3;

    @BeforeAll
    static void compile() {
        v1 = Generated.compile(Map.of("evo.sdo", V1));
        v2 = Generated.compile(Map.of("evo.sdo", version(V2_FIELDS_QUOTE, V2_FIELDS_NOTE)));
        v3 = Generated.compile(Map.of("evo.sdo", version(V2_FIELDS_QUOTE + V3_FIELDS_QUOTE,
                V2_FIELDS_NOTE + V3_FIELDS_NOTE)));
    }

    /** V1 with fields appended to Quote and Note. */
    private static String version(String quoteFields, String noteFields) {
        return V1.replace("    side:  Side;\n", "    side:  Side;\n" + quoteFields)
                .replace("    tags:  list<string>;\n", "    tags:  list<string>;\n" + noteFields);
    }

    private static Map<String, Object> quoteValues(Generated code) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", 4_000_000_000L);
        values.put("price", new BigDecimal("1234567.89"));
        values.put("side", code.enumConstant("test.evo.Side", "Sell"));
        return values;
    }

    private static Map<String, Object> quoteV2Values(Generated code) {
        Map<String, Object> values = quoteValues(code);
        values.put("venue", "XLON");
        values.put("size", 250);
        values.put("level", -3);
        values.put("rate", new BigDecimal("-12.5"));
        values.put("day", LocalDate.of(2031, 5, 6));
        values.put("at", LocalTime.of(13, 45));
        values.put("stamp", Instant.ofEpochMilli(1_700_000_000_000L));
        values.put("kind", code.enumConstant("test.evo.Side", "Cross"));
        values.put("flag", true);
        return values;
    }

    private static byte[] encode(Generated code, String record, Map<String, Object> values) {
        return (byte[]) Generated.call(code.of(record, code.bean(record, values)), "toByteArray");
    }

    private static VersionTable versions(Generated code, String record) {
        try {
            return (VersionTable) code.type(record + "Sdo").getField("VERSIONS").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static WriterVersion writer(Generated code, String record, int version) {
        return versions(code, record).writer(version);
    }

    /** {@code bytes} alone in a buffer that ends where they end, so that any read beyond them fails. */
    private static ByteBuffer exactly(byte[] bytes) {
        return ByteBuffer.wrap(bytes.clone());
    }

    @Test
    void recordsWithoutSinceGetNoVersionMembers() {
        assertThat(v1.source(QUOTE + "Sdo")).doesNotContain("VERSION").doesNotContain("writerVersion");
        assertThat(v3.source("test.evo.SideSdo".replace("SideSdo", "Side"))).doesNotContain("VERSION");
    }

    @Test
    void versionsSizesAndFingerprints() throws Exception {
        Class<?> quote3 = v3.type(QUOTE + "Sdo");
        assertThat(quote3.getField("VERSION").getInt(null)).isEqualTo(3);
        VersionTable table = versions(v3, QUOTE);
        assertThat(quote3.getField("FINGERPRINT").getLong(null)).isEqualTo(table.fingerprint(3));
        // Version 1 of the v3 record is the v1 record: same fixed size, same fingerprint (its serialVersionUID).
        assertThat(writer(v3, QUOTE, 1).fixedBytes()).isEqualTo(v1.bytes(QUOTE)).isEqualTo(8);
        assertThat(writer(v3, QUOTE, 2).fixedBytes()).isEqualTo(v2.bytes(QUOTE));
        assertThat(table.fingerprint(1)).isEqualTo(serialVersionUid(v1, QUOTE));
        assertThat(table.fingerprint(2)).isEqualTo(versions(v2, QUOTE).fingerprint(2));
        assertThat(table.fingerprint(2)).isNotEqualTo(table.fingerprint(3));
        assertThat(serialVersionUid(v2, QUOTE)).isEqualTo(serialVersionUid(v1, QUOTE))
                .isEqualTo(serialVersionUid(v3, QUOTE));
        assertThatThrownBy(() -> table.fingerprint(4))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Quote has versions 1..3, not 4");
    }

    private static long serialVersionUid(Generated code, String record) {
        return ObjectStreamClass.lookup(code.type(record + "Sdo")).getSerialVersionUID();
    }

    @Test
    void newerCodeReadsOlderFixedWidthDataWithNewFieldsAbsentOrZero() {
        byte[] old = encode(v1, QUOTE, quoteValues(v1));
        assertThat(old).hasSize(8);
        Object view = v2.callStatic(QUOTE + "Sdo", "wrap", exactly(old), 0, writer(v2, QUOTE, 1));

        assertThat(Generated.call(view, "getId")).isEqualTo(4_000_000_000L);
        assertThat(Generated.call(view, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
        assertThat(Generated.call(view, "getSide")).isEqualTo(v2.enumConstant("test.evo.Side", "Sell"));
        assertThat(Generated.call(view, "getVenue")).isEqualTo("");
        assertThat(Generated.call(view, "getSize")).isNull();
        assertThat(Generated.call(view, "hasSize")).isEqualTo(false);
        assertThat(Generated.call(view, "getLevel")).isEqualTo(-1);
        assertThat(Generated.call(view, "getRate")).isEqualTo(new BigDecimal("0.000"));
        assertThat(Generated.call(view, "getRateUnscaled")).isEqualTo(0L);
        assertThat(Generated.call(view, "getDay")).isEqualTo(LocalDate.of(2000, 1, 1));
        assertThat(Generated.call(view, "getAt")).isEqualTo(LocalTime.MIDNIGHT);
        assertThat(Generated.call(view, "getStamp")).isEqualTo(Instant.EPOCH);
        assertThat(Generated.call(view, "getKind")).isEqualTo(v2.enumConstant("test.evo.Side", "Buy"));
        assertThat(Generated.call(view, "isFlag")).isEqualTo(false);
        // The view's bytes are the writer's: the v1 record, which v1 code reads back.
        assertThat((byte[]) Generated.call(view, "toByteArray")).isEqualTo(old);
        assertThat(Generated.call(view, "writtenBy")).isEqualTo(new WriterVersion(1, 8));
        // Re-encoding with this code's of() upgrades it to version 2, zero values included.
        Object upgraded = v2.of(QUOTE, view);
        assertThat(Generated.call(upgraded, "getLevel")).isEqualTo(-1);
        assertThat(Generated.call(upgraded, "getId")).isEqualTo(4_000_000_000L);
        assertThat(Generated.call(upgraded, "writtenBy")).isEqualTo(writer(v2, QUOTE, 2));
    }

    @Test
    void olderCodeReadsNewerFixedWidthDataIgnoringWhatItDoesNotKnow() {
        byte[] newer = encode(v3, QUOTE, withExtra(quoteV2Values(v3)));
        // Version 1 code has no versions: it reads the first fields of any later record as its own.
        Object asV1 = v1.wrap(QUOTE, exactly(newer), 0);
        assertThat(Generated.call(asV1, "getId")).isEqualTo(4_000_000_000L);
        assertThat(Generated.call(asV1, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
        assertThat(Generated.call(asV1, "getSide")).isEqualTo(v1.enumConstant("test.evo.Side", "Sell"));

        WriterVersion v3Writer = writer(v3, QUOTE, 3);
        Object asV2 = v2.callStatic(QUOTE + "Sdo", "wrap", exactly(newer), 0, v3Writer);
        Map<String, Object> expected = quoteV2Values(v2);
        assertThat(Generated.call(asV2, "getVenue")).isEqualTo(expected.get("venue"));
        assertThat(Generated.call(asV2, "getSize")).isEqualTo(250);
        assertThat(Generated.call(asV2, "getLevel")).isEqualTo(-3);
        assertThat(Generated.call(asV2, "getRate")).isEqualTo(new BigDecimal("-12.500"));
        assertThat(Generated.call(asV2, "getDay")).isEqualTo(LocalDate.of(2031, 5, 6));
        assertThat(Generated.call(asV2, "getKind")).isEqualTo(v2.enumConstant("test.evo.Side", "Cross"));
        assertThat(Generated.call(asV2, "isFlag")).isEqualTo(true);
        // Its bytes are the whole version 3 record, which version 3 code reads completely.
        byte[] copied = (byte[]) Generated.call(asV2, "toByteArray");
        assertThat(copied).isEqualTo(newer);
        Object back = v3.callStatic(QUOTE + "Sdo", "wrap", ByteBuffer.wrap(copied), 0, v3Writer);
        assertThat(Generated.call(back, "getExtra")).isEqualTo(-77L);
    }

    private static Map<String, Object> withExtra(Map<String, Object> values) {
        values.put("extra", -77L);
        return values;
    }

    @Test
    void aWriterThatCannotHaveWrittenTheRecordIsRefused() {
        byte[] old = encode(v1, QUOTE, quoteValues(v1));
        assertThatThrownBy(() -> v2.callStatic(QUOTE + "Sdo", "wrap", exactly(old), 0, new WriterVersion(1, 9)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Quote: version 1 of the record has a 8-byte fixed part, not 9: the data was written by "
                        + "another schema, or its container is wrong");
        assertThatThrownBy(() -> v2.callStatic(QUOTE + "Sdo", "wrap", exactly(old), 0, new WriterVersion(3, 8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a record of version 3 has at least the");
        assertThatThrownBy(() -> v2.callStatic(QUOTE + "Sdo", "wrap", exactly(old), 0, writer(v2, QUOTE, 2)))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    private static Map<String, Object> noteValues(Generated code, int version) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", 999);
        values.put("title", "Zoë 😀");
        values.put("tags", List.of("a", "", "bc"));
        if (version >= 2) {
            values.put("author", "Ann");
            values.put("score", (short) -7);
        }
        if (version >= 3) {
            values.put("refs", List.of(1, 100, 0));
            values.put("body", new byte[] {9, 8});
        }
        return values;
    }

    @Test
    void newerCodeReadsOlderVariableLengthDataAfterTheWritersFixedPart() {
        byte[] old = encode(v1, NOTE, noteValues(v1, 1));
        Object view = v3.callStatic(NOTE + "Sdo", "wrap", exactly(old), 0, writer(v3, NOTE, 1));
        assertThat(Generated.call(view, "getId")).isEqualTo(999);
        assertThat(Generated.call(view, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(view, "getTags")).isEqualTo(List.of("a", "", "bc"));
        assertThat(Generated.call(view, "getAuthor")).isEqualTo("");
        assertThat(((ByteBuffer) Generated.call(view, "getAuthorBuffer")).remaining()).isZero();
        assertThat(Generated.call(view, "getScore")).isNull();
        assertThat(Generated.call(view, "getRefs")).isEqualTo(List.of());
        assertThat(Generated.call(view, "getBody")).isNull();
        assertThat(Generated.call(view, "byteSize")).isEqualTo(old.length);
        assertThat((byte[]) Generated.call(view, "toByteArray")).isEqualTo(old);

        byte[] middle = encode(v2, NOTE, noteValues(v2, 2));
        Object fromV2 = v3.callStatic(NOTE + "Sdo", "wrap", exactly(middle), 0, writer(v3, NOTE, 2));
        assertThat(Generated.call(fromV2, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(fromV2, "getAuthor")).isEqualTo("Ann");
        assertThat(Generated.call(fromV2, "getScore")).isEqualTo((short) -7);
        assertThat(Generated.call(fromV2, "getRefs")).isEqualTo(List.of());
        assertThat(Generated.call(fromV2, "byteSize")).isEqualTo(middle.length);
    }

    @Test
    void olderCodeReadsNewerVariableLengthDataGivenItsSize() {
        byte[] newer = encode(v3, NOTE, noteValues(v3, 3));
        WriterVersion v3Writer = writer(v3, NOTE, 3);
        Object view = v2.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0, v3Writer, newer.length);
        assertThat(Generated.call(view, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(view, "getTags")).isEqualTo(List.of("a", "", "bc"));
        assertThat(Generated.call(view, "getAuthor")).isEqualTo("Ann");
        assertThat(Generated.call(view, "getScore")).isEqualTo((short) -7);
        assertThat(Generated.call(view, "byteSize")).isEqualTo(newer.length);
        assertThat((byte[]) Generated.call(view, "toByteArray")).isEqualTo(newer);

        assertThatThrownBy(() -> v2.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0, v3Writer))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Note: a record of the newer version 3 has a size only its container knows: wrap it "
                        + "with that size");
        // A version this code knows has its size in the record: a container that disagrees is refused.
        byte[] middle = encode(v2, NOTE, noteValues(v2, 2));
        assertThatThrownBy(() -> v2.callStatic(NOTE + "Sdo", "wrap", exactly(middle), 0, writer(v2, NOTE, 2),
                middle.length - 1)).isInstanceOf(CorruptDataException.class)
                .hasMessage("Note: the record says it has " + middle.length + " bytes, its container says "
                        + (middle.length - 1));
    }

    @Test
    void serialisedRecordsCrossVersionsBothWays() throws Exception {
        byte[] old = encode(v1, QUOTE, quoteValues(v1));
        Object fromV1 = deserialise(v2, serialise(v1.wrap(QUOTE, exactly(old), 0)));
        assertThat(Generated.call(fromV1, "writtenBy")).isEqualTo(new WriterVersion(1, 8));
        assertThat(Generated.call(fromV1, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
        assertThat(Generated.call(fromV1, "getLevel")).isEqualTo(-1);

        Object v3Quote = v3.of(QUOTE, v3.bean(QUOTE, withExtra(quoteV2Values(v3))));
        Object inV2 = deserialise(v2, serialise(v3Quote));
        assertThat(Generated.call(inV2, "getVenue")).isEqualTo("XLON");
        assertThat(Generated.call(inV2, "writtenBy")).isEqualTo(writer(v3, QUOTE, 3));
        Object inV1 = deserialise(v1, serialise(v3Quote));
        assertThat(Generated.call(inV1, "getId")).isEqualTo(4_000_000_000L);
        assertThat(Generated.call(inV1, "getSide")).isEqualTo(v1.enumConstant("test.evo.Side", "Sell"));
        // ... and back: version 2's view of version 3 data keeps all of it.
        Object again = deserialise(v3, serialise(inV2));
        assertThat(Generated.call(again, "getExtra")).isEqualTo(-77L);

        Object v3Note = v3.of(NOTE, v3.bean(NOTE, noteValues(v3, 3)));
        Object noteInV2 = deserialise(v2, serialise(v3Note));
        assertThat(Generated.call(noteInV2, "getAuthor")).isEqualTo("Ann");
        assertThat(Generated.call(noteInV2, "byteSize")).isEqualTo(Generated.call(v3Note, "byteSize"));
        byte[] oldNote = encode(v1, NOTE, noteValues(v1, 1));
        Object noteFromV1 = deserialise(v3, serialise(v1.wrap(NOTE, exactly(oldNote), 0)));
        assertThat(Generated.call(noteFromV1, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(noteFromV1, "getAuthor")).isEqualTo("");
        // Version 1 code cannot place a later version's variable data: it refuses rather than misreads.
        assertThatThrownBy(() -> deserialise(v1, serialise(v3Note))).isInstanceOf(InvalidObjectException.class);
    }

    private static byte[] serialise(Object sdo) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sdo);
        }
        return bytes.toByteArray();
    }

    /** Reads a serial form with the classes of {@code code}: another version's code than the writer's. */
    private static Object deserialise(Generated code, byte[] form) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(form)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return desc.getName().startsWith("test.evo.") ? code.type(desc.getName()) : super.resolveClass(desc);
            }
        }) {
            return in.readObject();
        }
    }

    private static Object batchOf(Generated code, String record, List<Map<String, Object>> rows) {
        Object batch = code.callStatic(record + "Batch", "direct");
        for (Map<String, Object> row : rows) {
            Generated.call(batch, "add", code.bean(record, row));
        }
        return batch;
    }

    private Path fileOf(Object batch, String name) throws IOException {
        Path file = dir.resolve(name);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            Generated.call(batch, "writeTo", channel);
        }
        return file;
    }

    private static Object map(Generated code, String record, Path file) {
        return code.callStatic(record + "Batch", "map", file);
    }

    private static Object readFrom(Generated code, String record, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            return code.callStatic(record + "Batch", "readFrom", channel);
        }
    }

    private static List<Map<String, Object>> quotes(Generated code, int version, int count) {
        List<Map<String, Object>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> row = version == 1 ? quoteValues(code) : quoteV2Values(code);
            row.put("id", 1000L + i);
            if (version >= 3) {
                row.put("extra", (long) -i);
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void newerCodeReadsAndMapsOlderBatchFilesInPlace() throws IOException {
        Path file = fileOf(batchOf(v1, QUOTE, quotes(v1, 1, 5)), "v1.sdob");
        for (Object batch : new Object[] {map(v3, QUOTE, file), readFrom(v3, QUOTE, file)}) {
            assertThat(Generated.call(batch, "size")).isEqualTo(5);
            assertThat(Generated.call(batch, "writtenBy")).isEqualTo(new WriterVersion(1, 8));
            assertThat(Generated.call(batch, "recordBytes")).isEqualTo(40L);
            Object fourth = Generated.call(batch, "get", 3);
            assertThat(Generated.call(fourth, "getId")).isEqualTo(1003L);
            assertThat(Generated.call(fourth, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
            assertThat(Generated.call(fourth, "getLevel")).isEqualTo(-1);
            assertThat(Generated.call(fourth, "getExtra")).isEqualTo(0L);
            List<Object> ids = new java.util.ArrayList<>();
            ((Iterable<?>) batch).forEach(quote -> ids.add(Generated.call(quote, "getId")));
            assertThat(ids).containsExactly(1000L, 1001L, 1002L, 1003L, 1004L);
            assertThat(((java.util.stream.Stream<?>) Generated.call(batch, "stream"))
                    .map(quote -> Generated.call(quote, "getSize"))).containsOnlyNulls().hasSize(5);
            Object sorted = sortedById(batch);
            assertThat(Generated.call(Generated.call(sorted, "get", 0), "getId")).isEqualTo(1004L);
            assertThatThrownBy(() -> Generated.call(batch, "add", v3.bean(QUOTE, quotes(v3, 3, 1).get(0))))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("this batch holds Quote records of schema version 1, read from its file; records "
                            + "of version 3 cannot join them: copy them into a new batch first (copy.add for each)");
            // The file carries version 1's schema: a query names the first field the versions do not share.
            assertThatThrownBy(() -> Generated.call(batch, "count", RecordPredicate.all()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("this batch holds Quote records of schema version 1, read from its file; queries read"
                            + " version 3's layout (field venue: absent in the file): copy the records into a new batch"
                            + " first (copy.add for each)");
        }
        // Written back, the file still holds version 1's records, which version 1 code reads.
        Path again = fileOf(readFrom(v3, QUOTE, file), "again.sdob");
        assertThat(Files.readAllBytes(again).length).isEqualTo(Files.readAllBytes(file).length);
        assertThat(Generated.call(Generated.call(readFrom(v1, QUOTE, again), "get", 4), "getId")).isEqualTo(1004L);
    }

    /** {@code batch.sortedBy(record -> -record.getId())}: descending ids. */
    private static Object sortedById(Object batch) {
        java.util.function.ToLongFunction<Object> key = record -> -((Number) Generated.call(record, "getId")).longValue();
        try {
            return batch.getClass().getMethod("sortedBy", java.util.function.ToLongFunction.class).invoke(batch, key);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void olderCodeReadsAndMapsNewerBatchFiles() throws IOException {
        Path file = fileOf(batchOf(v3, QUOTE, quotes(v3, 3, 4)), "v3.sdob");
        for (Object batch : new Object[] {map(v1, QUOTE, file), readFrom(v1, QUOTE, file)}) {
            assertThat(Generated.call(batch, "size")).isEqualTo(4);
            assertThat(Generated.call(batch, "recordBytes")).isEqualTo(4L * v3.bytes(QUOTE));
            Object third = Generated.call(batch, "get", 2);
            assertThat(Generated.call(third, "getId")).isEqualTo(1002L);
            assertThat(Generated.call(third, "getSide")).isEqualTo(v1.enumConstant("test.evo.Side", "Sell"));
            // Version 1 code, without @since, knows which version wrote the records, and keeps them as written.
            assertThat(Generated.call(batch, "writtenBy")).isEqualTo(writer(v3, QUOTE, 3));
            assertThatThrownBy(() -> Generated.call(batch, "add", v1.bean(QUOTE, quotes(v1, 1, 1).get(0))))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("this batch holds Quote records of schema version 3, read from its file; records "
                            + "of version 1 cannot join them: copy them into a new batch first (copy.add for each)");
            assertThatThrownBy(() -> Generated.call(batch, "count", RecordPredicate.all()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("queries read version 1's layout (field venue: absent in this schema)");
        }
        // Written back by version 1 code, the file still holds version 3's records, which version 3 code reads.
        Path again = fileOf(readFrom(v1, QUOTE, file), "again-by-v1.sdob");
        Object keptThird = Generated.call(readFrom(v3, QUOTE, again), "get", 2);
        assertThat(Generated.call(keptThird, "getVenue")).isEqualTo("XLON");
        for (Object batch : new Object[] {map(v2, QUOTE, file), readFrom(v2, QUOTE, file)}) {
            assertThat(Generated.call(batch, "writtenBy")).isEqualTo(writer(v3, QUOTE, 3));
            Object third = Generated.call(batch, "get", 2);
            assertThat(Generated.call(third, "getVenue")).isEqualTo("XLON");
            assertThat(Generated.call(third, "getRate")).isEqualTo(new BigDecimal("-12.500"));
            assertThat((byte[]) Generated.call(third, "toByteArray")).hasSize(v3.bytes(QUOTE));
        }
    }

    /** Changes to a record that data of it was written with, each other than adding a field with @since. */
    static List<String> incompatibleChanges() {
        return List.of(
                "    price: udecimal(10, 2);\n",                                 // a field's width changed
                "    price: decimal(9, 2);\n",                                   // its type changed
                "",                                                               // a field removed
                "    price: udecimal(9, 2);\n    extra: bool;\n",                // a field added without @since
                "    price: udecimal(9, 2) optional;\n",                         // made optional
                "    cost: udecimal(9, 2);\n");                                  // renamed
    }

    @ParameterizedTest
    @MethodSource("incompatibleChanges")
    void anIncompatibleChangeIsRefusedNamingTheFileTheRecordTheVersionsAndTheFingerprints(String priceLine)
            throws IOException {
        Path file = fileOf(batchOf(v1, QUOTE, quotes(v1, 1, 2)), "v1.sdob");
        String changed = version(V2_FIELDS_QUOTE, V2_FIELDS_NOTE).replace("    price: udecimal(9, 2);\n", priceLine);
        Generated other = Generated.compile(Map.of("evo.sdo", changed));
        // The file carries its schema: the refusal names the field that differs.
        String changedField = priceLine.contains("extra") ? "extra" : priceLine.contains("cost") ? "cost" : "price";
        for (Object attempt : List.of(0, 1)) {
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> {
                if (attempt.equals(0)) {
                    map(other, QUOTE, file);
                } else {
                    readFrom(other, QUOTE, file);
                }
            });
            assertThat(thrown).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageContaining(attempt.equals(0) ? file.toString() : "input")
                    .hasMessageContaining("the file holds test.evo.Quote records of schema version 1 (fingerprint "
                            + hex(serialVersionUid(v1, QUOTE)) + "), the reader is version 2")
                    .hasMessageContaining("they disagree on version 1")
                    .hasMessageContaining("): field " + changedField + ": ")
                    .hasMessageContaining("read the file with code generated from the schema that wrote it");
        }
    }

    private static String hex(long fingerprint) {
        return String.format("0x%016X", fingerprint);
    }

    /**
     * A version-1 file whose header, CRC32C recomputed, says its records are 5 bytes where version 1's are 8: every
     * reader of a later version refuses it as an incompatible file naming the file and the header's record size
     * field, not with an argument error.
     */
    @Test
    void aFileClaimingARecordSizeItsVersionDoesNotHaveIsAnIncompatibleFileNamingFileAndOffset() throws IOException {
        Path file = fileOf(batchOf(v1, QUOTE, quotes(v1, 1, 3)), "v1.sdob");
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer header = ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int headerLength = header.getInt(12);
        assertThat(header.getInt(16)).as("version 1's record size").isEqualTo(8);
        header.putInt(16, 5);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, headerLength - 4);
        header.putInt(headerLength - 4, (int) crc.getValue());
        Files.write(file, bytes);
        for (Generated code : List.of(v2, v3)) {
            // A channel's reader knows no file name: the generated readFrom calls it "input".
            String refusal = "file header at byte offset 16: Quote: version 1 of the record has a 8-byte fixed part, "
                    + "not 5";
            assertThatThrownBy(() -> readFrom(code, QUOTE, file)).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageStartingWith("input: " + refusal);
            assertThatThrownBy(() -> code.callStatic(QUOTE + "Batch", "readFrom",
                    java.nio.channels.Channels.newChannel(new ByteArrayInputStream(bytes))))
                    .isInstanceOf(IncompatibleBatchException.class).hasMessageStartingWith("input: " + refusal);
            assertThatThrownBy(() -> map(code, QUOTE, file)).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageStartingWith(file + ": " + refusal);
        }
    }

    @Test
    void fieldsReorderedInALaterVersionAreRefusedToo() throws IOException {
        Path file = fileOf(batchOf(v2, QUOTE, quotes(v2, 2, 2)), "v2.sdob");
        String swapped = version(V2_FIELDS_QUOTE.replace("    level: int(-5..-1)              @since(2);\n", "")
                .replace("    flag:  bool                     @since(2);\n",
                        "    flag:  bool                     @since(2);\n    level: int(-5..-1) @since(2);\n")
                + V3_FIELDS_QUOTE, V2_FIELDS_NOTE + V3_FIELDS_NOTE);
        Generated reordered = Generated.compile(Map.of("evo.sdo", swapped));
        assertThatThrownBy(() -> map(reordered, QUOTE, file)).isInstanceOf(IncompatibleBatchException.class)
                .hasMessageContaining("records of schema version 2")
                .hasMessageContaining("the reader is version 3")
                .hasMessageContaining("they disagree on version 2");
        // Version 1 is untouched: version 1 files stay readable.
        Path old = fileOf(batchOf(v1, QUOTE, quotes(v1, 1, 1)), "v1.sdob");
        assertThat(Generated.call(map(reordered, QUOTE, old), "size")).isEqualTo(1);
    }

    @Test
    void versionsMayBeNumberedWithGaps() {
        Generated gaps = Generated.compile(Map.of("gap.sdo", """
                package test.gap;
                record G { a: uint8; b: uint16 optional @since(3); c: bool @since(10); }
                """));
        VersionTable table = versions(gaps, "test.gap.G");
        assertThat(table.latest()).isEqualTo(10);
        assertThat(table.writer(2)).isEqualTo(new WriterVersion(2, 1));
        assertThat(table.writer(7)).isEqualTo(new WriterVersion(7, 4));
        assertThat(gaps.source("test.gap.GSdo")).contains("new int[] {1, 3, 10}");
        // a = 200 (bits 0..7), b present (bit 8) = 0x800 (bits 9..24); bit 25, where version 10 keeps c, set to
        // show that a getter of a field the writer did not have reads none of its bits.
        byte[] version7 = {(byte) 200, 0x01, 0x10, 0x02};
        Object view = gaps.callStatic("test.gap.GSdo", "wrap", exactly(version7), 0, table.writer(7));
        assertThat(Generated.call(view, "getA")).isEqualTo(200);
        assertThat(Generated.call(view, "getB")).isEqualTo(0x800);
        assertThat(Generated.call(view, "isC")).isEqualTo(false);
    }

    @Test
    void getterOfAFieldAddedLaterTestsTheWritersVersionOnce() {
        String source = v2.source(QUOTE + "Sdo");
        assertThat(source).containsPattern("(?s)return writerVersion >= LEVEL_SINCE\\s+\\? [^;]*\\s+: LEVEL_NEAREST_ZERO;");
        assertThat(source).containsPattern("return writerVersion >= SIZE_SINCE\\s+&& ");
        assertThat(Arrays.stream(source.split("\n")).filter(l -> l.contains("getId()")).findFirst().orElseThrow())
                .doesNotContain("writerVersion");
    }

    /** Bytes of the fixed part of Note in version {@code version} of {@code code}. */
    private static int noteBytes(Generated code, int version) {
        return version == 1 && code == v1 ? v1.bytes(NOTE) : writer(code, NOTE, version).fixedBytes();
    }

    @Test
    void firstVersionCodeOfAVariableLengthRecordReadsLaterVersionsGivenTheWriterAndSize() throws Exception {
        assertThat(v1.source(NOTE + "Sdo")).doesNotContain("VERSION").contains("private transient int writerBytes;");
        byte[] newer = encode(v3, NOTE, noteValues(v3, 3));
        WriterVersion v3Writer = writer(v3, NOTE, 3);
        assertThat(v3Writer.fixedBytes()).isGreaterThan(v1.bytes(NOTE));
        Object view = v1.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0, v3Writer, newer.length);
        assertThat(Generated.call(view, "getId")).isEqualTo(999);
        assertThat(Generated.call(view, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(view, "getTags")).isEqualTo(List.of("a", "", "bc"));
        assertThat(Generated.call(view, "byteSize")).isEqualTo(newer.length);
        assertThat((byte[]) Generated.call(view, "toByteArray")).isEqualTo(newer);
        // What version 1 keeps of it: its own fields, encoded as version 1.
        Object bean = Generated.call(view, "toBean");
        assertThat(Generated.call(bean, "getTitle")).isEqualTo("Zoë 😀");

        assertThatThrownBy(() -> v1.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0, v3Writer))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Note: a record of the later version 3 has a size only its container knows: wrap it "
                        + "with that size");
        assertThatThrownBy(() -> v1.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0,
                new WriterVersion(1, v3Writer.fixedBytes()), newer.length))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Note: version 1 of the record has a " + v1.bytes(NOTE) + "-byte fixed part");
        assertThatThrownBy(() -> v1.callStatic(NOTE + "Sdo", "wrap", exactly(newer), 0,
                new WriterVersion(2, v1.bytes(NOTE) - 1), newer.length))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has at least the " + v1.bytes(NOTE) + "-byte fixed part of version 1");
        byte[] own = encode(v1, NOTE, noteValues(v1, 1));
        Object ownView = v1.callStatic(NOTE + "Sdo", "wrap", exactly(own), 0, new WriterVersion(1, v1.bytes(NOTE)),
                own.length);
        assertThat(Generated.call(ownView, "getTitle")).isEqualTo("Zoë 😀");
        assertThatThrownBy(() -> v1.callStatic(NOTE + "Sdo", "wrap", ByteBuffer.wrap(Arrays.copyOf(own, own.length + 1)),
                0, new WriterVersion(1, v1.bytes(NOTE)), own.length + 1)).isInstanceOf(CorruptDataException.class)
                .hasMessage("Note: the record says it has " + own.length + " bytes, its container says "
                        + (own.length + 1));

        // Serialised, version 1 code sends what it knows, as version 1: read back by version 1 and by version 3.
        byte[] form = serialise(view);
        Object inV1 = deserialise(v1, form);
        assertThat(Generated.call(inV1, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(inV1, "getTags")).isEqualTo(List.of("a", "", "bc"));
        Object inV3 = deserialise(v3, form);
        assertThat(Generated.call(inV3, "writtenBy")).isEqualTo(writer(v3, NOTE, 1));
        assertThat(Generated.call(inV3, "getTitle")).isEqualTo("Zoë 😀");
        assertThat(Generated.call(inV3, "getAuthor")).isEqualTo("");
    }

    /** Notes of {@code version} with distinct ids, titles, tags and (from version 2) authors. */
    private static List<Map<String, Object>> notes(Generated code, int version, int count) {
        List<Map<String, Object>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> row = noteValues(code, version);
            row.put("id", i);
            row.put("title", "title " + "x".repeat(i % 7) + i);
            row.put("tags", List.of("t" + i, "u".repeat(i % 5)));
            if (version >= 2) {
                row.put("author", "author " + i);
            }
            rows.add(row);
        }
        return rows;
    }

    static List<int[]> versionPairs() {
        List<int[]> pairs = new java.util.ArrayList<>();
        for (int writer = 1; writer <= 3; writer++) {
            for (int reader = 1; reader <= 3; reader++) {
                pairs.add(new int[] {writer, reader});
            }
        }
        return pairs;
    }

    private static Generated code(int version) {
        return version == 1 ? v1 : version == 2 ? v2 : v3;
    }

    @ParameterizedTest
    @MethodSource("versionPairs")
    void variableSizeBatchFilesAreReadAndMappedByEveryVersion(int[] pair) throws Exception {
        int writerVersion = pair[0];
        int readerVersion = pair[1];
        Generated writerCode = code(writerVersion);
        Generated readerCode = code(readerVersion);
        int count = 40;
        Object written = batchOf(writerCode, NOTE, notes(writerCode, writerVersion, count));
        Path file = fileOf(written, "notes-v" + writerVersion + ".sdob");
        WriterVersion expectedWriter = new WriterVersion(writerVersion, noteBytes(writerCode, writerVersion));
        for (Object batch : new Object[] {map(readerCode, NOTE, file), readFrom(readerCode, NOTE, file)}) {
            assertThat(Generated.call(batch, "size")).isEqualTo(count);
            assertThat(Generated.call(batch, "writtenBy")).isEqualTo(expectedWriter);
            assertThat(Generated.call(batch, "recordBytes")).isEqualTo(Generated.call(written, "recordBytes"));
            for (int i = 0; i < count; i += 13) {
                Object note = Generated.call(batch, "get", i);
                Object original = Generated.call(written, "get", i);
                assertThat(Generated.call(note, "getId")).isEqualTo(i);
                assertThat(Generated.call(note, "getTitle")).isEqualTo("title " + "x".repeat(i % 7) + i);
                assertThat(Generated.call(note, "getTags")).isEqualTo(List.of("t" + i, "u".repeat(i % 5)));
                assertThat((byte[]) Generated.call(note, "toByteArray"))
                        .isEqualTo((byte[]) Generated.call(original, "toByteArray"));
                if (readerVersion >= 2) {
                    assertThat(Generated.call(note, "getAuthor")).isEqualTo(writerVersion >= 2 ? "author " + i : "");
                    assertThat(Generated.call(note, "getScore")).isEqualTo(writerVersion >= 2 ? (short) -7 : null);
                }
                if (readerVersion >= 3) {
                    assertThat(Generated.call(note, "getRefs"))
                            .isEqualTo(writerVersion >= 3 ? List.of(1, 100, 0) : List.of());
                }
            }
            // The cursor (forEach, iterator) and the stream's views see every record, sized by the offsets index.
            List<Object> titles = new java.util.ArrayList<>();
            List<Object> sizes = new java.util.ArrayList<>();
            ((Iterable<?>) batch).forEach(note -> {
                titles.add(Generated.call(note, "getTitle"));
                sizes.add(Generated.call(note, "byteSize"));
            });
            List<Object> expectedSizes = new java.util.ArrayList<>();
            for (int i = 0; i < count; i++) {
                expectedSizes.add(Generated.call(Generated.call(written, "get", i), "byteSize"));
            }
            assertThat(titles).hasSize(count).startsWith("title 0", "title x1");
            assertThat(sizes).isEqualTo(expectedSizes);
            assertThat(((java.util.stream.Stream<?>) Generated.call(batch, "parallelStream"))
                    .map(note -> Generated.call(note, "byteSize")).toList()).isEqualTo(expectedSizes);
            Object sorted = sortedById(batch);
            assertThat(Generated.call(Generated.call(sorted, "get", 0), "getId")).isEqualTo(count - 1);
            assertThat(Generated.call(sorted, "writtenBy")).isEqualTo(expectedWriter);
            if (writerVersion != readerVersion) {
                assertThatThrownBy(() -> Generated.call(batch, "add",
                        readerCode.bean(NOTE, notes(readerCode, readerVersion, 1).get(0))))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessage("this batch holds Note records of schema version " + writerVersion + ", read "
                                + "from its file; records of version " + readerVersion + " cannot join them: copy "
                                + "them into a new batch first (copy.add for each)");
                assertThatThrownBy(() -> serialise(batch)).isInstanceOf(java.io.NotSerializableException.class)
                        .hasMessage("NoteBatch of records of schema version " + writerVersion + ": only a batch of "
                                + "this code's version is serialisable; copy its records into a new batch");
            } else {
                Object copy = deserialise(readerCode, serialise(batch));
                assertThat(Generated.call(Generated.call(copy, "get", 7), "getTitle")).isEqualTo("title 7");
                assertThat(Generated.call(copy, "writtenBy")).isEqualTo(expectedWriter);
            }
        }
        // Written back by the reader, the file holds the writer's records, which the writer's code reads.
        Path again = fileOf(readFrom(readerCode, NOTE, file), "again-v" + readerVersion + ".sdob");
        Object back = readFrom(writerCode, NOTE, again);
        assertThat(Generated.call(back, "size")).isEqualTo(count);
        assertThat(Generated.call(Generated.call(back, "get", 39), "getTitle")).isEqualTo("title xxxx39");
        if (writerVersion >= 2) {
            assertThat(Generated.call(Generated.call(back, "get", 39), "getAuthor")).isEqualTo("author 39");
        }
    }

    @Test
    void variableSizeBatchFilesOfAnIncompatibleVersionAreRefused() throws IOException {
        Path file = fileOf(batchOf(v2, NOTE, notes(v2, 2, 3)), "notes.sdob");
        Generated retyped = Generated.compile(Map.of("evo.sdo", version(V2_FIELDS_QUOTE, V2_FIELDS_NOTE)
                .replace("    title: string;\n", "    title: bytes;\n")));
        for (Object attempt : List.of(0, 1)) {
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> {
                if (attempt.equals(0)) {
                    map(retyped, NOTE, file);
                } else {
                    readFrom(retyped, NOTE, file);
                }
            });
            assertThat(thrown).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageContaining("the file holds test.evo.Note records of schema version 2")
                    .hasMessageContaining("they disagree on version 2");
        }
    }

    @Test
    void fixedWidthCodeReadsTheFixedPartItKnowsOfALaterVersionThatAddedVariableLengthData() throws IOException {
        Generated withMemo = Generated.compile(Map.of("evo.sdo",
                version(V2_FIELDS_QUOTE + "    memo: string @since(3);\n", V2_FIELDS_NOTE)));
        List<Map<String, Object>> rows = quotes(withMemo, 2, 5);
        rows.forEach(SchemaEvolutionTest::withExtraMemo);
        Path variable = fileOf(batchOf(withMemo, QUOTE, rows), "memo.sdob");
        for (Generated older : List.of(v1, v2)) {
            Object batch = readFrom(older, QUOTE, variable);
            assertThat(Generated.call(batch, "size")).isEqualTo(5);
            assertThat(Generated.call(batch, "recordBytes")).isEqualTo(5L * older.bytes(QUOTE));
            Object fourth = Generated.call(batch, "get", 3);
            assertThat(Generated.call(fourth, "getId")).isEqualTo(1003L);
            assertThat(Generated.call(fourth, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
            assertThat(Generated.call(fourth, "getSide")).isEqualTo(older.enumConstant("test.evo.Side", "Sell"));
            assertThatThrownBy(() -> map(older, QUOTE, variable)).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageContaining("the file holds variable-size records of at least "
                            + writer(withMemo, QUOTE, 3).fixedBytes() + " bytes (format version 2), expected "
                            + older.bytes(QUOTE) + "-byte records of test.evo.Quote (schema version 3 wrote them")
                    .hasMessageEndingWith("read the file (XBatch.readFrom, BatchFileReader), which converts each "
                            + "record");
        }
        // Version 2's code holds the records as its own: each is the prefix of the writer's fixed part it knows.
        Object asV2 = readFrom(v2, QUOTE, variable);
        assertThat(Generated.call(asV2, "writtenBy")).isEqualTo(writer(v2, QUOTE, 2));
        Object last = Generated.call(asV2, "get", 4);
        assertThat(Generated.call(last, "getVenue")).isEqualTo("XLON");
        assertThat(Generated.call(last, "getRate")).isEqualTo(new BigDecimal("-12.500"));
        assertThat(Generated.call(last, "getKind")).isEqualTo(v2.enumConstant("test.evo.Side", "Cross"));
        assertThat(Generated.call(last, "toByteArray")).isEqualTo(encode(v2, QUOTE, quotes(v2, 2, 5).get(4)));
        Generated.call(asV2, "add", v2.bean(QUOTE, quotes(v2, 2, 6).get(5)));
        // Written back, they are version 2's records, which the version that added the memo reads without one.
        Object again = readFrom(withMemo, QUOTE, fileOf(asV2, "v2.sdob"));
        assertThat(Generated.call(again, "writtenBy")).isEqualTo(writer(withMemo, QUOTE, 2));
        assertThat(Generated.call(Generated.call(again, "get", 5), "getId")).isEqualTo(1005L);
        assertThat(Generated.call(Generated.call(again, "get", 2), "getMemo")).isEqualTo("");
        assertThat(Generated.call(Generated.call(again, "get", 2), "getVenue")).isEqualTo("XLON");
    }

    @Test
    void codeOfAVersionThatAddedVariableLengthDataReadsTheEarlierFixedWidthVersionsFiles() throws IOException {
        Generated withMemo = Generated.compile(Map.of("evo.sdo",
                version(V2_FIELDS_QUOTE + "    memo: string @since(3);\n", V2_FIELDS_NOTE)));
        for (int version : new int[] {1, 2}) {
            Generated older = version == 1 ? v1 : v2;
            Path fixed = fileOf(batchOf(older, QUOTE, quotes(older, version, 4)), "fixed" + version + ".sdob");
            Object batch = readFrom(withMemo, QUOTE, fixed);
            assertThat(Generated.call(batch, "size")).isEqualTo(4);
            assertThat(Generated.call(batch, "writtenBy")).isEqualTo(writer(withMemo, QUOTE, version));
            assertThat(Generated.call(batch, "recordBytes")).isEqualTo(4L * older.bytes(QUOTE));
            Object third = Generated.call(batch, "get", 2);
            assertThat(Generated.call(third, "getId")).isEqualTo(1002L);
            assertThat(Generated.call(third, "getPrice")).isEqualTo(new BigDecimal("1234567.89"));
            assertThat(Generated.call(third, "getMemo")).isEqualTo("");
            assertThat(Generated.call(third, "getVenue")).isEqualTo(version == 1 ? "" : "XLON");
            assertThat(Generated.call(third, "byteSize")).isEqualTo(older.bytes(QUOTE));
            assertThat(Generated.call(third, "toByteArray")).isEqualTo(encode(older, QUOTE,
                    quotes(older, version, 4).get(2)));
            List<Object> ids = new java.util.ArrayList<>();
            ((Iterable<?>) batch).forEach(quote -> ids.add(Generated.call(quote, "getId")));
            assertThat(ids).containsExactly(1000L, 1001L, 1002L, 1003L);
            assertThatThrownBy(() -> map(withMemo, QUOTE, fixed)).isInstanceOf(IncompatibleBatchException.class)
                    .hasMessageContaining("the file holds " + older.bytes(QUOTE) + "-byte records, expected "
                            + "variable-size records of at least " + writer(withMemo, QUOTE, 3).fixedBytes()
                            + " bytes of test.evo.Quote (schema version " + version + " wrote them, the reader is "
                            + "version 3): records of the other kind cannot be used in place; read the file");
            // Written back, the file holds the earlier version's records, which that version's code reads.
            Object back = readFrom(older, QUOTE, fileOf(batch, "back" + version + ".sdob"));
            assertThat(Generated.call(Generated.call(back, "get", 3), "getId")).isEqualTo(1003L);
        }
    }

    private static Map<String, Object> withExtraMemo(Map<String, Object> values) {
        values.put("memo", "a memo");
        return values;
    }
}
