package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.batch.ChunkAllocation;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@code XWriter} and the batch's {@code append()} and {@code writer(i)}: required fields refused at
 * {@code done()}, appends across chunk boundaries, updates in place; for a record with variable-length data, those
 * fields in declaration order, the size of its data kept in place, appends of records of variable size. The writer
 * against {@code of} on random
 * schemas, and every setter's range check, are {@code WriterChecks} of the random-schema property test; threads
 * writing neighbouring records, {@code BitFieldsConcurrencyTest} of the runtime.
 */
class WriterGenerationTest {
    private static final String TICK = "writer.Tick";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        // 3 + 32 + 15 + 1 + 30 + 6 = 87 bits: 11 bytes, the last one shared by no field, the presence bit odd.
        generated = Generated.compile(Map.of("writer.sdo", """
                package writer;
                record Tick {
                    kind: int(0..7);
                    id: uint32;
                    code: char(3, "A-Z");
                    price: udecimal(9, 2) optional;
                    lot: int(1..50) = 1;
                }
                record Text { id: uint8; name: string; }
                record Note {
                    id: uint16;
                    title: string;
                    tags: list<string>;
                    body: bytes optional;
                    score: int(0..99);
                }
                """));
    }

    private static Object tickBean(int i) {
        return generated.bean(TICK, Map.of("kind", i % 8, "id", 1_000L + i, "code", "A" + (char) ('A' + i % 26) + "Z",
                "price", BigDecimal.valueOf(i * 101L, 2), "lot", 1 + i % 50));
    }

    /** Sets the fields of {@link #tickBean} through a writer, the price from its unscaled long. */
    private static void write(Object writer, int i) {
        Generated.call(writer, "kind", i % 8);
        Generated.call(writer, "id", 1_000L + i);
        Generated.call(writer, "code", "A" + (char) ('A' + i % 26) + "Z");
        Generated.call(writer, "priceUnscaled", i * 101L);
        Generated.call(writer, "lot", 1 + i % 50);
    }

    private static byte[] bytesOf(Object bean) {
        return (byte[]) Generated.call(generated.of(TICK, bean), "toByteArray");
    }

    private static Object newBatch(RecordStore store) {
        return generated.callStatic(TICK + "Batch", "over", store);
    }

    private static RecordStore store(Object batch) {
        return (RecordStore) Generated.call(batch, "store");
    }

    @Test
    void aRecordWithARequiredFieldNeverSetIsRefusedAtDoneNamingTheFields() {
        Object writer = generated.callStatic(TICK + "Writer", "wrap", ByteBuffer.allocate(20), 3);
        Generated.call(writer, "id", 7L);
        Generated.call(writer, "lot", 3);

        assertThatThrownBy(() -> Generated.call(writer, "done"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Tick.kind, Tick.code: required, never set");
    }

    @Test
    void optionalFieldsAndFieldsWithADefaultNeedNotBeSet() {
        ByteBuffer buffer = ByteBuffer.allocate(generated.bytes(TICK));
        Object writer = generated.callStatic(TICK + "Writer", "wrap", buffer, 0);
        Generated.call(writer, "kind", 2);
        Generated.call(writer, "id", 9L);
        Generated.call(writer, "code", "EUR");
        Generated.call(writer, "done");

        Object bean = generated.bean(TICK, Map.of("kind", 2, "id", 9L, "code", "EUR"));
        assertThat(buffer.array()).isEqualTo(bytesOf(bean));
    }

    @Test
    void oneWriterMovedFromRecordToRecordStartsEachOneBlank() throws ReflectiveOperationException {
        int bytes = generated.bytes(TICK);
        ByteBuffer buffer = ByteBuffer.allocate(1 + 2 * bytes);
        Arrays.fill(buffer.array(), (byte) 0x5A);
        Object writer = generated.type(TICK + "Writer").getConstructor().newInstance();
        for (int i = 0; i < 2; i++) {
            assertThat(Generated.call(writer, "moveTo", buffer, 1 + i * bytes)).isSameAs(writer);
            write(writer, i);
            Generated.call(writer, "done");
        }
        Generated.call(writer, "moveTo", buffer, 1);
        assertThatThrownBy(() -> Generated.call(writer, "done")).isInstanceOf(IllegalStateException.class);

        assertThat(Arrays.copyOfRange(buffer.array(), 1 + bytes, 1 + 2 * bytes)).isEqualTo(bytesOf(tickBean(1)));
        assertThat(buffer.get(0)).isEqualTo((byte) 0x5A);
    }

    @Test
    void clearingMakesAnOptionalFieldAbsentAndGivesAFieldItsDefault() {
        ByteBuffer buffer = ByteBuffer.wrap(bytesOf(tickBean(5)));
        Object writer = generated.callStatic(TICK + "Writer", "update", buffer, 0);
        Generated.call(writer, "clearPrice");
        Generated.call(writer, "clearLot");

        Object bean = generated.bean(TICK, Map.of("kind", 5, "id", 1_005L, "code", "AFZ"));
        assertThat(buffer.array()).isEqualTo(bytesOf(bean));
    }

    @Test
    void appendWritesWhatAddWritesAcrossChunkBoundaries() {
        int bytes = generated.bytes(TICK);
        Object added = newBatch(RecordStore.create(bytes, ChunkAllocation.HEAP, 3));
        Object appended = newBatch(RecordStore.create(bytes, ChunkAllocation.DIRECT, 3));
        for (int i = 0; i < 11; i++) {
            Generated.call(added, "add", tickBean(i));
            Object writer = Generated.call(appended, "append");
            write(writer, i);
            Generated.call(writer, "done");
        }

        assertThat(store(appended).chunkCount()).isEqualTo(4);
        assertThat(Generated.call(appended, "size")).isEqualTo(11);
        for (int i = 0; i < 11; i++) {
            assertThat(store(appended).toByteArray(i)).as("record %d", i).isEqualTo(store(added).toByteArray(i));
        }
    }

    @Test
    void appendReusesOneWriterAndFinishesTheRecordBeforeTheNext() {
        Object batch = newBatch(RecordStore.create(generated.bytes(TICK), ChunkAllocation.HEAP, 4));
        Object first = Generated.call(batch, "append");
        write(first, 1);

        assertThat(Generated.call(batch, "append")).isSameAs(first);
        Generated.call(first, "id", 5L);

        // The second record misses every field but id: the next append refuses it and takes it back.
        assertThatThrownBy(() -> Generated.call(batch, "append"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Tick.kind, Tick.code: required, never set");
        assertThat(Generated.call(batch, "size")).isEqualTo(1);
        assertThat(store(batch).toByteArray(0)).isEqualTo(bytesOf(tickBean(1)));
    }

    @Test
    void doneTakesAnIncompleteAppendedRecordBackOutOfTheBatch() {
        Object batch = newBatch(RecordStore.create(generated.bytes(TICK), ChunkAllocation.HEAP, 4));
        Generated.call(batch, "add", tickBean(0));
        Object writer = Generated.call(batch, "append");
        Generated.call(writer, "kind", 1);

        assertThatThrownBy(() -> Generated.call(writer, "done")).isInstanceOf(IllegalStateException.class)
                .hasMessage("Tick.id, Tick.code: required, never set");
        assertThat(Generated.call(batch, "size")).isEqualTo(1);
        write(Generated.call(batch, "append"), 3);
        assertThat(Generated.call(batch, "size")).isEqualTo(2);
    }

    @Test
    void writerUpdatesOneRecordInPlaceAndNoOther() {
        Object batch = newBatch(RecordStore.create(generated.bytes(TICK), ChunkAllocation.HEAP, 2));
        for (int i = 0; i < 5; i++) {
            Generated.call(batch, "add", tickBean(i));
        }

        Object writer = Generated.call(batch, "writer", 2);
        Generated.call(writer, "price", new BigDecimal("12.5"));
        Generated.call(writer, "code", "XYZ");

        Object changed = generated.bean(TICK, Map.of("kind", 2, "id", 1_002L, "code", "XYZ",
                "price", new BigDecimal("12.50"), "lot", 3));
        for (int i = 0; i < 5; i++) {
            assertThat(store(batch).toByteArray(i)).as("record %d", i)
                    .isEqualTo(bytesOf(i == 2 ? changed : tickBean(i)));
        }
        assertThatThrownBy(() -> Generated.call(batch, "writer", 5)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aBatchMappedReadOnlyFromItsFileRefusesAWriter(@TempDir Path directory) throws IOException {
        Object batch = newBatch(RecordStore.create(generated.bytes(TICK), ChunkAllocation.HEAP, 2));
        Generated.call(batch, "add", tickBean(1));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Generated.call(batch, "writeTo", Channels.newChannel(bytes));
        Path file = Files.write(directory.resolve("ticks.sdob"), bytes.toByteArray());
        Object mapped = generated.callStatic(TICK + "Batch", "map", file);

        assertThatThrownBy(() -> Generated.call(mapped, "writer", 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mapped read-only");
    }

    @Test
    void aValueRefusedLeavesTheRecordAsItWas() {
        byte[] before = bytesOf(tickBean(4));
        ByteBuffer buffer = ByteBuffer.wrap(before.clone());
        Object writer = generated.callStatic(TICK + "Writer", "update", buffer, 0);

        assertThatThrownBy(() -> Generated.call(writer, "priceUnscaled", 1_000_000_000L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Tick.price: 10000000.00 is out of range; allowed: 0.00..9999999.99 with at most 2 decimals");
        assertThatThrownBy(() -> Generated.call(writer, "code", "EU1")).isInstanceOf(IllegalArgumentException.class);
        assertThat(buffer.array()).isEqualTo(before);
    }

    private static final String NOTE = "writer.Note";

    private static Object noteBean(int i) {
        Map<String, Object> values = new java.util.HashMap<>(Map.of("id", 100 + i, "title", "note " + "x".repeat(i),
                "tags", java.util.List.of("t" + i, "é".repeat(i % 3)), "score", i % 100));
        if (i % 2 == 1) {
            values.put("body", new byte[i]);
        }
        return generated.bean(NOTE, values);
    }

    /** Sets the fields of {@link #noteBean}: the fixed ones around the variable-length ones, those in order. */
    private static Object writeNote(Object writer, int i) {
        Generated.call(writer, "score", i % 100);
        Generated.call(writer, "title", "note " + "x".repeat(i));
        Generated.call(writer, "id", 100 + i);
        Generated.call(writer, "tags", java.util.List.of("t" + i, "é".repeat(i % 3)));
        if (i % 2 == 1) {
            Generated.call(writer, "body", (Object) new byte[i]);
        }
        return Generated.call(writer, "done");
    }

    private static byte[] noteBytes(Object bean) {
        return (byte[]) Generated.call(generated.of(NOTE, bean), "toByteArray");
    }

    @Test
    void aRecordWithVariableLengthDataIsWrittenWithItsDataInDeclarationOrder() {
        for (int i = 0; i < 4; i++) {
            byte[] expected = noteBytes(noteBean(i));
            ByteBuffer buffer = ByteBuffer.allocate(expected.length + 6);
            Arrays.fill(buffer.array(), (byte) 0x5A);
            Object writer = generated.callStatic(NOTE + "Writer", "wrap", buffer, 3);

            assertThat(writeNote(writer, i)).isEqualTo(expected.length);
            assertThat(Arrays.copyOfRange(buffer.array(), 3, 3 + expected.length)).as("note %d", i).isEqualTo(expected);
            assertThat(buffer.array()).startsWith(0x5A, 0x5A, 0x5A).endsWith(0x5A, 0x5A, 0x5A);
        }
    }

    @Test
    void aVariableLengthFieldSetAfterALaterOneIsRefusedNamingTheOrder() {
        Object writer = generated.callStatic(NOTE + "Writer", "wrap", ByteBuffer.allocate(100), 0);
        Generated.call(writer, "tags", java.util.List.of("a"));

        assertThatThrownBy(() -> Generated.call(writer, "title", "late"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Note.title comes after Note.tags, set already: the variable-length fields of a new Note"
                        + " are set in declaration order (title, tags, body), each at most once");
    }

    @Test
    void aVariableLengthFieldNeverSetIsRefusedAtDoneAndAnOptionalOneIsAbsent() {
        Object writer = generated.callStatic(NOTE + "Writer", "wrap", ByteBuffer.allocate(100), 0);
        Generated.call(writer, "id", 1);
        Generated.call(writer, "score", 2);
        Generated.call(writer, "tags", java.util.List.of());

        assertThatThrownBy(() -> Generated.call(writer, "done"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Note.title: required, never set");
    }

    @Test
    void aRecordWhoseDataDoesNotFitItsBufferIsRefused() {
        Object writer = generated.callStatic(NOTE + "Writer", "wrap", ByteBuffer.allocate(30), 0);

        assertThatThrownBy(() -> Generated.call(writer, "title", "x".repeat(40)))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("do not fit the buffer's limit 30");
    }

    @Test
    void appendOfVariableSizeRecordsWritesWhatAddWritesAcrossChunkBoundaries() {
        int min = generated.bytes(NOTE);
        Object added = generated.callStatic(NOTE + "Batch", "over",
                VariableRecordStore.create(min, ChunkAllocation.HEAP, 64));
        Object appended = generated.callStatic(NOTE + "Batch", "over",
                VariableRecordStore.create(min, ChunkAllocation.DIRECT, 64));
        for (int i = 0; i < 12; i++) {
            Generated.call(added, "add", noteBean(i));
            writeNote(Generated.call(appended, "append"), i);
        }
        Object incomplete = Generated.call(appended, "append");
        Generated.call(incomplete, "id", 7);
        assertThatThrownBy(() -> Generated.call(incomplete, "done")).isInstanceOf(IllegalStateException.class);

        VariableRecordStore store = (VariableRecordStore) Generated.call(appended, "store");
        VariableRecordStore expected = (VariableRecordStore) Generated.call(added, "store");
        assertThat(store.chunkCount()).isGreaterThan(3);
        assertThat(store.size()).isEqualTo(12);
        for (int i = 0; i < 12; i++) {
            assertThat(store.toByteArray(i)).as("record %d", i).isEqualTo(expected.toByteArray(i));
        }
    }

    @Test
    void writerOfAVariableSizeRecordChangesItsFixedFieldsAndDataOfTheSameSizeOnly() {
        Object batch = generated.callStatic(NOTE + "Batch", "over",
                VariableRecordStore.create(generated.bytes(NOTE), ChunkAllocation.HEAP, 1 << 12));
        for (int i = 0; i < 3; i++) {
            Generated.call(batch, "add", noteBean(i));
        }
        VariableRecordStore store = (VariableRecordStore) Generated.call(batch, "store");
        byte[] last = store.toByteArray(2);

        Object writer = Generated.call(batch, "writer", 1);
        Generated.call(writer, "score", 42);
        Generated.call(writer, "title", "note y");
        assertThatThrownBy(() -> Generated.call(writer, "title", "note yy"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Note.title: 7 bytes of data in place of 6 would move the data after it, in this record"
                        + " and the ones after it; a complete Note keeps its data's sizes: encode it anew to change"
                        + " them");

        Object changed = noteBean(1);
        generated.set(changed, "score", 42);
        generated.set(changed, "title", "note y");
        assertThat(store.toByteArray(1)).isEqualTo(noteBytes(changed));
        assertThat(store.toByteArray(2)).isEqualTo(last);
    }
}
