package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch files written by one schema version of a record, read by code of another (docs/batch-file-format.md,
 * "Schema versions"): readable when both agree on the fingerprint of the older version, the store then holding the
 * writer's records at the writer's size; refused otherwise, naming both versions and fingerprints.
 */
class BatchFileVersionsTest {
    private static final String NAME = "com.example.Quote";
    private static final long V1 = 0x1111_0000_0000_0001L;
    private static final long V2 = 0x2222_0000_0000_0002L;
    private static final long V3 = 0x3333_0000_0000_0003L;
    private static final RecordIdentity VERSION_1 = new RecordIdentity(NAME, 1, V1, 8);
    private static final RecordIdentity VERSION_2 = new RecordIdentity(NAME, 2, V2, 12, Map.of(1, V1, 2, V2));
    private static final RecordIdentity VERSION_4 = new RecordIdentity(NAME, 4, V3, 20, Map.of(1, V1, 2, V2, 4, V3));

    @TempDir
    Path dir;

    private Path write(RecordIdentity identity, int records, String name) throws IOException {
        byte[] bytes = TestRecords.records(records, identity.recordSize(), 7);
        Path file = dir.resolve(name);
        Files.write(file, TestRecords.file(TestRecords.store(bytes, identity.recordSize(), ChunkAllocation.HEAP, 4),
                identity, 3));
        return file;
    }

    @Test
    void theHeaderRecordsEveryVersionsFingerprint() throws IOException {
        Path file = write(VERSION_4, 5, "v4.sdob");
        ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int table = (56 + NAME.length() + 7) & ~7;
        assertThat(header.getInt(table)).isEqualTo(3);
        assertThat(header.getInt(table + 8)).isEqualTo(1);
        assertThat(header.getLong(table + 16)).isEqualTo(V1);
        assertThat(header.getInt(table + 24)).isEqualTo(2);
        assertThat(header.getLong(table + 32)).isEqualTo(V2);
        assertThat(header.getInt(table + 40)).isEqualTo(4);
        assertThat(header.getLong(table + 48)).isEqualTo(V3);
        assertThat(BatchFileReader.readWritten(Files.newByteChannel(file), VERSION_4, "v4").writer())
                .isEqualTo(VERSION_4);
    }

    @Test
    void olderCodeReadsNewerFilesAtTheWritersRecordSize() throws IOException {
        Path file = write(VERSION_4, 7, "v4.sdob");
        byte[] records = TestRecords.records(7, 20, 7);
        WrittenBatch read = BatchFileReader.readWritten(Files.newByteChannel(file), VERSION_1, "v4");
        WrittenBatch mapped = BatchFileMapper.mapWritten(file, VERSION_2, true);
        for (WrittenBatch batch : new WrittenBatch[] {read, mapped}) {
            assertThat(batch.writer()).isEqualTo(VERSION_4);
            assertThat(batch.store().recordSize()).isEqualTo(20);
            assertThat(TestRecords.contents(batch.store())).isEqualTo(records);
        }
    }

    @Test
    void newerCodeReadsOlderFiles() throws IOException {
        Path file = write(VERSION_1, 4, "v1.sdob");
        WrittenBatch batch = BatchFileMapper.mapWritten(file, VERSION_4, true);
        assertThat(batch.writer()).isEqualTo(VERSION_1);
        assertThat(batch.store().recordSize()).isEqualTo(8);
        assertThat(TestRecords.contents(batch.store())).isEqualTo(TestRecords.records(4, 8, 7));
        assertThat(BatchFileReader.read(file, VERSION_2).size()).isEqualTo(4);
        assertThat(BatchFileRecovery.recover(file, VERSION_2).isIntact()).isTrue();
    }

