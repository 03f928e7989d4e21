package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.TestRecords.TRADE;
import static dev.sdo.runtime.batch.TestRecords.TRADE_BYTES;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BatchFileRoundTripTest {
    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(ChunkAllocation.class)
    void writeThenReadAndWriteThenMapGiveTheSameBytes(ChunkAllocation allocation) throws IOException {
        int n = 1_234;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 21);
        RecordStore store = TestRecords.store(bytes, TRADE_BYTES, allocation, 50);
        Path file = directory.resolve("trades.sdob");
        BatchFileWriter.write(store, TRADE, file);

        RecordStore read = BatchFileReader.read(file, TRADE);
        RecordStore mapped = BatchFileMapper.map(file, TRADE);
        RecordStore mappedUnverified = BatchFileMapper.map(file, TRADE, false);

        assertThat(TestRecords.contents(read)).isEqualTo(bytes);
        assertThat(TestRecords.contents(mapped)).isEqualTo(bytes);
        assertThat(TestRecords.contents(mappedUnverified)).isEqualTo(bytes);
        assertThat(mapped.isReadOnly()).isTrue();
        assertThat(mapped.chunk(0).isDirect()).isTrue();
    }

    @Test
    void aChannelThatCannotSeekIsReadIntoChunksThatGrowWithoutCopying() throws IOException {
        // More records than one stream chunk holds: the store adds chunks, and only the last is trimmed.
        int perChunk = BatchFileReader.STREAM_CHUNK_RECORD_BYTES / TRADE_BYTES;
        int n = 2 * perChunk + 123;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 23);
        byte[] file = TestRecords.file(TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 1_000), TRADE, 500);

        RecordStore read = BatchFileReader.read(Channels.newChannel(new ByteArrayInputStream(file)), TRADE,
                "a stream");

        assertThat(TestRecords.contents(read)).isEqualTo(bytes);
        assertThat(read.recordsPerChunk()).isEqualTo(perChunk);
        assertThat(read.chunkCount()).isEqualTo(3);
        assertThat(read.allocatedBytes()).isEqualTo((long) n * TRADE_BYTES + 3L * RecordStore.SLACK);
    }

    @Test
    void anyNumberOfRecordsInAnyBlockSizeRoundTrips() {
        PropertyRunner.forAll(60, draw -> anyNumberOfRecordsInAnyBlockSizeRoundTrips(draw.ints(0, 60),
                draw.ints(1, 12), draw.ints(1, 9), draw.ints(1, 33)));
    }

    private static void anyNumberOfRecordsInAnyBlockSizeRoundTrips(int n, int perBlock, int perChunk, int recordSize)
            throws IOException {
        RecordIdentity identity = new RecordIdentity("p.R", 1, 42, recordSize);
        byte[] bytes = TestRecords.records(n, recordSize, n * 7L + perBlock);
        RecordStore store = TestRecords.store(bytes, recordSize, ChunkAllocation.HEAP, perChunk);
        byte[] file = TestRecords.file(store, identity, perBlock);

        assertThat(TestRecords.contents(TestRecords.read(file, identity))).isEqualTo(bytes);
        // One temporary file per try: the class's @TempDir is one folder for the whole test.
        Path path = Files.write(Files.createTempFile("round-trip", ".sdob"), file);
        try {
            RecordStore mapped = BatchFileMapper.map(path, identity);
            assertThat(TestRecords.contents(mapped)).isEqualTo(bytes);
            RecoveredBatch recovered = BatchFileRecovery.recover(path, identity);
            assertThat(recovered.isIntact()).isTrue();
            assertThat(recovered.recordsLost()).isZero();
            assertThat(TestRecords.contents(recovered.records())).isEqualTo(bytes);
        } finally {
            Files.delete(path);
        }
    }

    @Test
    void theLayoutIsAlignedAndHoldsEveryRecordByteOnce() throws IOException {
        int n = 13;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 22);
        byte[] file = TestRecords.file(TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 3), TRADE, 5);
        FileLayout layout = FileLayout.of(file, TRADE_BYTES);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);

        assertThat(Arrays.copyOf(file, 8)).isEqualTo(new byte[] {(byte) 0x89, 'S', 'D', 'O', 'B', '\r', '\n', 0x1A});
        assertThat(le.getInt(8)).isEqualTo(3);
        assertThat(le.getInt(16)).isEqualTo(TRADE_BYTES);
        assertThat(le.getInt(20)).isEqualTo(5);
        assertThat(le.getLong(32)).isEqualTo(TRADE.fingerprint());
        assertThat(Arrays.copyOfRange(file, 40, 56)).isEqualTo(TestRecords.SYNC);
        assertThat(new String(file, 56, le.getInt(28), StandardCharsets.UTF_8)).isEqualTo(TRADE.recordName());
        // The version table at the first 8-aligned offset after the name: one entry, version 1 and its fingerprint.
        int table = (56 + le.getInt(28) + 7) & ~7;
        assertThat(le.getInt(table)).isEqualTo(1);
        assertThat(le.getInt(table + 8)).isEqualTo(1);
        assertThat(le.getLong(table + 16)).isEqualTo(TRADE.fingerprint());
        assertThat(le.getInt(12)).isEqualTo((table + 8 + 16 + 4 + 7) & ~7);

        assertThat(layout.blocks().stream().map(FileLayout.Block::records).collect(Collectors.toList()))
                .isEqualTo(List.of(5, 5, 3));
        int record = 0;
        for (FileLayout.Block block : layout.blocks()) {
            assertThat(block.offset() % 8).isZero();
            assertThat((block.offset() + 40) % 8).as("payload alignment").isZero();
            assertThat(Arrays.copyOfRange(file, block.offset(), block.offset() + 16)).isEqualTo(TestRecords.SYNC);
            assertThat(Arrays.copyOfRange(file, block.offset() + 40, block.offset() + 40 + block.payloadLength()))
                    .isEqualTo(Arrays.copyOfRange(bytes, record * TRADE_BYTES,
                            (record + block.records()) * TRADE_BYTES));
            record += block.records();
        }
        assertThat(layout.footerOffset() % 8).isZero();
        assertThat(le.getLong(layout.trailerOffset())).isEqualTo(layout.footerOffset());
        assertThat(Arrays.copyOfRange(file, file.length - 8, file.length))
                .isEqualTo(new byte[] {'S', 'D', 'O', 'B', 'E', 'N', 'D', 0x1A});
        assertThat(le.getLong(layout.footerOffset() + 48)).as("total records").isEqualTo(n);
    }

    @Test
    void blocksGroupedIntoMappingsOfAnySizeMapTheSameRecords() throws IOException {
        int n = 47;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 25);
        byte[] file = TestRecords.file(TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 8), TRADE, 4);
        Path path = Files.write(directory.resolve("mappings.sdob"), file);
        int blockBytes = FileLayout.of(file, TRADE_BYTES).blocks().get(0).length();
        for (long maxMapping : new long[] {1, blockBytes + 8, 2L * blockBytes + 8, 3L * blockBytes, file.length}) {
            RecordStore mapped = BatchFileMapper.map(path, TRADE, true, maxMapping).store();
            assertThat(TestRecords.contents(mapped)).as("mappings of %d bytes", maxMapping).isEqualTo(bytes);
            assertThat(mapped.chunkCount()).isEqualTo(12);
        }
    }

    @Test
    void anEmptyStoreIsAFileWithNoBlocks() throws IOException {
        RecordStore empty = RecordStore.heap(TRADE_BYTES);
        byte[] file = TestRecords.file(empty, TRADE, 5);
        assertThat(FileLayout.of(file, TRADE_BYTES).blocks()).isEmpty();
        assertThat(TestRecords.read(file, TRADE).size()).isZero();
        Path path = Files.write(directory.resolve("empty.sdob"), file);
        assertThat(BatchFileMapper.map(path, TRADE).size()).isZero();
    }

    @Test
    void theWriterCopiesFromBuffersInAnySlicesIntoTheSameBlocks() throws IOException {
        int n = 23;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 23);
        byte[] whole = TestRecords.file(TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 100), TRADE, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchFileWriter writer = BatchFileWriter.open(Channels.newChannel(out), TRADE, 5,
                TestRecords.SYNC);
        int[] slices = {1, 3, 7, 0, 2, 10};
        int next = 0;
        for (int slice : slices) {
            writer.write(ByteBuffer.wrap(bytes), next * TRADE_BYTES, slice);
            next += slice;
        }
        writer.finish();
        assertThat(out.toByteArray()).isEqualTo(whole);
    }

    @Test
    void heapDirectAndMappedStoresAgreeOnEveryRecordAndStream() throws IOException {
        int n = 101;
        byte[] bytes = TestRecords.records(n, TRADE_BYTES, 24);
        RecordStore heap = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.HEAP, 5);
        RecordStore direct = TestRecords.store(bytes, TRADE_BYTES, ChunkAllocation.DIRECT, 5);
        Path path = directory.resolve("agree.sdob");
        try (var channel = FileChannel.open(path, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            BatchFileWriter writer = BatchFileWriter.open(channel, TRADE, 5, BatchFileWriter.randomSyncMarker());
            writer.write(heap);
            writer.finish();
        }
        RecordStore mapped = BatchFileMapper.map(path, TRADE);
        assertThat(mapped.recordsPerChunk()).isEqualTo(5);
        RecordReader<String> hex = (chunk, offset) -> {
            byte[] record = new byte[TRADE_BYTES];
            chunk.get(offset, record);
            return HexFormat.of().formatHex(record);
        };
        List<String> expected = heap.stream(hex, false).collect(Collectors.toList());
        for (RecordStore store : List.of(direct, mapped)) {
            assertThat(store.stream(hex, false).collect(Collectors.toList())).isEqualTo(expected);
            assertThat(store.stream(hex, true).collect(Collectors.toList())).isEqualTo(expected);
            for (int i = 0; i < n; i++) {
                assertThat(store.toByteArray(i)).isEqualTo(heap.toByteArray(i));
            }
        }
    }
}
