package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated batch: records in one store, visited without allocation, written to and read from batch files. */
class BatchGenerationTest {
    private static final String TICK = "batch.Tick";
    private static final String OTHER = "batch.Other";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("batch.sdo", """
                package batch;
                record Tick { id: uint32; code: char(3, "A-Z"); price: udecimal(9, 2) optional; }
                record Other { id: uint32; code: char(3, "A-Z"); price: udecimal(9, 2) optional; }
                """));
    }

    private static Object tick(long id, String code) {
        return generated.bean(TICK, Map.of("id", id, "code", code));
    }

    private static Object batchOf(int count) {
        Object batch = newBatch(TICK);
        for (int i = 0; i < count; i++) {
            Generated.call(batch, "add", tick(i, "A" + (char) ('A' + i % 26)));
        }
        return batch;
    }

    private static Object newBatch(String record) {
        try {
            return generated.type(record + "Batch").getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static List<Object> ids(Stream<?> records) {
        return records.map(r -> Generated.call(r, "getId")).collect(Collectors.toList());
    }

    @Test
    void recordsAddedAreReadBackInOrder() {
        Object batch = batchOf(3);

        assertThat(Generated.call(batch, "size")).isEqualTo(3);
        assertThat(Generated.call(batch, "get", 2)).isEqualTo(generated.of(TICK, tick(2, "AC")));
        assertThat(Generated.call(Generated.call(batch, "get", 1), "toBean")).isEqualTo(tick(1, "AB"));
        assertThatThrownBy(() -> Generated.call(batch, "get", 3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aRejectedRecordLeavesTheBatchUnchanged() {
        Object batch = batchOf(2);

        assertThatThrownBy(() -> Generated.call(batch, "add", tick(3, "abc")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Tick.code");
        assertThat(Generated.call(batch, "size")).isEqualTo(2);
        Generated.call(batch, "add", tick(7, "XYZ"));
        assertThat(Generated.call(Generated.call(batch, "get", 2), "getCode")).isEqualTo("XYZ");
    }

    @Test
    @SuppressWarnings("unchecked")
    void iterationGivesEachRecordAViewOfItsOwnAndForEachCursorOneCursor() throws Exception {
        Object batch = batchOf(5);
        List<Object> visited = new ArrayList<>();
        Set<Object> views = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Object> cursors = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

        ((Iterable<Object>) batch).forEach((Consumer<Object>) views::add);
        Iterator<Object> iterator = ((Iterable<Object>) batch).iterator();
        Object first = iterator.next();
        Object second = iterator.next();
        batch.getClass().getMethod("forEachCursor", Consumer.class).invoke(batch, (Consumer<Object>) record -> {
            visited.add(Generated.call(record, "getId"));
            cursors.add(record);
        });

        assertThat(views).hasSize(5);
        assertThat(second).isNotSameAs(first);
        assertThat(Generated.call(first, "getId")).isEqualTo(0L);
        assertThat(Generated.call(second, "getId")).isEqualTo(1L);
        assertThat(visited).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(cursors).hasSize(1);
    }

    @Test
    void streamsHoldEveryRecord() {
        Object batch = batchOf(100);

        assertThat(ids((Stream<?>) Generated.call(batch, "stream"))).hasSize(100).first().isEqualTo(0L);
        assertThat(ids(((Stream<?>) Generated.call(batch, "parallelStream")).sorted(
                (a, b) -> Long.compare((Long) Generated.call(a, "getId"), (Long) Generated.call(b, "getId")))))
                .hasSize(100).last().isEqualTo(99L);
    }

    @Test
    void batchesRoundTripThroughChannelsAndMappedFiles(@TempDir Path directory) throws IOException {
        Object batch = batchOf(40);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Generated.call(batch, "writeTo", Channels.newChannel(bytes));
        Path file = Files.write(directory.resolve("ticks.sdob"), bytes.toByteArray());

        Object read = generated.callStatic(TICK + "Batch", "readFrom",
                Channels.newChannel(new ByteArrayInputStream(bytes.toByteArray())));
        Object mapped = generated.callStatic(TICK + "Batch", "map", file);

        for (Object copy : List.of(read, mapped)) {
            assertThat(Generated.call(copy, "size")).isEqualTo(40);
            assertThat(ids((Stream<?>) Generated.call(copy, "stream")))
                    .isEqualTo(ids((Stream<?>) Generated.call(batch, "stream")));
            assertThat(Generated.call(copy, "get", 39)).isEqualTo(Generated.call(batch, "get", 39));
        }
    }

    @Test
    void aBatchFileOfOtherRecordsIsRefused(@TempDir Path directory) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Generated.call(batchOf(3), "writeTo", Channels.newChannel(bytes));

        assertThatThrownBy(() -> generated.callStatic(OTHER + "Batch", "readFrom",
                Channels.newChannel(new ByteArrayInputStream(bytes.toByteArray()))))
                .isInstanceOf(IOException.class).hasMessageContaining("batch.Tick").hasMessageContaining("batch.Other");
        assertThat(newBatch(OTHER)).isNotNull();
    }
}
