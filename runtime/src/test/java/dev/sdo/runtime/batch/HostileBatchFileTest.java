package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.VariableData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Spliterator;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files crafted as an attacker or a careless user would: checksum-valid parts that claim more than the file holds,
 * records whose own size disagrees with the offsets table, footers that point outside the file. Each is refused
 * with a {@link BatchFileException} naming the file and offset (or a {@link CorruptDataException} naming the
 * record), having allocated no more than a bound proportional to the file's bytes.
 */
class HostileBatchFileTest {
    /** Far below the claims of these files (a gigabyte), far above what reading their few bytes needs. */
    private static final long ALLOCATION_BOUND = 32L << 20;
    private static final String NAME = "com.example.Quote";
    private static final RecordIdentity TRADE = GeneratedStyleBatchTest.TradeBatch.TYPE.identity();
    private static final long V1 = 0x1111_0000_0000_0001L;
    private static final long V2 = 0x2222_0000_0000_0002L;

    @TempDir
    Path dir;

    /**
     * A 216-byte file of 27-byte Trades whose header (B = 39,768,215) and first block, CRCs intact, claim 39,768,215
     * records: a gigabyte of records, of which the file holds 64 bytes.
     */
    private static byte[] tradeFileClaimingAGigabyte() throws IOException {
        int perBlock = 39_768_215;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // Written with small blocks (a writer of such blocks would gather a gigabyte), then forged.
        BatchFileWriter writer = BatchFileWriter.open(Channels.newChannel(out), TRADE, 8, TestRecords.SYNC);
        writer.write(TestRecords.store(TestRecords.records(3, 27, 1), 27, ChunkAllocation.HEAP, 8));
        writer.finish();
        byte[] file = Arrays.copyOf(out.toByteArray(), 216);
        int block = Forge.little(file).getInt(12);
        Forge.little(file).putInt(20, perBlock).putInt(block - 4, Forge.crc(file, 0, block - 4));
        Forge.little(file).putInt(block + 20, perBlock).putLong(block + 24, 27L * perBlock);
        Forge.little(file).putInt(block + 36, Forge.crc(file, block, block + 36));
        return file;
    }

    private static ReadableByteChannel stream(byte[] file) {
        return Channels.newChannel(new ByteArrayInputStream(file));
    }

    /** Runs {@code read}, which must throw {@code type}; returns it after checking what the read allocated. */
    private static <E extends Throwable> E refusedWithin(Class<E> type, ThrowingRead read) {
        long before = Forge.allocatedBytes();
        E refused = catchThrowableOfType(type, read::run);
        assertThat(Forge.allocatedBytes() - before).as("bytes allocated").isLessThan(ALLOCATION_BOUND);
        assertThat(refused).as("the refusal").isNotNull();
        return refused;
    }

    @FunctionalInterface
    private interface ThrowingRead {
        void run() throws Exception;
    }

    @Test
    void aBlockClaimingAGigabyteInA216ByteFileIsRefusedBeforeAnythingIsAllocatedForIt() throws IOException {
        byte[] file = tradeFileClaimingAGigabyte();
        assertThat(file).hasSize(216);
        Path path = Files.write(dir.resolve("claim.sdob"), file);

        TruncatedBatchException fromFile = refusedWithin(TruncatedBatchException.class, () -> {
            try (FileChannel channel = FileChannel.open(path)) {
                GeneratedStyleBatchTest.TradeBatch.readFrom(channel);
            }
        });
        assertThat(fromFile.getMessage()).isEqualTo("input: block 0 at byte offset 112: the file ends at byte "
                + "offset 216, but block 0 claims 1073741808 more bytes from byte offset 152");
        TruncatedBatchException fromStream = refusedWithin(TruncatedBatchException.class,
                () -> BatchFileReader.read(stream(file), TRADE, "claim.sdob"));
        assertThat(fromStream.getMessage()).startsWith("claim.sdob: block 0 at byte offset 112: the file ends at "
                + "byte offset 216");
        refusedWithin(TruncatedBatchException.class, () -> BatchFileReader.read(path, TRADE));
        refusedWithin(BatchFileException.class, () -> BatchFileMapper.map(path, TRADE));
        RecoveredBatch recovered = BatchFileRecovery.recover(path, TRADE);
        assertThat(recovered.records().size()).isZero();
        assertThat(recovered.recordsLost()).isEqualTo(39_768_215);
    }

