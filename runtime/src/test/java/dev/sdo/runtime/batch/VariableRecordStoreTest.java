package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.VariableRecordStore.SLACK;
import static dev.sdo.runtime.batch.VariableTestRecords.MIN_BYTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Flyweight;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class VariableRecordStoreTest {
    /** A cursor that remembers where it was moved, as a generated SDO would. */
    private static final class Cursor implements Flyweight {
        ByteBuffer chunk;
        int offset;

        @Override
        public void moveTo(ByteBuffer chunk, int offset) {
            this.chunk = chunk;
            this.offset = offset;
        }
    }

    /**
     * Appends with the n-th allocation (chunk, table, or their growth) failing, for every n: the store keeps its
     * records, no chunk is left counted without one, and the appends after it work.
     */
    @Test
    void aStoreWhoseGrowthRunsOutOfMemoryKeepsItsRecordsAndGoesOnWorking() {
        List<byte[]> records = new ArrayList<>(VariableTestRecords.records(300, 90, 4));
        for (int i = 40; i < records.size(); i += 70) {
            records.set(i, new byte[5000 + i]); // larger than a new chunk's first room: it opens one of its size
        }
        for (int failAt = 1; ; failAt++) {
            FailingAllocator allocator = new FailingAllocator(failAt);
            VariableRecordStore store = VariableRecordStore.create(MIN_BYTES, allocator, 8000);
            int failures = 0;
            for (int next = 0; next < records.size(); ) {
                try {
                    if (next % 2 == 0) {
                        store.append(records.get(next));
                    } else {
                        store.chunkOf(store.appendBlank(records.get(next).length)).put(
                                store.offsetOf(next), records.get(next));
                    }
                    next++;
                } catch (OutOfMemoryError e) {
                    failures++;
                    assertThat(store.size()).as("fail at %d", failAt).isEqualTo(next);
                }
                assertThat(VariableTestRecords.contents(store)).as("fail at %d", failAt)
                        .containsExactlyElementsOf(records.subList(0, next));
                for (int c = 0; c < store.chunkCount(); c++) {
                    assertThat(store.chunkRecords(c)).as("records of chunk %d", c).isPositive();
                }
            }
            if (failures == 0) {
                assertThat(failAt).as("allocations tried").isGreaterThan(10);
                return;
            }
            assertThat(failures).isEqualTo(1);
        }
    }

    /**
     * A store built record by record keeps less than one chunk (64 MiB) of room besides its records and index, where
     * chunks of a gigabyte, doubling, left up to as much as its records; a record larger than a chunk gets one of its
     * own, of its size. Counted by capacities: 150 records of a mebibyte and a bit, then one of 100 MiB.
     */
    @Test
    void aGrowingStoreKeepsLessThanOneChunkOfRoomAndGivesALargerRecordAChunkOfItsOwn() {
        int chunkBytes = RecordStore.DEFAULT_CHUNK_RECORD_BYTES;
        VariableRecordStore store = VariableRecordStore.heap(MIN_BYTES);
        int record = (1 << 20) + 3;
        for (int i = 0; i < 150; i++) {
            store.appendBlank(record);
            long room = store.allocatedBytes() - store.recordBytes() - (long) store.chunkCount() * SLACK;
            assertThat(room).as("room beside %d records", i + 1).isLessThan(chunkBytes);
        }
        assertThat(store.chunkCount()).isEqualTo(3);
        for (int c = 0; c < 2; c++) {
            assertThat(store.chunk(c).capacity() - SLACK).as("chunk %d", c).isLessThanOrEqualTo(chunkBytes);
        }
        int large = 100 << 20;
        long index = store.appendBlank(large);
        int own = store.chunkCount() - 1;
        assertThat(store.chunkFirstRecord(own)).isEqualTo(index);
        assertThat(store.chunk(own).capacity()).isEqualTo(large + SLACK);
        store.appendBlank(record);
        assertThat(store.chunkCount()).as("the next record starts another chunk").isEqualTo(own + 2);
    }

    @ParameterizedTest
    @EnumSource(ChunkAllocation.class)
    void recordsComeBackByIndexAcrossChunksWithExactAccounting(ChunkAllocation allocation) {
        List<byte[]> records = VariableTestRecords.records(500, 40, 7);
        VariableRecordStore store = VariableTestRecords.store(records, allocation, 256);

        assertThat(store.size()).isEqualTo(500);
        assertThat(store.chunkCount()).isGreaterThan(10);
        assertThat(VariableTestRecords.contents(store)).containsExactlyElementsOf(records);
        for (int i = 0; i < records.size(); i += 37) {
            assertThat(store.toByteArray(i)).isEqualTo(records.get(i));
        }
        long bytes = records.stream().mapToLong(r -> r.length).sum();
        assertThat(store.recordBytes()).isEqualTo(bytes);
        assertThat(store.indexBytes()).isEqualTo(4L * (500 + store.chunkCount()));
        for (int c = 0; c < store.chunkCount(); c++) {
            int used = store.chunkRecordOffset(c, store.chunkRecords(c));
            assertThat(used).isLessThanOrEqualTo(256);
            assertThat(store.chunk(c).capacity()).isGreaterThanOrEqualTo(used + VariableRecordStore.SLACK);
        }
        store.trimToSize();
        long unusedEnds = 0;
        for (int c = 0; c + 1 < store.chunkCount(); c++) {
            int room = 256 - store.chunkRecordOffset(c, store.chunkRecords(c));
            assertThat(room).isLessThan(store.recordSize(store.chunkFirstRecord(c + 1)));
            unusedEnds += room;
        }
        assertThat(store.allocatedBytes()).isEqualTo(bytes + store.indexBytes()
                + (long) store.chunkCount() * VariableRecordStore.SLACK + unusedEnds);
        assertThat(VariableTestRecords.contents(store)).containsExactlyElementsOf(records);
    }

    @Test
    void fullChunksAreNeverCopiedAgain() {
        VariableRecordStore store = VariableRecordStore.create(MIN_BYTES, ChunkAllocation.HEAP, 100);
        VariableTestRecords.records(20, 10, 3).forEach(store::append);
        ByteBuffer first = store.chunk(0);
        VariableTestRecords.records(200, 10, 4).forEach(store::append);
        assertThat(store.chunk(0)).isSameAs(first);
    }

    @Test
    void appendBlankReservesZeroBytesAndTruncateTakesThemBack() {
        VariableRecordStore store = VariableRecordStore.create(MIN_BYTES, ChunkAllocation.HEAP, 64);
        store.append(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        store.truncate(0);
        long index = store.appendBlank(7);
        assertThat(store.toByteArray(index)).containsOnly(0).hasSize(7);
        store.appendBlank(60); // does not fit after 7 bytes in a 64-byte chunk: a new chunk
        assertThat(store.chunkCount()).isEqualTo(2);
        store.truncate(1);
        assertThat(store.chunkCount()).isEqualTo(1);
        assertThat(store.size()).isEqualTo(1);
        assertThat(store.recordBytes()).isEqualTo(7);
        store.truncate(0);
        assertThat(store.recordBytes()).isZero();
        assertThat(store.chunkCount()).isZero();
    }

    @Test
    void recordsOutsideTheSizeLimitsAreRefused() {
        VariableRecordStore store = VariableRecordStore.create(MIN_BYTES, ChunkAllocation.HEAP, 64);
        assertThatThrownBy(() -> store.append(new byte[MIN_BYTES - 1])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 6 bytes");
        assertThatThrownBy(() -> store.appendBlank(65)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 64");
        assertThat(store.size()).isZero();
        assertThatThrownBy(() -> store.offsetOf(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void forEachIteratorAndStreamsVisitEveryRecordInOrderWithOneCursor() {
        List<byte[]> records = VariableTestRecords.records(300, 30, 11);
        VariableRecordStore store = VariableTestRecords.store(records, ChunkAllocation.HEAP, 200);
        Cursor cursor = new Cursor();
        List<Integer> offsets = new ArrayList<>();
        store.forEach(cursor, c -> offsets.add(c.offset));
        assertThat(offsets).isEqualTo(IntStream.range(0, 300).mapToObj(store::offsetOf).toList());

        Iterator<Cursor> iterator = store.iterator(RecordReader.moving(cursor));
        for (int i = 0; i < 300; i++) {
            Cursor next = iterator.next();
            assertThat(next).isSameAs(cursor);
            assertThat(next.chunk).isSameAs(store.chunkOf(i));
            assertThat(next.offset).isEqualTo(store.offsetOf(i));
        }
        assertThat(iterator.hasNext()).isFalse();

        RecordReader<byte[]> copy = (chunk, offset) -> {
            for (long i = 0; i < store.size(); i++) {
                if (store.chunkOf(i) == chunk && store.offsetOf(i) == offset) {
                    return store.toByteArray(i);
                }
            }
            throw new AssertionError("no record at " + offset);
        };
        assertThat(store.stream(copy, true).collect(Collectors.toList())).containsExactlyElementsOf(records);
        Spliterator<byte[]> whole = store.spliterator(copy);
        Spliterator<byte[]> prefix = whole.trySplit();
        assertThat(prefix.estimateSize() + whole.estimateSize()).isEqualTo(300);
        long boundary = prefix.estimateSize();
        assertThat(IntStream.range(0, store.chunkCount()).mapToLong(store::chunkFirstRecord)).contains(boundary);
    }

    @Test
    void sortsByKeyAndComparatorAreStablePermutations() {
        List<byte[]> records = VariableTestRecords.records(400, 20, 5);
        VariableRecordStore store = VariableTestRecords.store(records, ChunkAllocation.HEAP, 300);
        // key: the first byte; ties keep their order
        int[] byKey = RecordSort.byKey(store, (chunk, offset) -> chunk.get(offset));
        int[] byLength = RecordSort.byComparator(store, (lc, lo, rc, ro) -> 0);
        List<Integer> expected = IntStream.range(0, 400).boxed()
                .sorted(Comparator.comparingInt(i -> records.get(i)[0])).toList();
        assertThat(IntStream.of(byKey).boxed().toList()).isEqualTo(expected);
        assertThat(byLength).isEqualTo(IntStream.range(0, 400).toArray());

        VariableRecordStore sorted = store.permuted(byKey);
        assertThat(VariableTestRecords.contents(sorted))
                .containsExactlyElementsOf(expected.stream().map(records::get).toList());
        assertThat(sorted.recordBytes()).isEqualTo(store.recordBytes());
    }

    @Test
    void serialisationCarriesEveryRecordAndRefusesForgedSizes() throws Exception {
        List<byte[]> records = VariableTestRecords.records(100, 100_000, 9);
        VariableRecordStore store = VariableTestRecords.store(records, ChunkAllocation.DIRECT,
                VariableRecordStore.MAX_CHUNK_RECORD_BYTES);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            StoreSerialization.write(store, out);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(VariableTestRecords.contents(StoreSerialization.readVariable(in, MIN_BYTES)))
                    .containsExactlyElementsOf(records);
        }
        ByteArrayOutputStream forged = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(forged)) {
            out.writeLong(1);
            out.writeInt(MIN_BYTES - 1);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(forged.toByteArray()))) {
            assertThatThrownBy(() -> StoreSerialization.readVariable(in, MIN_BYTES))
                    .isInstanceOf(InvalidObjectException.class).hasMessageContaining("record 0")
                    .hasMessageContaining("5 bytes");
        }
    }

    @Test
    void aStoreCanHoldMoreThanOneChunkOfIndexAndRecordsWithoutLimitsOfTheFirst() throws IOException {
        VariableRecordStore store = VariableRecordStore.heap(MIN_BYTES);
        for (int i = 0; i < 10_000; i++) {
            byte[] record = new byte[MIN_BYTES + i % 13];
            record[0] = (byte) i;
            store.append(record);
        }
        assertThat(store.chunkCount()).isEqualTo(1);
        assertThat(store.recordSize(9_999)).isEqualTo(MIN_BYTES + 9_999 % 13);
        assertThat(store.toByteArray(9_999)[0]).isEqualTo((byte) 9_999);
    }
}
