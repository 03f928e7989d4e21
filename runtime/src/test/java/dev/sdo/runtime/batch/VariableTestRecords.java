package dev.sdo.runtime.batch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Records of variable size, their files, and an independent walk of such files by the documented offsets. */
final class VariableTestRecords {
    /** The fixed part of the test records: the least a record takes. */
    static final int MIN_BYTES = 6;
    static final RecordIdentity PERSON =
            new RecordIdentity("com.example.people.Person", 1, 0x0FED_CBA9_8765_4321L, MIN_BYTES);

    private VariableTestRecords() {}

    /** {@code count} records of {@code MIN_BYTES..MIN_BYTES + spread - 1} pseudo-random bytes. */
    static List<byte[]> records(int count, int spread, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<byte[]> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] record = new byte[MIN_BYTES + random.nextInt(spread)];
            random.nextBytes(record);
            records.add(record);
        }
        return records;
    }

    static VariableRecordStore store(List<byte[]> records, ChunkAllocation allocation, int maxChunkBytes) {
        VariableRecordStore store = VariableRecordStore.create(MIN_BYTES, allocation, maxChunkBytes);
        records.forEach(store::append);
        return store;
    }

    /** Every record of {@code store}, read through chunkOf/offsetOf/recordSize. */
    static List<byte[]> contents(VariableRecordStore store) {
        List<byte[]> records = new ArrayList<>();
        for (long i = 0; i < store.size(); i++) {
            byte[] record = new byte[store.recordSize(i)];
            store.chunkOf(i).get(store.offsetOf(i), record);
            records.add(record);
        }
        return records;
    }

    /** The file of {@code store}, with {@link TestRecords#SYNC} and the given block limits. */
    static byte[] file(VariableRecordStore store, int recordsPerBlock, int blockDataBytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VariableBatchFileWriter writer = VariableBatchFileWriter.open(Channels.newChannel(out), PERSON,
                recordsPerBlock, blockDataBytes, TestRecords.SYNC);
        writer.write(store);
        writer.finish();
        return out.toByteArray();
    }

    static VariableRecordStore read(byte[] file) throws IOException {
        return BatchFileReader.readVariable(Channels.newChannel(new ByteArrayInputStream(file)), PERSON, "test.sdob");
    }

    /** A block found by walking the file: offset, length with padding, records, payload length. */
    record Block(int offset, int length, int records, int payloadLength) {
        int end() {
            return offset + length;
        }

        boolean contains(long position) {
            return position >= offset && position < end();
        }

        /** The file offset of the offsets table: the payload's last {@code 4 * (records + 1)} bytes. */
        int tableOffset() {
            return offset + 40 + payloadLength - 4 * (records + 1);
        }
    }

    /** The blocks of a well-formed file, from the header length and each block header's payload length. */
    static List<Block> blocks(byte[] file) {
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<Block> blocks = new ArrayList<>();
        int position = bytes.getInt(12);
        while (!new String(file, position, 8, java.nio.charset.StandardCharsets.ISO_8859_1).equals("SDOBINDX")) {
            int records = bytes.getInt(position + 20);
            int payload = (int) bytes.getLong(position + 24);
            int length = (40 + payload + 7) / 8 * 8;
            blocks.add(new Block(position, length, records, payload));
            position += length;
        }
        return blocks;
    }
}