    @Test
    void disagreeingOnTheOlderVersionIsRefusedNamingBothVersionsAndFingerprints() throws IOException {
        Path file = write(VERSION_2, 3, "v2.sdob");
        RecordIdentity otherV2 = new RecordIdentity(NAME, 4, V3, 20, Map.of(1, V1, 2, 0x0BADL, 4, V3));
        for (Reader reader : READERS) {
            IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                    () -> reader.read(file, otherV2));
            assertThat(e.getMessage()).isEqualTo(file + ": file header at byte offset 32: the file holds "
                    + NAME + " records of schema version 2 (fingerprint 0x2222000000000002), the reader is "
                    + "version 4 (fingerprint 0x3333000000000003); they disagree on version 2 (0x2222000000000002 "
                    + "in the file, 0x0000000000000BAD in the reader): the record was changed other than by adding "
                    + "fields with @since after those of earlier versions; read the file with code generated from "
                    + "the schema that wrote it (sdoc compat OLD.sdo NEW.sdo names the field that differs)");
        }
        RecordIdentity otherV1 = new RecordIdentity(NAME, 1, 0x0BADL, 8);
        IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileMapper.map(file, otherV1));
        assertThat(e.getMessage()).contains("they disagree on version 1 (0x1111000000000001 in the file, "
                + "0x0000000000000BAD in the reader)");
    }

    @Test
    void aFileOfFormatVersionOneIsReadAndKnowsOnlyItsOwnVersion() throws IOException {
        Path v1File = formatOne(write(VERSION_1, 5, "v1.sdob"));
        assertThat(BatchFileMapper.mapWritten(v1File, VERSION_4, true).writer()).isEqualTo(VERSION_1);

        RecordIdentity onlyV2 = new RecordIdentity(NAME, 2, V2, 12);
        Path v2File = formatOne(write(onlyV2, 5, "v2.sdob"));
        assertThat(BatchFileReader.read(v2File, VERSION_2).recordSize()).isEqualTo(12);
        IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileReader.read(v2File, VERSION_1));
        assertThat(e.getMessage()).contains("the file does not record the fingerprint of version 1, which both "
                + "must agree on");
    }

    /** The file rewritten as format version 1: no version table (its bytes zeroed), the header's CRC redone. */
    private static Path formatOne(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        int table = (56 + le.getInt(28) + 7) & ~7;
        le.putInt(8, 1);
        Arrays.fill(bytes, table, length - 4, (byte) 0);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length - 4);
        le.putInt(length - 4, (int) crc.getValue());
        Files.write(file, bytes);
        return file;
    }

    @Test
    void aRecordSizeTheVersionsDoNotAllowIsRefused() throws IOException {
        Path file = write(new RecordIdentity(NAME, 4, V3, 10, Map.of(1, V1, 2, V2, 4, V3)), 2, "small.sdob");
        IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileReader.read(file, VERSION_2));
        assertThat(e.getMessage()).endsWith("file header at byte offset 16: record size 10 bytes of schema "
                + "version 4, fewer than the 12 bytes of com.example.Quote version 2, though a newer version only "
                + "adds fields");
    }

    @Test
    void aStoreOfAnotherRecordSizeCannotTakeAnotherVersionsRecords() throws IOException {
        Path file = write(VERSION_4, 2, "v4.sdob");
        RecordStore target = RecordStore.heap(8);
        IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileReader.read(Files.newByteChannel(file), VERSION_1, "v4", target));
        assertThat(e.getMessage()).isEqualTo("v4: file header at byte offset 16: the file's records of schema "
                + "version 4 take 20 bytes, the store given holds 8-byte records of version 1: read the file into "
                + "a store of its own");
        assertThat(target.size()).isZero();
    }

    /** Variable-size records of version 2 ({@link #VERSION_2}: a 12-byte fixed part), 12 to 20 bytes each. */
    private Path writeVariable(List<byte[]> records, String name) throws IOException {
        VariableRecordStore store = VariableRecordStore.heap(VERSION_2.recordSize());
        records.forEach(store::append);
        Path file = dir.resolve(name);
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            VariableBatchFileWriter writer = VariableBatchFileWriter.open(out, VERSION_2, 3, 1 << 16,
                    TestRecords.SYNC);
            writer.write(store);
            writer.finish();
        }
        return file;
    }

    private static List<byte[]> variableRecords(int count) {
        SplittableRandom random = new SplittableRandom(11);
        List<byte[]> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] record = new byte[12 + random.nextInt(9)];
            random.nextBytes(record);
            records.add(record);
        }
        return records;
    }

    @Test
    void fixedWidthCodeReadsTheFixedPartItKnowsOfALaterVersionsVariableSizeRecords() throws IOException {
        List<byte[]> records = variableRecords(8);
        Path file = writeVariable(records, "v2.sdob");
        byte[] prefixes = new byte[8 * 8];
        for (int i = 0; i < 8; i++) {
            System.arraycopy(records.get(i), 0, prefixes, 8 * i, 8);
        }
        WrittenBatch seekable = BatchFileReader.readWritten(Files.newByteChannel(file), VERSION_1, "v2");
        WrittenBatch streamed = BatchFileReader.readWritten(
                Channels.newChannel(new ByteArrayInputStream(Files.readAllBytes(file))), VERSION_1, "v2");
        for (WrittenBatch batch : new WrittenBatch[] {seekable, streamed}) {
            assertThat(batch.writer()).isEqualTo(VERSION_1);
            assertThat(batch.store().recordSize()).isEqualTo(8);
            assertThat(TestRecords.contents(batch.store())).isEqualTo(prefixes);
        }
        RecordStore target = RecordStore.heap(8);
        target.append(new byte[8]);
        BatchFileReader.read(Files.newByteChannel(file), VERSION_1, "v2", target);
        assertThat(target.size()).isEqualTo(9);
        assertThat(Arrays.copyOfRange(TestRecords.contents(target), 8, 72)).isEqualTo(prefixes);

        IncompatibleBatchException mapped = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileMapper.map(file, VERSION_1));
        assertThat(mapped.getMessage()).isEqualTo(file + ": file header at byte offset 16: the file holds "
                + "variable-size records of at least 12 bytes (format version 2), expected 8-byte records of " + NAME
                + " (schema version 2 wrote them, the reader is version 1): records of the other kind cannot be "
                + "used in place; read the file (XBatch.readFrom, BatchFileReader), which converts each record");
    }

    @Test
    void codeOfAVersionWithVariableSizeRecordsReadsAnEarlierVersionsFixedWidthRecords() throws IOException {
        Path file = write(VERSION_1, 7, "v1.sdob");
        byte[] records = TestRecords.records(7, 8, 7);
        WrittenVariableBatch seekable = BatchFileReader.readVariableWritten(Files.newByteChannel(file), VERSION_2,
                "v1");
        WrittenVariableBatch streamed = BatchFileReader.readVariableWritten(
                Channels.newChannel(new ByteArrayInputStream(Files.readAllBytes(file))), VERSION_2, "v1");
        for (WrittenVariableBatch batch : new WrittenVariableBatch[] {seekable, streamed}) {
            assertThat(batch.writer()).isEqualTo(VERSION_1);
            assertThat(batch.store().size()).isEqualTo(7);
            for (int i = 0; i < 7; i++) {
                assertThat(batch.store().toByteArray(i)).isEqualTo(Arrays.copyOfRange(records, 8 * i, 8 * i + 8));
            }
        }
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileMapper.mapVariable(file, VERSION_2)).getMessage())
                .contains("the file holds 8-byte records, expected variable-size records of at least 12 bytes of "
                        + NAME + " (schema version 1 wrote them, the reader is version 2)")
                .endsWith("read the file (XBatch.readFrom, BatchFileReader), which converts each record");
    }

    @Test
    void recordsOfTheOtherKindAreRefusedWhereNoVersionCouldHaveWrittenThem() throws IOException {
        Path variableV2 = writeVariable(variableRecords(2), "v2.sdob");
        Path fixedV4 = write(VERSION_4, 2, "v4.sdob");
        RecordIdentity v4 = new RecordIdentity(NAME, 4, V3, 20, Map.of(1, V1, 2, V2, 4, V3));
        // A later fixed-width version of a variable-size record, or an earlier variable-size one of a fixed-width.
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileReader.read(variableV2, v4)).getMessage())
                .endsWith("expected 20-byte records of " + NAME);
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileReader.readVariable(fixedV4, VERSION_2)).getMessage())
                .endsWith("expected variable-size records of at least 12 bytes of " + NAME);
    }

    /** {@code file} with its header's magic damaged, so that a recovery takes what it needs from the footer. */
    private static Path damageHeader(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        bytes[0] ^= 0x55;
        Files.write(file, bytes);
        return file;
    }

    @Test
    void aRecoveryKeepsAnotherVersionsRecordsAndSaysWhichVersionWroteThem() throws IOException {
        RecoveredBatch newer = BatchFileRecovery.recover(write(VERSION_4, 5, "v4.sdob"), VERSION_1);
        assertThat(newer.writer()).isEqualTo(VERSION_4);
        assertThat(newer.isIntact()).isTrue();
        assertThat(TestRecords.contents(newer.records())).isEqualTo(TestRecords.records(5, 20, 7));

        RecoveredBatch older = BatchFileRecovery.recover(damageHeader(write(VERSION_1, 5, "v1.sdob")), VERSION_4);
        assertThat(older.writer()).isEqualTo(VERSION_1);
        assertThat(older.records().recordSize()).isEqualTo(8);
        assertThat(TestRecords.contents(older.records())).isEqualTo(TestRecords.records(5, 8, 7));
        assertThat(older.damages()).hasSize(1);
        assertThat(older.recordsLost()).isZero();

        RecordIdentity variableV1 = new RecordIdentity(NAME, 1, V1, 12);
        VariableRecordStore store = VariableRecordStore.heap(12);
        variableRecords(4).forEach(store::append);
        Path variable = dir.resolve("variable.sdob");
        VariableBatchFileWriter.write(store, variableV1, variable);
        RecoveredVariableBatch variableOlder = BatchFileRecovery.recoverVariable(damageHeader(variable), VERSION_2);
        assertThat(variableOlder.writer()).isEqualTo(variableV1);
        assertThat(VariableTestRecords.contents(variableOlder.records()))
                .containsExactlyElementsOf(variableRecords(4));
    }

    @Test
    void withADamagedHeaderALaterVersionsFileCannotBeRecoveredByCodeThatDoesNotKnowItsFingerprint()
            throws IOException {
        Path file = damageHeader(write(VERSION_4, 5, "v4.sdob"));
        IncompatibleBatchException e = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileRecovery.recover(file, VERSION_2));
        assertThat(e.getMessage()).contains("footer").endsWith("schema fingerprint 0x3333000000000003 and record "
                + "size 20, expected 0x2222000000000002 and 12 of " + NAME + " version 2, or the fingerprint and a "
                + "record size of an earlier version it knows (the header, which says which version wrote the file, "
                + "is damaged)");
        RecordIdentity tooLarge = new RecordIdentity(NAME, 4, V3, 20, Map.of(1, V1, 2, V2, 4, V3));
        Path v2 = damageHeader(write(new RecordIdentity(NAME, 2, V2, 24, Map.of(1, V1, 2, V2)), 2, "big.sdob"));
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileRecovery.recover(v2, tooLarge)).getMessage()).contains("record size 24");
    }

    @Test
    void identitiesTellWhichVersionsTheyCanRead() {
        assertThat(VERSION_1.canRead(VERSION_4)).isTrue();
        assertThat(VERSION_4.canRead(VERSION_1)).isTrue();
        assertThat(VERSION_4.fingerprintOf(3)).hasValue(V2);
        assertThat(VERSION_4.fingerprintOf(5)).isEmpty();
        assertThat(VERSION_1.canRead(new RecordIdentity(NAME, 2, V2, 8, Map.of(1, V1, 2, V2)))).isTrue();
        assertThat(VERSION_1.canRead(new RecordIdentity(NAME, 2, V2, 7, Map.of(1, V1, 2, V2)))).isFalse();
        assertThat(VERSION_1.canRead(new RecordIdentity("other", 2, V2, 12, Map.of(1, V1, 2, V2)))).isFalse();
        assertThat(VERSION_2.canRead(new RecordIdentity(NAME, 2, V2, 12))).isTrue();
        assertThat(VERSION_1.canRead(new RecordIdentity(NAME, 2, V2, 12))).isFalse();
    }

    @FunctionalInterface
    private interface Reader {
        Object read(Path file, RecordIdentity expected) throws IOException;
    }

    private static final Reader[] READERS = {
        BatchFileReader::read,
        BatchFileMapper::map,
        BatchFileRecovery::recover,
    };
}