    /** A file of variable-size records whose first block, CRCs intact, claims {@code payload} bytes. */
    private static byte[] variableFileClaiming(long payload, RecordIdentity identity, int records)
            throws IOException {
        VariableRecordStore store = VariableRecordStore.heap(identity.recordSize());
        VariableTestRecords.records(records, 10, 3).forEach(record -> store.append(
                Arrays.copyOf(record, Math.max(record.length, identity.recordSize()))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VariableBatchFileWriter writer = VariableBatchFileWriter.open(Channels.newChannel(out), identity, 4, 1 << 20,
                TestRecords.SYNC);
        writer.write(store);
        writer.finish();
        byte[] file = out.toByteArray();
        int block = Forge.little(file).getInt(12);
        Forge.little(file).putLong(block + 24, payload);
        Forge.little(file).putInt(block + 36, Forge.crc(file, block, block + 36));
        return file;
    }

    @Test
    void aVariableSizeBlockClaimingAGigabyteOnAStreamGetsRoomOnlyForTheBytesThatArrive() throws IOException {
        long claim = (1L << 30) + 4 * 5;
        byte[] file = variableFileClaiming(claim, VariableTestRecords.PERSON, 4);
        TruncatedBatchException e = refusedWithin(TruncatedBatchException.class,
                () -> BatchFileReader.readVariable(stream(file), VariableTestRecords.PERSON, "claim.sdob"));
        assertThat(e.getMessage()).startsWith("claim.sdob: block 0 at byte offset ").contains("the file ends at");
        Path path = Files.write(dir.resolve("claim.sdob"), file);
        refusedWithin(TruncatedBatchException.class,
                () -> BatchFileReader.readVariable(path, VariableTestRecords.PERSON));
        refusedWithin(BatchFileException.class, () -> BatchFileMapper.mapVariable(path, VariableTestRecords.PERSON));
    }

    @Test
    void aFixedWidthReaderConvertingALaterVersionsVariableSizeFileAllocatesNothingForAForgedBlock()
            throws IOException {
        RecordIdentity fixedV1 = new RecordIdentity(NAME, 1, V1, 8);
        RecordIdentity variableV2 = new RecordIdentity(NAME, 2, V2, 12, Map.of(1, V1, 2, V2));
        byte[] file = variableFileClaiming((1L << 30) + 4 * 5, variableV2, 4);
        TruncatedBatchException e = refusedWithin(TruncatedBatchException.class,
                () -> BatchFileReader.read(stream(file), fixedV1, "v2.sdob"));
        assertThat(e.getMessage()).startsWith("v2.sdob: block 0 at byte offset ");
    }

    @Test
    void aFooterThatIndexesABlockAtANegativeOffsetIsDamageNotAnIndexError() throws IOException {
        byte[] file = TestRecords.file(TestRecords.store(TestRecords.records(6, 27, 5), 27, ChunkAllocation.HEAP, 4),
                TRADE, 2);
        Forge.Field offset = Forge.fields(file).stream().filter(f -> f.name().equals("footer block 0 offset"))
                .findFirst().orElseThrow();
        byte[] forged = Forge.forge(file, offset, -8);
        Path intactHeader = Files.write(dir.resolve("footer.sdob"), forged);
        RecoveredBatch recovered = BatchFileRecovery.recover(intactHeader, TRADE);
        assertThat(TestRecords.contents(recovered.records())).isEqualTo(TestRecords.records(6, 27, 5));
        assertThat(recovered.lossIsExact()).isFalse();
        assertThat(recovered.damages()).singleElement().satisfies(damage -> assertThat(damage.description())
                .contains("block 0 is indexed at byte offset -8"));
        assertThatThrownBy(() -> BatchFileMapper.map(intactHeader, TRADE))
                .isInstanceOf(CorruptBatchException.class).hasMessageContaining("footer at byte offset");

        forged[20] ^= 1; // and the header damaged: nothing tells where the blocks are
        Path bothDamaged = Files.write(dir.resolve("both.sdob"), forged);
        assertThatThrownBy(() -> BatchFileRecovery.recover(bothDamaged, TRADE))
                .isInstanceOf(CorruptBatchException.class).hasMessageStartingWith(bothDamaged + ": file header");
    }

    @Test
    void aFileOfAVersionWhoseRecordSizeTheCodeKnowsOtherwiseIsAnIncompatibleFileNotAnArgumentError()
            throws IOException {
        // Version 1 of the record is 11 bytes; the file, checksums intact, says its version-1 records are 5.
        RecordIdentity reader = new RecordIdentity(NAME, 2, V2, 16, Map.of(1, V1, 2, V2));
        RecordType<Object, Cursor> type = new RecordType<>(reader, writer -> new Cursor(),
                (chunk, offset, writer, size) -> new Cursor(), (record, chunk, offset) -> { }, null, writer -> {
                    if (writer.version() == 1 && writer.fixedBytes() != 11) {
                        throw new IllegalArgumentException("Quote: version 1 records are 11 bytes, not "
                                + writer.fixedBytes());
                    }
                }, null);
        byte[] file = TestRecords.file(TestRecords.store(TestRecords.records(3, 5, 2), 5, ChunkAllocation.HEAP, 4),
                new RecordIdentity(NAME, 1, V1, 5), 2);
        IncompatibleBatchException fromStream = catchThrowableOfType(IncompatibleBatchException.class,
                () -> FixedBatch.fileRecords(type, stream(file)));
        assertThat(fromStream.getMessage()).isEqualTo("input: file header at byte offset 16: Quote: version 1 "
                + "records are 11 bytes, not 5");
        Path path = Files.write(dir.resolve("v1.sdob"), file);
        assertThat(catchThrowableOfType(IncompatibleBatchException.class,
                () -> FixedBatch.mappedRecords(type, path)).getMessage()).startsWith(path + ": file header");
    }

    /**
     * A flyweight of records that keep their size in their first 4 bytes, as a generated record keeps its last end
     * slot: what {@link Flyweight#byteSize()} reads.
     */
    static final class Cursor implements Flyweight {
        private ByteBuffer chunk;
        private int offset;

        @Override
        public void moveTo(ByteBuffer chunk, int offset) {
            this.chunk = chunk;
            this.offset = offset;
        }

        @Override
        public int byteSize() {
            return chunk.order(ByteOrder.LITTLE_ENDIAN).getInt(offset);
        }
    }

    /** Records of 8, 9 and 10 bytes, each saying its size, but record 1 says 5 bytes more: the next record's. */
    private static VariableRecordStore recordsOneOfWhichOverreaches() {
        VariableRecordStore store = VariableRecordStore.heap(4);
        for (int size = 8; size <= 10; size++) {
            byte[] record = new byte[size];
            ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN).putInt(0, size == 9 ? size + 5 : size);
            store.append(record);
        }
        return store;
    }

    @Test
    void everyCursorIteratorAndSpliteratorRefusesARecordThatSaysItRunsIntoTheNext() {
        VariableRecordStore store = recordsOneOfWhichOverreaches();
        String problem = "record 1 (counted from 0) says it takes 14 bytes, but the offsets index gives it 9: its "
                + "data would run into the next record";
        assertThatThrownBy(() -> store.forEach(new Cursor(), cursor -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        assertThatThrownBy(() -> store.iterator(RecordReader.moving(new Cursor())).forEachRemaining(c -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        Spliterator<Cursor> cursors = store.flyweightSpliterator(Cursor::new);
        assertThatThrownBy(() -> cursors.forEachRemaining(c -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        Spliterator<Cursor> oneByOne = store.flyweightSpliterator(Cursor::new);
        assertThat(oneByOne.tryAdvance(c -> { })).isTrue();
        assertThatThrownBy(() -> oneByOne.tryAdvance(c -> { })).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> StreamSupport.stream(store.flyweightSpliterator(Cursor::new), true)
                .forEach(c -> { })).isInstanceOf(CorruptDataException.class);
        // Records that say their own size pass.
        VariableRecordStore intact = VariableRecordStore.heap(4);
        intact.append(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 8).array());
        assertThat(StreamSupport.stream(intact.flyweightSpliterator(Cursor::new), false).count()).isEqualTo(1);
    }

    /**
     * A flyweight of records with two variable-length fields, as generated: the first field's end slot at byte 0, the
     * second's (the record's size) at byte 4, the data from byte 8; {@link #checkedByteSize()} walks the slots as a
     * generated record's does.
     */
    static final class TwoFields implements Flyweight {
        private ByteBuffer chunk;
        private int offset;

        @Override
        public void moveTo(ByteBuffer chunk, int offset) {
            this.chunk = chunk.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            this.offset = offset;
        }

        @Override
        public int byteSize() {
            return chunk.getInt(offset + 4);
        }

        @Override
        public int checkedByteSize() {
            int end = VariableData.nextEnd("Two.a", 8, chunk.getInt(offset));
            end = VariableData.nextEnd("Two.b", end, chunk.getInt(offset + 4));
            return VariableData.dataWithin("Two", end, byteSize());
        }

        /** The first field's data, as a getter bounded by the buffer (not the record) reads it. */
        String first() {
            byte[] bytes = new byte[chunk.getInt(offset) - 8];
            chunk.get(offset + 8, bytes);
            return new String(bytes, java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    /**
     * Records of 10, 11 and 12 bytes whose own sizes are right, but record 1's first field ends 5 bytes into record 2:
     * the record's size agrees with the offsets index, and only its first end slot reaches outside it.
     */
    private static VariableRecordStore recordsWhoseFirstFieldOverreaches() {
        VariableRecordStore store = VariableRecordStore.heap(8);
        for (int size = 10; size <= 12; size++) {
            ByteBuffer record = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
            record.putInt(0, size == 11 ? size + 5 : 9).putInt(4, size);
            for (int i = 8; i < size; i++) {
                record.put(i, (byte) ('a' + size - 10));
            }
            store.append(record.array());
        }
        return store;
    }

    @Test
    void aFieldWhoseEndSlotReachesIntoTheNextRecordIsRefusedByEveryCursorThoughTheRecordsSizeIsRight() {
        VariableRecordStore store = recordsWhoseFirstFieldOverreaches();
        TwoFields unchecked = new TwoFields();
        unchecked.moveTo(store.chunk(0), 10);
        assertThat(unchecked.byteSize()).as("the size the offsets index gives").isEqualTo(11);
        assertThat(unchecked.first()).as("what a getter bounded by the buffer would return: 3 bytes of its own, 5 of "
                + "record 2's").hasSize(8).startsWith("bbb");
        String problem = "record 1 (counted from 0): Two.b: its data ends at byte 11, before it starts at byte 16 "
                + "(the end of the data before it): the record's end slots must ascend";
        assertThatThrownBy(() -> store.forEach(new TwoFields(), cursor -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        assertThatThrownBy(() -> store.iterator(RecordReader.moving(new TwoFields())).forEachRemaining(c -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        assertThatThrownBy(() -> store.flyweightSpliterator(TwoFields::new).forEachRemaining(c -> { }))
                .isInstanceOf(CorruptDataException.class).hasMessage(problem);
        assertThatThrownBy(() -> StreamSupport.stream(store.flyweightSpliterator(TwoFields::new), true)
                .forEach(c -> { })).isInstanceOf(CorruptDataException.class);
        // The records before it are handed out.
        java.util.List<String> firsts = new java.util.ArrayList<>();
        assertThatThrownBy(() -> store.forEach(new TwoFields(), cursor -> firsts.add(cursor.first())))
                .isInstanceOf(CorruptDataException.class);
        assertThat(firsts).containsExactly("a");
    }

    /** A batch as the compiler generates it for records of variable size, over {@link Cursor}'s records. */
    static final class SizedBatch extends VariableBatch<Object, Cursor, SizedBatch> {
        private static final long serialVersionUID = 1L;
        static final RecordType<Object, Cursor> TYPE = RecordType.variable(
                new RecordIdentity("com.example.Sized", 1, 0x512EDL, 4), writer -> new Cursor(),
                (chunk, offset, writer, size) -> {
                    Cursor view = new Cursor();
                    view.moveTo(chunk, offset);
                    if (view.byteSize() != size) {
                        throw new CorruptDataException("Sized: the record says it has " + view.byteSize()
                                + " bytes, its container says " + size);
                    }
                    return view;
                }, (record, chunk, offset) -> { }, record -> 4);

        SizedBatch(VariableRecordStore store) {
            super(storeRecords(TYPE, store));
        }

        private SizedBatch(WrittenVariableBatch records) {
            super(records);
        }

        @Override
        protected RecordType<Object, Cursor> type() {
            return TYPE;
        }

        @Override
        protected SizedBatch with(WrittenVariableBatch records) {
            return new SizedBatch(records);
        }
    }

    @Test
    void aBatchRefusesARecordThatRunsIntoTheNextFromEveryPathGetsDo() {
        SizedBatch batch = new SizedBatch(recordsOneOfWhichOverreaches());
        assertThatThrownBy(() -> batch.get(1)).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> batch.forEachCursor(record -> { })).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("record 1 (counted from 0) says it takes 14 bytes");
        assertThatThrownBy(() -> batch.forEach(record -> { })).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> batch.iterator().forEachRemaining(record -> { }))
                .isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> batch.stream().forEach(record -> { })).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> batch.sortedBy(Cursor::byteSize)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("a record says it takes 14 bytes");
        assertThatThrownBy(() -> batch.sortedBy(java.util.Comparator.comparingInt(Cursor::byteSize)))
                .isInstanceOf(CorruptDataException.class);
    }
}
