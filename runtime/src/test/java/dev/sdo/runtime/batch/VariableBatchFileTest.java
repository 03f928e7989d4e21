package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.VariableTestRecords.MIN_BYTES;
import static dev.sdo.runtime.batch.VariableTestRecords.PERSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sdo.runtime.Flyweight;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of variable-size records (format version 2): round trips through the writer, the forward reader and the
 * mapper; where blocks are cut; and every flipped byte and truncation of a small file detected where it is, with
 * recovery keeping exactly the intact blocks.
 */
class VariableBatchFileTest {
    private static final int PER_BLOCK = 3;
    private static final int BLOCK_DATA = 60;

    @TempDir
    Path directory;

    private List<byte[]> records;
    private byte[] file;
    private List<VariableTestRecords.Block> blocks;
    private Path path;

    @BeforeEach
    void writeFile() throws IOException {
        records = VariableTestRecords.records(13, 30, 21);
        file = VariableTestRecords.file(VariableTestRecords.store(records, ChunkAllocation.HEAP, 100), PER_BLOCK,
                BLOCK_DATA);
        blocks = VariableTestRecords.blocks(file);
        path = directory.resolve("people.sdob");
    }

    @Test
    void theHeaderSaysVersion3AndFlagsTheRecordSizeAsVariable() {
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(bytes.getInt(8)).isEqualTo(3);
        assertThat(bytes.getInt(16)).isEqualTo(0x8000_0000 | MIN_BYTES);
        assertThat(file.length % 8).isZero();
    }

    @Test
    void theHeaderCarriesTheVersionTableAfterTheRecordName() {
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int table = (56 + PERSON.recordName().length() + 7) & ~7;
        assertThat(bytes.getInt(table)).isEqualTo(1);
        assertThat(bytes.getInt(table + 8)).isEqualTo(1);
        assertThat(bytes.getLong(table + 16)).isEqualTo(PERSON.fingerprint());
        assertThat(bytes.getInt(12)).isEqualTo((table + 8 + 16 + 4 + 7) & ~7);
    }

    @Test
    void aFormatOneHeaderWithTheVariableSizeFlagIsCorrupt() {
        byte[] forged = file.clone();
        ByteBuffer bytes = ByteBuffer.wrap(forged).order(ByteOrder.LITTLE_ENDIAN);
        int length = bytes.getInt(12);
        bytes.putInt(8, 1);
        CRC32C crc = new CRC32C();
        crc.update(forged, 0, length - 4);
        bytes.putInt(length - 4, (int) crc.getValue());
        CorruptBatchException e = catchThrowableOfType(CorruptBatchException.class,
                () -> VariableTestRecords.read(forged));
        assertThat(e).hasMessage("test.sdob: file header at byte offset 16: format version 1 with the variable-size "
                + "flag in the record size field: only files of format version 2 and later hold variable-size records");
    }

