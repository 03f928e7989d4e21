package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.TestRecords.TRADE_BYTES;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class RecordStreamTest {
    /** A copy of each record's bytes: equal by content. */
    private static final RecordReader<ByteBuffer> COPY = (chunk, offset) -> {
        byte[] bytes = new byte[TRADE_BYTES];
        chunk.get(offset, bytes);
        return ByteBuffer.wrap(bytes);
    };

    @Test
    void parallelAndSequentialStreamsGiveTheSameRecordsInTheSameOrder() {
        int n = 10_007;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 11);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.DIRECT, 64);
        List<ByteBuffer> sequential = store.stream(COPY, false).collect(Collectors.toList());
        List<ByteBuffer> parallel = store.stream(COPY, true).collect(Collectors.toList());
        assertThat(sequential).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(sequential.get(i).array()).isEqualTo(TestRecords.record(bytes, TRADE_BYTES, i));
        }
        assertThat(parallel).isEqualTo(sequential);
    }

    @Test
    void aFlyweightStreamSumsInParallelWithOneCursorPerSplit() {
        int n = 5_000;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 12);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 100);
        long expected = 0;
        for (int i = 0; i < n; i++) {
            expected += bytes[i * TRADE_BYTES + 3];
        }
        AtomicInteger cursors = new AtomicInteger();
        long sum = StreamSupport.stream(store.flyweightSpliterator(() -> {
            cursors.incrementAndGet();
            return new RecordStoreTest.Cursor();
        }), true).mapToLong(c -> c.buffer.get(c.offset + 3)).sum();
        assertThat(sum).isEqualTo(expected);
        assertThat(cursors.get()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void theSpliteratorReportsItsCharacteristics() {
        RecordStore store = TestRecords.store(TestRecords.records(3, TRADE_BYTES, 13), TRADE_BYTES,
                ChunkAllocation.HEAP, 2);
        Spliterator<ByteBuffer> spliterator = store.spliterator(COPY);
        assertThat(spliterator.hasCharacteristics(Spliterator.ORDERED | Spliterator.SIZED | Spliterator.SUBSIZED
                | Spliterator.NONNULL)).isTrue();
        assertThat(spliterator.hasCharacteristics(Spliterator.IMMUTABLE)).isFalse();
        assertThat(spliterator.getExactSizeIfKnown()).isEqualTo(3);
        RecordStore readOnly = RecordStore.readOnly(TRADE_BYTES, 2,
                new ByteBuffer[] {ByteBuffer.allocate(2 * TRADE_BYTES + 8)}, 2);
        assertThat(readOnly.spliterator(COPY).hasCharacteristics(Spliterator.IMMUTABLE)).isTrue();
    }

    /**
     * Splitting down to single records: every split of a range that spans chunks falls on a chunk boundary, and
     * the leaves, in order, are exactly the records.
     */
    @Test
    void splitsFallOnChunkBoundariesAndCoverEveryRecordOnce() {
        PropertyRunner.forAll(100, draw -> splitsFallOnChunkBoundariesAndCoverEveryRecordOnce(draw.ints(0, 300),
                draw.ints(1, 20)));
    }

    private static void splitsFallOnChunkBoundariesAndCoverEveryRecordOnce(int n, int perChunk) {
        RecordStore store = TestRecords.store(TestRecords.records(n, TRADE_BYTES, n), TRADE_BYTES,
                ChunkAllocation.HEAP, perChunk);
        Map<ByteBuffer, Integer> chunkIndexes = new IdentityHashMap<>();
        for (int c = 0; c < store.chunkCount(); c++) {
            chunkIndexes.put(store.chunk(c), c);
        }
        RecordReader<Long> indexOf = (chunk, offset) -> (long) chunkIndexes.get(chunk) * perChunk
                + offset / TRADE_BYTES;
        List<Long> visited = new ArrayList<>();
        splitAndVisit(store.spliterator(indexOf), 0, perChunk, visited);
        assertThat(visited).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(visited.get(i)).isEqualTo(i);
        }
    }

    private static void splitAndVisit(Spliterator<Long> spliterator, long start, int perChunk, List<Long> visited) {
        long size = spliterator.estimateSize();
        Spliterator<Long> prefix = spliterator.trySplit();
        if (prefix == null) {
            assertThat(size).isLessThanOrEqualTo(1);
            spliterator.forEachRemaining(visited::add);
            return;
        }
        long split = start + prefix.estimateSize();
        assertThat(prefix.estimateSize()).isPositive();
        assertThat(spliterator.estimateSize()).isPositive().isEqualTo(size - prefix.estimateSize());
        boolean spansChunks = start / perChunk != (start + size - 1) / perChunk;
        if (spansChunks) {
            assertThat(split % perChunk).as("split at %d of [%d, %d)", split, start, start + size).isZero();
        }
        splitAndVisit(prefix, start, perChunk, visited);
        splitAndVisit(spliterator, split, perChunk, visited);
    }

    @Test
    void tryAdvanceAndForEachRemainingContinueEachOther() {
        int n = 11;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 14);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 3);
        Spliterator<ByteBuffer> spliterator = store.spliterator(COPY);
        List<ByteBuffer> seen = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            assertThat(spliterator.tryAdvance(seen::add)).isTrue();
        }
        spliterator.forEachRemaining(seen::add);
        assertThat(spliterator.tryAdvance(seen::add)).isFalse();
        assertThat(seen).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(seen.get(i).array()).isEqualTo(TestRecords.record(bytes, TRADE_BYTES, i));
        }
    }
}
