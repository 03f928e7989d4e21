package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.Draw;
import dev.sdo.testing.PropertyRunner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every count, size and offset field of a batch file (header, block headers, offsets tables, footer, trailer) forged
 * to a hostile value with every CRC32C recomputed: each reader (a stream, a file channel, the mapper, recovery)
 * refuses the file with a {@link BatchFileException} that names the file and a byte offset, or returns records that
 * are the file's own; and none allocates more than a bound proportional to the file's size, whatever the field
 * claims.
 */
class ForgedFieldsPropertiesTest {
    /** What a read may allocate besides a few times the file's bytes: buffers of fixed size, class loading. */
    private static final long ALLOWANCE = 32L << 20;

    @Test
    void aForgedCountSizeOrOffsetIsRefusedWithoutAllocatingItsClaim() {
        PropertyRunner.forAll(400, draw -> {
            boolean variable = draw.bool();
            Original original = variable ? variableFile(draw) : fixedFile(draw);
            List<Forge.Field> fields = Forge.fields(original.file());
            Forge.Field field = fields.get(draw.ints(0, fields.size() - 1));
            long value = hostileValue(draw, Forge.value(original.file(), field), original.file().length);
            byte[] forged = Forge.forge(original.file(), field, value);
            checkEveryReader(forged, original, field + " = " + value);
        });
    }

    /** A file and the records it holds, each as its bytes. */
    record Original(byte[] file, RecordIdentity identity, boolean variable, Set<ByteBuffer> records, byte[] data) {}

    private static Original fixedFile(Draw draw) throws IOException {
        int recordSize = draw.ints(1, 40);
        int count = draw.ints(1, 20);
        RecordIdentity identity = new RecordIdentity("p.Record", 3, 0x5EEDL, recordSize);
        byte[] bytes = TestRecords.records(count, recordSize, draw.anyLong());
        byte[] file = TestRecords.file(TestRecords.store(bytes, recordSize, ChunkAllocation.HEAP, 4), identity,
                draw.ints(1, 6));
        Set<ByteBuffer> records = new HashSet<>();
        for (int i = 0; i < count; i++) {
            records.add(ByteBuffer.wrap(TestRecords.record(bytes, recordSize, i)));
        }
        return new Original(file, identity, false, records, bytes);
    }

    private static Original variableFile(Draw draw) throws IOException {
        List<byte[]> records = VariableTestRecords.records(draw.ints(1, 20), draw.ints(1, 30), draw.anyLong());
        byte[] file = VariableTestRecords.file(VariableTestRecords.store(records, ChunkAllocation.HEAP, 1 << 20),
                draw.ints(1, 6), draw.ints(6, 200));
        Set<ByteBuffer> set = new HashSet<>();
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        records.forEach(record -> {
            set.add(ByteBuffer.wrap(record));
            data.writeBytes(record);
        });
        return new Original(file, VariableTestRecords.PERSON, true, set, data.toByteArray());
    }

    /** Values an attacker tries: the edges of every width, huge claims, small changes, the file's own size. */
    private static long hostileValue(Draw draw, long original, int fileLength) {
        return draw.of(0L, 1L, -1L, -8L, 7L, 8L, 0x7FFF_FFF0L, 39_768_215L, 1L << 30, (1L << 31) - 1, 1L << 31,
                (1L << 32) - 1, Long.MAX_VALUE, Long.MIN_VALUE, original + 1, original - 1, original + 8,
                original - 8, original * 2, original + 4, (long) fileLength, fileLength * 1000L);
    }

    private static void checkEveryReader(byte[] forged, Original original, String forgery) throws IOException {
        Path path = Files.write(Files.createTempFile("forged", ".sdob"), forged);
        try {
            long bound = ALLOWANCE + 8L * forged.length;
            String context = forgery + ": ";
            readOrRefuse(context + "stream", "test.sdob", bound, original, () -> original.variable()
                    ? VariableTestRecords.contents(BatchFileReader.readVariable(
                            Channels.newChannel(new ByteArrayInputStream(forged)), original.identity(), "test.sdob"))
                    : fixedContents(BatchFileReader.read(Channels.newChannel(new ByteArrayInputStream(forged)),
                            original.identity(), "test.sdob")));
            readOrRefuse(context + "file channel", path.toString(), bound, original, () -> original.variable()
                    ? VariableTestRecords.contents(BatchFileReader.readVariable(path, original.identity()))
                    : fixedContents(BatchFileReader.read(path, original.identity())));
            readOrRefuse(context + "mapper", path.toString(), bound, original, () -> original.variable()
                    ? VariableTestRecords.contents(BatchFileMapper.mapVariable(path, original.identity()))
                    : fixedContents(BatchFileMapper.map(path, original.identity())));
            readOrRefuse(context + "recovery", path.toString(), bound, original, () -> original.variable()
                    ? VariableTestRecords.contents(BatchFileRecovery.recoverVariable(path, original.identity())
                            .records())
                    : fixedContents(BatchFileRecovery.recover(path, original.identity()).records()));
        } finally {
            Files.delete(path);
        }
    }

    @FunctionalInterface
    private interface Read {
        List<byte[]> records() throws IOException;
    }

    /**
     * Runs {@code read}: it must refuse with a {@link BatchFileException} naming {@code source} and a byte offset,
     * or return only records of the original file, and allocate less than {@code bound} bytes either way.
     */
    private static void readOrRefuse(String what, String source, long bound, Original original, Read read) {
        long before = Forge.allocatedBytes();
        try {
            List<byte[]> records = read.records();
            if (original.variable()) {
                // A forged inner entry of an offsets table, checksums recomputed, moves the boundary between two
                // records of a block, and its last entry can take in the 0..3 zero bytes that pad the records to
                // the table: what the format cannot tell from a real file. What it can tell: every record read is
                // made of the records' bytes (and that zero padding), none of a table or header.
                String data = new String(original.data(), StandardCharsets.ISO_8859_1);
                for (byte[] record : records) {
                    int length = record.length;
                    for (int pad = 0; pad < 3 && length > 0 && record[length - 1] == 0; pad++) {
                        length--;
                    }
                    assertThat(data).as(what + ": a record read is made of the records' bytes")
                            .contains(new String(record, 0, length, StandardCharsets.ISO_8859_1));
                }
            } else {
                for (byte[] record : records) {
                    assertThat(original.records()).as(what + ": a record read is one the file holds")
                            .contains(ByteBuffer.wrap(record));
                }
            }
        } catch (BatchFileException refused) {
            assertThat(refused.getMessage()).as(what).startsWith(source + ": ").contains("byte offset");
        } catch (IOException | RuntimeException other) {
            throw new AssertionError(what + ": expected a BatchFileException or the file's records, got " + other,
                    other);
        }
        assertThat(Forge.allocatedBytes() - before).as(what + ": bytes allocated").isLessThan(bound);
    }

    private static List<byte[]> fixedContents(RecordStore store) {
        List<byte[]> records = new ArrayList<>();
        for (long i = 0; i < store.size(); i++) {
            records.add(store.toByteArray(i));
        }
        return records;
    }
}
