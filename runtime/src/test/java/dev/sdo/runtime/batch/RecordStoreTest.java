package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.TestRecords.TRADE_BYTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.Flyweight;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RecordStoreTest {
    private static final int PER_CHUNK = 5;

    @ParameterizedTest
    @EnumSource(ChunkAllocation.class)
    void recordsTakeExactlyTheirBytesPlusSlackPerChunk(ChunkAllocation allocation) {
        int n = 1003;
        RecordStore store = TestRecords.store(TestRecords.records(n, TRADE_BYTES, 1), TRADE_BYTES, allocation,
                PER_CHUNK);
        long chunkRecordBytes = 0;
        for (int c = 0; c < store.chunkCount(); c++) {
            chunkRecordBytes += (long) store.chunkRecords(c) * TRADE_BYTES;
            assertThat(store.chunk(c).isDirect()).isEqualTo(allocation == ChunkAllocation.DIRECT);
        }
        assertThat(chunkRecordBytes).isEqualTo(27L * n);
        assertThat(store.recordBytes()).isEqualTo(27L * n);
        assertThat(store.chunkCount()).isEqualTo((n + PER_CHUNK - 1) / PER_CHUNK);

        store.trimToSize();
        assertThat(store.allocatedBytes()).isEqualTo(27L * n + 8L * store.chunkCount());
    }

    @Test
    void aDefaultStoreHoldsAMillionTradesInOneChunkWithEightBytesOfOverhead() {
        int n = 1_000_000;
        RecordStore store = RecordStore.heap(TRADE_BYTES);
        store.appendAll(ByteBuffer.wrap(TestRecords.records(n, TRADE_BYTES, 2)), 0, n);
        store.trimToSize();
        assertThat(store.chunkCount()).isEqualTo(1);
        assertThat(store.allocatedBytes()).isEqualTo(27_000_000L + 8);
    }

    @Test
    void aDefaultChunkHoldsUpTo64MebibytesSoTenMillionTradesTakeFiveChunks() {
        int perChunk = RecordStore.defaultRecordsPerChunk(TRADE_BYTES);
        assertThat(RecordStore.heap(TRADE_BYTES).recordsPerChunk()).isEqualTo(perChunk);
        assertThat((long) perChunk * TRADE_BYTES).isLessThanOrEqualTo(1L << 26).isGreaterThan((1L << 26) - TRADE_BYTES);
        assertThat((10_000_000L + perChunk - 1) / perChunk).isEqualTo(5);
        assertThat(RecordStore.defaultRecordsPerChunk(1 << 28)).isEqualTo(1);
    }

    @Test
    void aStoreBuiltRecordByRecordKeepsLessThanOneChunkOfRoomBesidesItsRecords() {
        int perChunk = 1_000;
        RecordStore store = RecordStore.create(TRADE_BYTES, ChunkAllocation.HEAP, perChunk);
        for (int n = 1; n <= 10_500; n++) {
            store.appendBlank();
            long room = store.allocatedBytes() - store.recordBytes() - (long) store.chunkCount() * RecordStore.SLACK;
            assertThat(room).as("room beside %d records", n).isLessThan((long) perChunk * TRADE_BYTES)
                    .isLessThanOrEqualTo(store.recordBytes() + 64L * TRADE_BYTES);
        }
    }

    /**
     * Appends (single, bulk, blank) and ensureCapacity, with the n-th allocation failing, for every n: the failure
     * is an OutOfMemoryError from the call that grew, the store keeps its records and stays usable, and the calls
     * after it (the failed one repeated included) work.
     */
    @Test
    void aStoreWhoseGrowthRunsOutOfMemoryKeepsItsRecordsAndGoesOnWorking() {
        byte[] records = TestRecords.records(400, TRADE_BYTES, 9);
        for (int failAt = 1; ; failAt++) {
            FailingAllocator allocator = new FailingAllocator(failAt);
            RecordStore store = RecordStore.create(TRADE_BYTES, allocator, 100);
            int failures = 0;
            int next = 0;
            while (next < 400) {
                int count = next % 3 == 0 ? 1 : Math.min(400 - next, 37);
                int from = next;
                try {
                    if (next == 150) {
                        store.ensureCapacity(390);
                    }
                    if (count == 1) {
                        store.append(Arrays.copyOfRange(records, from * TRADE_BYTES, (from + 1) * TRADE_BYTES));
                    } else {
                        store.appendAll(ByteBuffer.wrap(records), from * TRADE_BYTES, count);
                    }
                    next += count;
                } catch (OutOfMemoryError e) {
                    failures++;
                    assertThat(store.size()).as("fail at %d", failAt).isEqualTo(from);
                }
                assertThat(TestRecords.contents(store)).as("fail at %d", failAt)
                        .isEqualTo(Arrays.copyOf(records, next * TRADE_BYTES));
                assertThat(store.allocatedBytes()).isGreaterThanOrEqualTo(store.recordBytes());
            }
            store.trimToSize();
            assertThat(TestRecords.contents(store)).isEqualTo(records);
            if (failures == 0) {
                assertThat(failAt).as("allocations tried").isGreaterThan(5);
                return; // every allocation of the run has been made to fail once
            }
            assertThat(failures).isEqualTo(1);
        }
    }

    @Test
    void recordIIsInChunkIOverPerChunkAtItsRemainderTimesTheRecordSize() {
        int n = 53;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 3);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, PER_CHUNK);
        for (int i = 0; i < n; i++) {
            assertThat(store.chunkOf(i)).isSameAs(store.chunk(i / PER_CHUNK));
            assertThat(store.offsetOf(i)).isEqualTo(i % PER_CHUNK * TRADE_BYTES);
            assertThat(store.toByteArray(i)).isEqualTo(TestRecords.record(bytes, TRADE_BYTES, i));
        }
        assertThat(store.chunkRecords(store.chunkCount() - 1)).isEqualTo(n % PER_CHUNK);
        assertThatThrownBy(() -> store.chunkOf(n)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> store.offsetOf(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest
    @EnumSource(ChunkAllocation.class)
    void eightByteLoadsAtEveryByteOfTheLastRecordOfEveryChunkStayInTheChunk(ChunkAllocation allocation) {
        int n = 23;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 4);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, allocation, PER_CHUNK);
        store.trimToSize();
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            int last = (store.chunkRecords(c) - 1) * TRADE_BYTES;
            int recordIndex = c * PER_CHUNK + store.chunkRecords(c) - 1;
            for (int b = 0; b < TRADE_BYTES; b++) {
                long word = BitFields.getLong(chunk, last + b);
                assertThat((byte) word).isEqualTo(bytes[recordIndex * TRADE_BYTES + b]);
            }
        }
    }

    @Test
    void fullChunksAreNeverCopiedAgain() {
        RecordStore store = RecordStore.create(TRADE_BYTES, ChunkAllocation.HEAP, 100);
        byte[] bytes = TestRecords.records(100, TRADE_BYTES, 5);
        store.appendAll(ByteBuffer.wrap(bytes), 0, 100);
        ByteBuffer firstChunk = store.chunk(0);
        for (int i = 0; i < 250; i++) {
            store.append(ByteBuffer.wrap(bytes), 0);
        }
        assertThat(store.chunk(0)).isSameAs(firstChunk);
        assertThat(store.chunk(1)).isSameAs(store.chunkOf(199));
    }

    @Test
    void ensureCapacityMakesRoomSoThatAppendsUpToItNeitherAllocateNorCopy() {
        RecordStore store = RecordStore.create(TRADE_BYTES, ChunkAllocation.HEAP, 100);
        byte[] bytes = TestRecords.records(250, TRADE_BYTES, 8);
        store.appendAll(ByteBuffer.wrap(bytes), 0, 10);
        store.ensureCapacity(250);
        assertThat(store.allocatedBytes()).isEqualTo(250L * TRADE_BYTES + 3 * RecordStore.SLACK);
        List<ByteBuffer> chunks = new ArrayList<>();
        store.appendAll(ByteBuffer.wrap(bytes), 10 * TRADE_BYTES, 240);
        for (int c = 0; c < store.chunkCount(); c++) {
            chunks.add(store.chunk(c));
        }
        store.trimToSize();
        for (int c = 0; c < store.chunkCount(); c++) {
            assertThat(store.chunk(c)).isSameAs(chunks.get(c));
        }
        assertThat(TestRecords.contents(store)).isEqualTo(bytes);
    }

    @Test
    void appendBlankGivesAZeroRecordEvenWhereATruncatedRecordWas() {
        RecordStore store = RecordStore.create(TRADE_BYTES, ChunkAllocation.HEAP, PER_CHUNK);
        byte[] ones = new byte[TRADE_BYTES];
        Arrays.fill(ones, (byte) 1);
        store.append(ones);
        store.append(ones);
        store.truncate(1);
        long index = store.appendBlank();
        assertThat(index).isEqualTo(1);
        assertThat(store.toByteArray(1)).isEqualTo(new byte[TRADE_BYTES]);
        assertThat(store.toByteArray(0)).isEqualTo(ones);
    }

    @Test
    void wrongSizedRecordsAndOutOfRangeBulkAppendsAreRejected() {
        RecordStore store = RecordStore.heap(TRADE_BYTES);
        assertThatThrownBy(() -> store.append(new byte[26])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("27 bytes, not 26");
        assertThatThrownBy(() -> store.appendAll(ByteBuffer.allocate(54), 1, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(store.size()).isZero();
        assertThatThrownBy(() -> RecordStore.create(1 << 20, ChunkAllocation.HEAP, 1 << 11))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReadOnlyStoreRejectsAppends() {
        ByteBuffer chunk = ByteBuffer.allocate(TRADE_BYTES + RecordStore.SLACK);
        RecordStore store = RecordStore.readOnly(TRADE_BYTES, 1, new ByteBuffer[] {chunk}, 1);
        assertThatThrownBy(store::appendBlank).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("read-only");
    }

    /**
     * Blank appends (which find the next record's place from the last one's, without dividing), bulk appends and
     * truncations in any order: after each, every record's chunk and offset are those of the division formula, and
     * each blank record, written through them, keeps its bytes.
     */
    @Test
    void everyRecordIsFoundWhereTheFormulaPutsItWhateverAppendsAndTruncationsCameBefore() {
        PropertyRunner.forAll(200, draw -> {
            int recordSize = draw.ints(1, 12);
            int perChunk = draw.ints(1, 6);
            RecordStore store = RecordStore.create(recordSize, ChunkAllocation.HEAP, perChunk);
            List<Byte> expected = new ArrayList<>();
            for (int step = draw.ints(1, 40); step > 0; step--) {
                switch (draw.ints(0, 3)) {
                    case 0, 1 -> {
                        long index = store.appendBlank();
                        byte marker = (byte) draw.ints(1, 255);
                        assertThat(store.chunkOf(index).get(store.offsetOf(index))).isZero();
                        store.chunkOf(index).put(store.offsetOf(index), marker);
                        expected.add(marker);
                    }
                    case 2 -> {
                        int count = draw.ints(0, 8);
                        byte[] records = new byte[count * recordSize];
                        for (int i = 0; i < count; i++) {
                            records[i * recordSize] = (byte) draw.ints(1, 255);
                            expected.add(records[i * recordSize]);
                        }
                        store.appendAll(ByteBuffer.wrap(records), 0, count);
                    }
                    default -> {
                        int newSize = draw.ints(0, expected.size());
                        store.truncate(newSize);
                        expected.subList(newSize, expected.size()).clear();
                    }
                }
                assertThat(store.size()).isEqualTo(expected.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertThat(store.chunkOf(i)).as("chunk of record %d", i).isSameAs(store.chunk(i / perChunk));
                    assertThat(store.offsetOf(i)).as("offset of record %d", i).isEqualTo(i % perChunk * recordSize);
                    assertThat(store.chunkOf(i).get(store.offsetOf(i))).isEqualTo(expected.get(i));
                }
            }
        });
    }

    @Test
    void bulkAndSingleAppendsInAnyMixKeepEveryRecordInOrder() {
        PropertyRunner.forAll(200, draw -> bulkAndSingleAppendsInAnyMixKeepEveryRecordInOrder(draw.ints(1, 40),
                draw.ints(1, 9), draw.list(0, 12, () -> draw.ints(0, 30))));
    }

    private static void bulkAndSingleAppendsInAnyMixKeepEveryRecordInOrder(int recordSize, int perChunk,
            List<Integer> batches) {
        RecordStore store = RecordStore.create(recordSize, ChunkAllocation.HEAP, perChunk);
        int total = batches.stream().mapToInt(Integer::intValue).sum();
        byte[] bytes = TestRecords.records(total, recordSize, recordSize * 31L + perChunk);
        int next = 0;
        for (int count : batches) {
            if (count == 1) {
                store.append(TestRecords.record(bytes, recordSize, next));
            } else {
                store.appendAll(ByteBuffer.wrap(bytes), next * recordSize, count);
            }
            next += count;
        }
        assertThat(store.size()).isEqualTo(total);
        assertThat(TestRecords.contents(store)).isEqualTo(bytes);
        for (int c = 0; c < store.chunkCount(); c++) {
            assertThat(store.chunk(c).capacity())
                    .isGreaterThanOrEqualTo(store.chunkRecords(c) * recordSize + RecordStore.SLACK);
        }
    }

    @Test
    void aStoreCopiesAnotherChunkByChunk() {
        byte[] bytes = TestRecords.records(17, TRADE_BYTES, 6);
        RecordStore source = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.DIRECT, 4);
        RecordStore copy = RecordStore.create(TRADE_BYTES, ChunkAllocation.HEAP, 7);
        copy.appendAll(source);
        assertThat(TestRecords.contents(copy)).isEqualTo(bytes);
        assertThatThrownBy(() -> copy.appendAll(RecordStore.heap(26))).isInstanceOf(IllegalArgumentException.class);
    }

    /** A cursor like a generated XSdo: its only state is a buffer and an offset. */
    static final class Cursor implements Flyweight {
        ByteBuffer buffer;
        int offset;

        @Override
        public void moveTo(ByteBuffer chunk, int offset) {
            this.buffer = chunk;
            this.offset = offset;
        }

        byte[] bytes(int size) {
            byte[] bytes = new byte[size];
            buffer.get(offset, bytes);
            return bytes;
        }
    }

    @Test
    void forEachAndIteratorMoveOneCursorOverEveryRecordInOrder() {
        int n = 12;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 7);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, PER_CHUNK);
        Cursor cursor = new Cursor();
        List<byte[]> visited = new ArrayList<>();
        store.forEach(cursor, c -> {
            assertThat(c).isSameAs(cursor);
            visited.add(c.bytes(TRADE_BYTES));
        });
        assertThat(visited).hasSize(n);
        Iterator<Cursor> iterator = store.iterator(RecordReader.moving(cursor));
        for (int i = 0; i < n; i++) {
            assertThat(visited.get(i)).isEqualTo(TestRecords.record(bytes, TRADE_BYTES, i));
            Cursor next = iterator.next();
            assertThat(next).isSameAs(cursor);
            assertThat(next.bytes(TRADE_BYTES)).isEqualTo(visited.get(i));
        }
        assertThat(iterator.hasNext()).isFalse();
        assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
    }
}
