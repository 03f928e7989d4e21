package dev.sdo.runtime.batch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.util.SplittableRandom;

/** Deterministic record contents and in-memory channels for the batch tests. */
final class TestRecords {
    /** The size of the Trade record of the schema-language spec's example. */
    static final int TRADE_BYTES = 27;
    static final RecordIdentity TRADE =
            new RecordIdentity("com.example.trade.Trade", 1, 0x1234_5678_9ABC_DEF0L, TRADE_BYTES);
    static final byte[] SYNC = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    private TestRecords() {}

    /** {@code count} records of {@code size} pseudo-random bytes, back to back. */
    static byte[] records(int count, int size, long seed) {
        byte[] bytes = new byte[count * size];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    /** Record {@code index} of {@code all}. */
    static byte[] record(byte[] all, int size, int index) {
        byte[] record = new byte[size];
        System.arraycopy(all, index * size, record, 0, size);
        return record;
    }

    /** Every record of {@code store}, back to back, read through chunkOf/offsetOf. */
    static byte[] contents(RecordStore store) {
        int size = store.recordSize();
        byte[] bytes = new byte[Math.toIntExact(store.size() * size)];
        for (long i = 0; i < store.size(); i++) {
            store.chunkOf(i).get(store.offsetOf(i), bytes, (int) i * size, size);
        }
        return bytes;
    }

    /** A heap store holding {@code bytes} as records of {@code size}, with small chunks. */
    static RecordStore store(byte[] bytes, int size, ChunkAllocation allocation, int recordsPerChunk) {
        RecordStore store = RecordStore.create(size, allocation, recordsPerChunk);
        store.appendAll(ByteBuffer.wrap(bytes), 0, bytes.length / size);
        return store;
    }

    /** The batch file of {@code store}, written with {@link #SYNC} and blocks of {@code recordsPerBlock}. */
    static byte[] file(RecordStore store, RecordIdentity identity, int recordsPerBlock) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchFileWriter writer = BatchFileWriter.open(Channels.newChannel(out), identity, recordsPerBlock, SYNC);
        writer.write(store);
        writer.finish();
        return out.toByteArray();
    }

    /** Reads a batch file from bytes with the forward reader. */
    static RecordStore read(byte[] file, RecordIdentity expected) throws IOException {
        return BatchFileReader.read(Channels.newChannel(new ByteArrayInputStream(file)), expected, "test.sdob");
    }
}
