package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A store's serial form: its count, then its records' bytes back to back. */
class StoreSerializationTest {
    private static final int SIZE = TestRecords.TRADE_BYTES;

    @Test
    void recordsSpreadOverManyChunksComeBackInOneHeapStore() throws IOException {
        byte[] records = TestRecords.records(10_000, SIZE, 42);
        RecordStore store = RecordStore.create(SIZE, ChunkAllocation.DIRECT, 777);
        store.appendAll(ByteBuffer.wrap(records), 0, 10_000);

        byte[] stream = serialise(store);
        RecordStore back = deserialise(stream);

        assertThat(back.size()).isEqualTo(10_000);
        assertThat(TestRecords.contents(back)).isEqualTo(records);
    }

    @Test
    void theFormIsTheCountThenTheRecordBytes() throws IOException {
        byte[] records = TestRecords.records(3, SIZE, 7);
        RecordStore store = RecordStore.heap(SIZE);
        store.appendAll(ByteBuffer.wrap(records), 0, 3);

        ByteBuffer expected = ByteBuffer.allocate(8 + records.length).putLong(3).put(records);
        assertThat(rawBlockData(serialise(store))).isEqualTo(expected.array());
    }

    @Test
    void anEmptyStoreIsACountOfZero() throws IOException {
        assertThat(deserialise(serialise(RecordStore.heap(SIZE))).size()).isZero();
    }

    @Test
    void aNegativeCountIsRefused() throws IOException {
        byte[] stream = streamOf(ByteBuffer.allocate(8).putLong(-1).array());

        assertThatThrownBy(() -> deserialise(stream)).isInstanceOf(InvalidObjectException.class)
                .hasMessageContaining("-1 records");
    }

    @Test
    void aStreamShorterThanItsCountIsRefused() throws IOException {
        byte[] stream = streamOf(ByteBuffer.allocate(8 + SIZE).putLong(2).array());

        assertThatThrownBy(() -> deserialise(stream)).isInstanceOf(EOFException.class);
    }

    private static byte[] serialise(RecordStore store) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            StoreSerialization.write(store, out);
        }
        return bytes.toByteArray();
    }

    private static RecordStore deserialise(byte[] stream) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            return StoreSerialization.read(in, SIZE);
        }
    }

    private static byte[] streamOf(byte[] raw) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.write(raw);
        }
        return bytes.toByteArray();
    }

    /** The raw bytes of a stream that holds only block data, read back through ObjectInputStream. */
    private static byte[] rawBlockData(byte[] stream) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            return in.readAllBytes();
        }
    }
}
