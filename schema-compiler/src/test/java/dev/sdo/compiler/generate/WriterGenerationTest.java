package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.batch.ChunkAllocation;
import dev.sdo.runtime.batch.RecordStore;
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
 * {@code done()}, appends across chunk boundaries, updates in place. The writer against {@code of} on random
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

    @Test
    void aRecordWithVariableLengthDataHasNoWriterYet() {
        assertThat(generated.sources()).extracting(GeneratedSource::qualifiedName)
                .contains("writer.TickWriter", "writer.TextBatch")
                .doesNotContain("writer.TextWriter");
    }
}