    @Test
    void aFileOfANewerVersionIsReadAndMappedAtItsWritersFixedPart() throws IOException {
        long v1 = PERSON.fingerprint();
        RecordIdentity version2 = new RecordIdentity(PERSON.recordName(), 2, 0x2222L, MIN_BYTES + 4,
                java.util.Map.of(1, v1, 2, 0x2222L));
        List<byte[]> newer = VariableTestRecords.records(9, 20, 5).stream()
                .map(record -> Arrays.copyOf(record, record.length + 4)).toList();
        VariableRecordStore store = VariableRecordStore.heap(MIN_BYTES + 4);
        newer.forEach(store::append);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VariableBatchFileWriter.write(store, version2, Channels.newChannel(out));
        Files.write(path, out.toByteArray());

        WrittenVariableBatch read = BatchFileReader.readVariableWritten(
                Channels.newChannel(new java.io.ByteArrayInputStream(out.toByteArray())), PERSON, "newer.sdob");
        WrittenVariableBatch mapped = BatchFileMapper.mapVariableWritten(path, PERSON, true);
        for (WrittenVariableBatch batch : List.of(read, mapped)) {
            assertThat(batch.writer()).isEqualTo(version2);
            assertThat(batch.store().minRecordSize()).isEqualTo(MIN_BYTES + 4);
            assertThat(VariableTestRecords.contents(batch.store())).containsExactlyElementsOf(newer);
        }
        // A reader of another version 1 refuses it: the file records version 1's fingerprint too.
        RecordIdentity otherFirst = new RecordIdentity(PERSON.recordName(), 1, v1 + 1, MIN_BYTES);
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileMapper.mapVariable(path, otherFirst))).hasMessageContaining("they disagree on version 1");
        assertThat(otherFirst.canRead(version2)).isFalse();
        assertThat(PERSON.canRead(version2)).isTrue();
    }

    @Test
    void aStoreMovesCursorsAndSizedReadersWithEachRecordsSize() {
        VariableRecordStore store = VariableTestRecords.store(records, ChunkAllocation.HEAP, 100);
        assertThat(store.chunkCount()).isGreaterThan(1);
        List<Integer> expected = records.stream().map(record -> record.length).toList();
        List<Integer> moved = new ArrayList<>();
        Flyweight cursor = new Flyweight() {
            @Override
            public void moveTo(ByteBuffer chunk, int offset) {
                throw new AssertionError("moved without a size");
            }

            @Override
            public void moveTo(ByteBuffer chunk, int offset, int size) {
                moved.add(size);
            }
        };
        store.forEach(cursor, c -> { });
        assertThat(moved).isEqualTo(expected);
        moved.clear();
        store.iterator(RecordReader.moving(cursor)).forEachRemaining(c -> { });
        assertThat(moved).isEqualTo(expected);
        assertThat(store.stream(RecordReader.sized((chunk, offset, size) -> size), true).toList()).isEqualTo(expected);
        RecordStore fixed = RecordStore.heap(4);
        fixed.appendBlank();
        assertThat(catchThrowableOfType(UnsupportedOperationException.class,
                () -> fixed.stream(RecordReader.sized((chunk, offset, size) -> size), false).toList()))
                .hasMessageContaining("needs the record's size");
    }

    @Test
    void blocksHoldAtMostBRecordsAndTheirBytesAndCarryTheirOffsets() {
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int next = 0;
        int cutByBytes = 0;
        for (VariableTestRecords.Block block : blocks) {
            assertThat(block.records()).isBetween(1, PER_BLOCK);
            int data = 0;
            int table = block.tableOffset();
            for (int j = 0; j < block.records(); j++) {
                byte[] record = records.get(next + j);
                assertThat(bytes.getInt(table + 4 * j)).isEqualTo(data);
                assertThat(Arrays.copyOfRange(file, block.offset() + 40 + data, block.offset() + 40 + data
                        + record.length)).isEqualTo(record);
                data += record.length;
            }
            assertThat(bytes.getInt(table + 4 * block.records())).isEqualTo(data);
            assertThat(block.payloadLength()).isEqualTo((data + 3) / 4 * 4 + 4 * (block.records() + 1));
            boolean full = block.records() == PER_BLOCK;
            boolean last = next + block.records() == records.size();
            if (!full && !last) {
                // cut because the next record would have taken the block past its byte limit
                assertThat(data + records.get(next + block.records()).length).isGreaterThan(BLOCK_DATA);
                cutByBytes++;
            }
            assertThat(data).isLessThanOrEqualTo(BLOCK_DATA);
            next += block.records();
        }
        assertThat(next).isEqualTo(records.size());
        assertThat(cutByBytes).isPositive();
        assertThat(blocks).anyMatch(block -> block.records() == PER_BLOCK);
    }

    @Test
    void whereBlocksAreCutDependsOnTheRecordsNotOnHowTheStoreIsChunked() throws IOException {
        byte[] oneChunk = VariableTestRecords.file(VariableTestRecords.store(records, ChunkAllocation.HEAP, 4096),
                PER_BLOCK, BLOCK_DATA);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VariableBatchFileWriter writer = VariableBatchFileWriter.open(Channels.newChannel(out), PERSON, PER_BLOCK,
                BLOCK_DATA, TestRecords.SYNC);
        for (byte[] record : records) {
            writer.write(ByteBuffer.wrap(record), 0, record.length);
        }
        writer.finish();
        assertThat(oneChunk).isEqualTo(file);
        assertThat(out.toByteArray()).isEqualTo(file);
    }

    @Test
    void aRecordLargerThanTheBlockLimitGetsABlockOfItsOwn() throws IOException {
        List<byte[]> withLarge = new ArrayList<>(records.subList(0, 3));
        withLarge.add(new byte[500]);
        withLarge.addAll(records.subList(3, 6));
        byte[] written = VariableTestRecords.file(VariableTestRecords.store(withLarge, ChunkAllocation.HEAP, 1000),
                PER_BLOCK, BLOCK_DATA);
        assertThat(VariableTestRecords.blocks(written)).extracting(VariableTestRecords.Block::records)
                .contains(1);
        assertThat(VariableTestRecords.contents(VariableTestRecords.read(written))).containsExactlyElementsOf(withLarge);
    }

    @Test
    void theReaderAndTheMapperGiveBackEveryRecord() throws IOException {
        assertThat(VariableTestRecords.contents(VariableTestRecords.read(file))).containsExactlyElementsOf(records);
        Files.write(path, file);
        VariableRecordStore mapped = BatchFileMapper.mapVariable(path, PERSON);
        assertThat(mapped.isReadOnly()).isTrue();
        assertThat(mapped.chunk(0)).isInstanceOf(MappedByteBuffer.class);
        assertThat(mapped.chunkCount()).isEqualTo(blocks.size());
        assertThat(VariableTestRecords.contents(mapped)).containsExactlyElementsOf(records);
        assertThat(mapped.recordBytes()).isEqualTo(records.stream().mapToLong(r -> r.length).sum());
        assertThat(VariableTestRecords.contents(BatchFileMapper.mapVariable(path, PERSON, false)))
                .containsExactlyElementsOf(records);
        assertThat(VariableTestRecords.contents(BatchFileReader.readVariable(path, PERSON)))
                .containsExactlyElementsOf(records);
        assertThat(BatchFileRecovery.recoverVariable(path, PERSON).isIntact()).isTrue();
    }

    @Test
    void blocksSpreadOverSeveralMappingsAreEachMappedInPlace() throws IOException {
        Files.write(path, file);
        VariableRecordStore mapped = BatchFileMapper.mapVariable(path, PERSON, true, 150).store();
        assertThat(VariableTestRecords.contents(mapped)).containsExactlyElementsOf(records);
        for (int k = 0; k + 1 < blocks.size(); k++) {
            assertThat(mapped.chunkFirstRecord(k + 1)).isEqualTo(mapped.chunkFirstRecord(k) + blocks.get(k).records());
        }
    }

    @Test
    void aWriterThatDiesMidwayLeavesItsCompleteBlocksRecoverable() throws IOException {
        try (var channel = java.nio.channels.FileChannel.open(path, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE)) {
            VariableBatchFileWriter writer = VariableBatchFileWriter.open(channel, PERSON, PER_BLOCK, BLOCK_DATA,
                    TestRecords.SYNC);
            writer.write(VariableTestRecords.store(records, ChunkAllocation.HEAP, 100));
            // the process dies here: no finish(), the pending records and the footer are never written
        }
        VariableTestRecords.Block last = blocks.get(blocks.size() - 1);
        assertThat(Files.size(path)).isLessThanOrEqualTo(last.offset());
        RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(path, PERSON);
        long size = Files.size(path);
        int written = blocks.stream().filter(block -> block.end() <= size)
                .mapToInt(VariableTestRecords.Block::records).sum();
        assertThat(written).isPositive();
        assertThat(VariableTestRecords.contents(recovered.records()))
                .containsExactlyElementsOf(records.subList(0, written));
        assertThat(recovered.lossIsExact()).isFalse();
    }

    @Test
    void anEmptyStoreMakesAFileWithNoBlocks() throws IOException {
        byte[] empty = VariableTestRecords.file(VariableRecordStore.heap(MIN_BYTES), PER_BLOCK, BLOCK_DATA);
        assertThat(VariableTestRecords.read(empty).size()).isZero();
        Files.write(path, empty);
        assertThat(BatchFileMapper.mapVariable(path, PERSON).size()).isZero();
    }

    @Test
    void fixedAndVariableReadersRefuseEachOthersFilesOfTheSameVersionUnlessEveryRecordIsItsFixedPart()
            throws IOException {
        Files.write(path, file);
        IncompatibleBatchException fixedMapper = catchThrowableOfType(IncompatibleBatchException.class,
                () -> BatchFileMapper.map(path, PERSON));
        assertThat(fixedMapper).hasMessage(path + ": file header at byte offset 16: the file holds variable-size "
                + "records of at least 6 bytes (format version 2), expected 6-byte records of "
                + "com.example.people.Person (schema version 1 wrote them, the reader is version 1): records of the "
                + "other kind cannot be used in place; read the file (XBatch.readFrom, BatchFileReader), which "
                + "converts each record");
        // A fixed-width version's records written as variable-size ones (relayed by a later version's code) are
        // read as they are; a longer record cannot be one of them.
        assertThat(records.get(0).length).isNotEqualTo(MIN_BYTES);
        assertThat(catchThrowableOfType(CorruptBatchException.class, () -> TestRecords.read(file, PERSON)))
                .hasMessageContaining("block 0 at byte offset ")
                .hasMessageContaining("record 0 of the block takes " + records.get(0).length
                        + " bytes, but records of com.example.people.Person version 1 are 6 bytes each");
        List<byte[]> fixedParts = VariableTestRecords.records(5, 1, 3);
        byte[] ofFixedParts = VariableTestRecords.file(VariableTestRecords.store(fixedParts, ChunkAllocation.HEAP,
                100), PER_BLOCK, BLOCK_DATA);
        assertThat(TestRecords.contents(TestRecords.read(ofFixedParts, PERSON)))
                .isEqualTo(TestRecords.contents(TestRecords.store(concat(fixedParts), MIN_BYTES,
                        ChunkAllocation.HEAP, 4)));
        byte[] fixedFile = TestRecords.file(TestRecords.store(new byte[12], MIN_BYTES, ChunkAllocation.HEAP, 4),
                PERSON, 4);
        assertThat(catchThrowableOfType(IncompatibleBatchException.class, () -> VariableTestRecords.read(fixedFile)))
                .hasMessageContaining("the file holds 6-byte records, expected variable-size records of at least 6 "
                        + "bytes of com.example.people.Person");
    }

    private static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        parts.forEach(out::writeBytes);
        return out.toByteArray();
    }

    @Test
    void offsetsThatPointOutsideTheBlockAreCorruptDataEvenWithMatchingChecksums() throws IOException {
        VariableTestRecords.Block block = blocks.get(1);
        for (int entry : new int[] {0, 1, block.records()}) {
            for (int value : new int[] {-1, 1 << 20, 2}) {
                byte[] forged = file.clone();
                ByteBuffer bytes = ByteBuffer.wrap(forged).order(ByteOrder.LITTLE_ENDIAN);
                int at = block.tableOffset() + 4 * entry;
                bytes.putInt(at, value);
                rechecksum(bytes, 1, block);
                String what = "entry " + entry + " = " + value;

                CorruptBatchException read = catchThrowableOfType(CorruptBatchException.class,
                        () -> VariableTestRecords.read(forged));
                assertThat(read).as(what).isNotNull();
                assertThat(read.block()).as(what).isEqualTo(1);
                assertThat(read.offset()).as(what + ": " + read.getMessage()).isBetween((long) block.tableOffset(),
                        (long) at);
                Files.write(path, forged);
                CorruptBatchException mapped = catchThrowableOfType(CorruptBatchException.class,
                        () -> BatchFileMapper.mapVariable(path, PERSON));
                assertThat(mapped).as(what).isNotNull();
                assertThat(mapped.getMessage()).as(what).startsWith(path + ": block 1 at byte offset ");
                RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(path, PERSON);
                assertThat(recovered.intactBlocks()).as(what).doesNotContain(1).hasSize(blocks.size() - 1);
                assertThat(recovered.recordsLost()).as(what).isEqualTo(block.records());
            }
        }
    }

    /** Makes the CRCs of block {@code k} (header, payload, footer entry) and of the footer match its bytes again. */
    private static void rechecksum(ByteBuffer bytes, int k, VariableTestRecords.Block block) {
        int payloadCrc = crc(bytes, block.offset() + 40, block.offset() + 40 + block.payloadLength());
        bytes.putInt(block.offset() + 32, payloadCrc);
        bytes.putInt(block.offset() + 36, crc(bytes, block.offset(), block.offset() + 36));
        int trailer = bytes.capacity() - 24;
        int footer = (int) bytes.getLong(trailer);
        bytes.putInt(footer + 56 + 16 * k + 12, payloadCrc);
        bytes.putInt(trailer + 12, crc(bytes, footer, trailer));
    }

    private static int crc(ByteBuffer bytes, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(bytes.duplicate().limit(to).position(from));
        return (int) crc.getValue();
    }

    @Test
    void everyFlippedByteIsDetectedWhereItIsAndRecoveryKeepsTheOtherBlocks() throws IOException {
        int footerAt = blocks.get(blocks.size() - 1).end();
        int headerLength = blocks.get(0).offset();
        for (int position = 0; position < file.length; position++) {
            for (int mask : new int[] {1 << (position % 8), 0xFF}) {
                byte[] damaged = file.clone();
                damaged[position] ^= (byte) mask;
                String what = "byte " + position + " ^ " + mask;
                VariableTestRecords.Block hit = blockAt(position);

                BatchFileException read = catchThrowableOfType(BatchFileException.class,
                        () -> VariableTestRecords.read(damaged));
                assertThat(read).as(what).isNotNull();
                assertReportedWhere(read, "test.sdob", position, hit, headerLength, footerAt, what);
                Files.write(path, damaged);
                BatchFileException mapped = catchThrowableOfType(BatchFileException.class,
                        () -> BatchFileMapper.mapVariable(path, PERSON));
                assertThat(mapped).as(what).isNotNull();
                assertReportedWhere(mapped, path.toString(), position, hit, headerLength, footerAt, what);

                RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(path, PERSON);
                boolean inPadding = hit != null && position >= hit.offset() + 40 + hit.payloadLength();
                List<byte[]> expected = new ArrayList<>();
                List<Integer> expectedBlocks = new ArrayList<>();
                int first = 0;
                for (int k = 0; k < blocks.size(); k++) {
                    VariableTestRecords.Block block = blocks.get(k);
                    if (block != hit || inPadding) {
                        expectedBlocks.add(k);
                        expected.addAll(records.subList(first, first + block.records()));
                    }
                    first += block.records();
                }
                assertThat(recovered.intactBlocks()).as(what).isEqualTo(expectedBlocks);
                assertThat(VariableTestRecords.contents(recovered.records())).as(what)
                        .containsExactlyElementsOf(expected);
                assertThat(recovered.recordsLost()).as(what).isEqualTo(hit == null || inPadding ? 0 : hit.records());
                assertThat(recovered.damages()).as(what).isNotEmpty();
            }
        }
    }

    private void assertReportedWhere(BatchFileException e, String source, int position,
            VariableTestRecords.Block hit, int headerLength, int footerAt, String what) {
        assertThat(e.getMessage()).as(what).startsWith(source + ": ").contains("byte offset " + e.offset());
        if (position < headerLength) {
            assertThat(e.section()).as(what + ": " + e.getMessage()).isEqualTo("file header");
            assertThat(e.offset()).as(what).isBetween(0L, (long) position);
        } else if (hit != null) {
            assertThat(e.block()).as(what + ": " + e.getMessage()).isEqualTo(blocks.indexOf(hit));
            assertThat(e.getMessage()).as(what).contains("block " + e.block() + " at byte offset ");
            assertThat(hit.contains(e.offset())).as(what + ": " + e.getMessage()).isTrue();
        } else {
            assertThat(e.offset()).as(what + ": " + e.getMessage()).isBetween((long) footerAt, (long) Integer.MAX_VALUE);
        }
    }

    private VariableTestRecords.Block blockAt(long position) {
        return blocks.stream().filter(block -> block.contains(position)).findFirst().orElse(null);
    }

    @Test
    void everyTruncationIsDetectedAndRecoveryKeepsTheCompleteBlocks() throws IOException {
        int headerLength = blocks.get(0).offset();
        for (int length = 0; length < file.length; length++) {
            byte[] truncated = Arrays.copyOf(file, length);
            String what = "truncated to " + length + " bytes";
            assertThat(catchThrowableOfType(TruncatedBatchException.class, () -> VariableTestRecords.read(truncated)))
                    .as(what).isNotNull();
            Files.write(path, truncated);
            assertThat(catchThrowableOfType(TruncatedBatchException.class,
                    () -> BatchFileMapper.mapVariable(path, PERSON))).as(what).isNotNull();
            if (length < headerLength) {
                assertThat(catchThrowableOfType(BatchFileException.class,
                        () -> BatchFileRecovery.recoverVariable(path, PERSON))).as(what).isNotNull();
                continue;
            }
            RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(path, PERSON);
            List<Integer> complete = new ArrayList<>();
            int completeRecords = 0;
            for (int k = 0; k < blocks.size(); k++) {
                if (blocks.get(k).end() <= length) {
                    complete.add(k);
                    completeRecords += blocks.get(k).records();
                }
            }
            assertThat(recovered.intactBlocks()).as(what).isEqualTo(complete);
            assertThat(VariableTestRecords.contents(recovered.records())).as(what)
                    .containsExactlyElementsOf(records.subList(0, completeRecords));
            assertThat(recovered.lossIsExact()).as(what).isFalse();
            assertThat(recovered.damages()).as(what).isNotEmpty();
        }
    }
}
