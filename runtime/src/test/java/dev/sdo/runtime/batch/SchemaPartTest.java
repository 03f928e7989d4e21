package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema part of format 3 (docs/batch-file-format.md): written, read back, checked, and older files still read. */
class SchemaPartTest {
    private static final int RECORDS = 7;
    private static final byte[] RECORD_BYTES = TestRecords.records(RECORDS, TestRecords.TRADE_BYTES, 5);
    /** A descriptor of 13 bytes: the fingerprint, then bytes the batch layer carries without reading them. */
    private static final EmbeddedSchema SCHEMA = schema(TestRecords.TRADE.fingerprint(), 1, 2, 3, 4, 5);
    private static final RecordIdentity WITH_SCHEMA = TestRecords.TRADE.withSchema(SCHEMA);
    /** A descriptor of version 2, stored compressed: its names repeat, as a real descriptor's do. */
    private static final EmbeddedSchema SECOND = secondVersion(TestRecords.TRADE.fingerprint(), 600);
    private static final RecordIdentity WITH_SECOND = TestRecords.TRADE.withSchema(SECOND);

    @TempDir
    Path directory;

    private static EmbeddedSchema schema(long fingerprint, int... rest) {
        ByteBuffer bytes = ByteBuffer.allocate(8 + rest.length).order(ByteOrder.LITTLE_ENDIAN).putLong(fingerprint);
        for (int b : rest) {
            bytes.put((byte) b);
        }
        return EmbeddedSchema.of(bytes.array());
    }

    /** The fingerprint, version 2, then {@code names} repetitions of a field name and a few varying bytes. */
    private static EmbeddedSchema secondVersion(long fingerprint, int names) {
        ByteBuffer bytes = ByteBuffer.allocate(12 + 20 * names).order(ByteOrder.LITTLE_ENDIAN).putLong(fingerprint)
                .putInt(2);
        for (int i = 0; i < names; i++) {
            bytes.put("settlementDate".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(i).putShort((short) 7);
        }
        return EmbeddedSchema.of(bytes.array());
    }

    private static byte[] file(RecordIdentity identity) throws IOException {
        return TestRecords.file(TestRecords.store(RECORD_BYTES, TestRecords.TRADE_BYTES, ChunkAllocation.HEAP, 3),
                identity, 3);
    }

    @Test
    void theSchemaPartFollowsTheHeaderAndEveryReaderReturnsIt() throws IOException {
        byte[] file = file(WITH_SCHEMA);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        int tableAt = (56 + "com.example.trade.Trade".length() + 7) & ~7;
        assertThat(le.getInt(8)).isEqualTo(3);
        assertThat(le.getInt(tableAt + 4)).isEqualTo(13 + 4);
        assertThat(le.getLong(length)).isEqualTo(TestRecords.TRADE.fingerprint());
        CRC32C crc = new CRC32C();
        crc.update(file, length, 13);
        assertThat(le.getInt(length + 13)).isEqualTo((int) crc.getValue());
        // Padding to 8, then block 0 with the sync marker.
        assertThat(Arrays.copyOfRange(file, length + 24, length + 40)).isEqualTo(TestRecords.SYNC);

        Path path = directory.resolve("t.sdob");
        Files.write(path, file);
        assertThat(BatchFileReader.readWritten(Channels.newChannel(new java.io.ByteArrayInputStream(file)),
                TestRecords.TRADE, "t").writer()).isEqualTo(WITH_SCHEMA);
        WrittenBatch mapped = BatchFileMapper.mapWritten(path, TestRecords.TRADE, true);
        assertThat(mapped.writer().schema()).isEqualTo(SCHEMA);
        assertThat(TestRecords.contents(mapped.store())).isEqualTo(RECORD_BYTES);
        RecoveredBatch recovered = BatchFileRecovery.recover(path, TestRecords.TRADE);
        assertThat(recovered.damages()).isEmpty();
        assertThat(TestRecords.contents(recovered.records())).isEqualTo(RECORD_BYTES);
        assertThat(BatchFileDescription.of(path)).isEqualTo(new BatchFileDescription(WITH_SCHEMA, false, length));
    }

    @Test
    void aVersionTwoDescriptorIsStoredCompressedAndReadsBackAsItWas() throws IOException {
        byte[] file = file(WITH_SECOND);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        int tableAt = (56 + "com.example.trade.Trade".length() + 7) & ~7;
        int part = le.getInt(tableAt + 4);
        assertThat(part).isLessThan(SECOND.length() / 4);
        assertThat(le.getLong(length)).isEqualTo(TestRecords.TRADE.fingerprint());
        assertThat(le.getInt(length + 8)).isEqualTo(2);
        assertThat(le.getInt(length + 12)).isEqualTo(SECOND.length() - 12);
        assertThat(file[length + 16]).isEqualTo((byte) 0x78); // a zlib stream
        Path path = directory.resolve("second.sdob");
        Files.write(path, file);
        assertThat(BatchFileDescription.of(path).writer().schema()).isEqualTo(SECOND);
        assertThat(BatchFileMapper.mapWritten(path, TestRecords.TRADE, true).writer()).isEqualTo(WITH_SECOND);
        assertThat(TestRecords.contents(TestRecords.read(file, TestRecords.TRADE))).isEqualTo(RECORD_BYTES);
    }

    /**
     * A compressed schema part whose CRC32C is right but whose bytes are not what a writer writes: a length beyond
     * what its compressed bytes can hold (refused before inflating anything), a stream that is not zlib, that
     * inflates to more or less than it claims, or is followed by more bytes. Each is damage naming the schema part.
     */
    @Test
    void aForgedCompressedSchemaIsRefusedAsDamageBeforeAnythingIsInflated() throws IOException {
        byte[] file = file(WITH_SECOND);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        int tableAt = (56 + "com.example.trade.Trade".length() + 7) & ~7;
        int crcAt = length + le.getInt(tableAt + 4) - 4;
        int claimed = SECOND.length() - 12;
        record Forgery(String what, int at, int value, String message) {}
        for (Forgery forgery : new Forgery[] {
            new Forgery("a length of 2^31", length + 12, Integer.MIN_VALUE, "the descriptor length 2147483648 at "
                    + "byte offset 12 of the schema part is more than "),
            new Forgery("a length a byte longer", length + 12, claimed + 1, "the compressed descriptor at byte "
                    + "offset 16 of the schema part inflates to " + claimed + " bytes"),
            new Forgery("a length a byte shorter", length + 12, claimed - 1, "inflates to more than the "
                    + (claimed - 1) + " bytes it claims"),
            new Forgery("not zlib", length + 16, 0x12345678, "is not a zlib stream"),
            new Forgery("a last word changed", crcAt - 4, 0, "the compressed descriptor at byte offset 16 of the "
                    + "schema part ")}) {
            byte[] forged = file.clone();
            ByteBuffer bytes = ByteBuffer.wrap(forged).order(ByteOrder.LITTLE_ENDIAN);
            bytes.putInt(forgery.at(), forgery.value());
            CRC32C crc = new CRC32C();
            crc.update(forged, length, crcAt - length);
            bytes.putInt(crcAt, (int) crc.getValue());
            CorruptBatchException e = catchThrowableOfType(CorruptBatchException.class,
                    () -> TestRecords.read(forged, TestRecords.TRADE));
            assertThat(e).as(forgery.what()).isNotNull();
            assertThat(e.getMessage()).as(forgery.what()).startsWith("test.sdob: schema part at byte offset "
                    + length + ": ").contains(forgery.message());
            Path path = directory.resolve("forged.sdob");
            Files.write(path, forged);
            assertThatThrownBy(() -> BatchFileDescription.of(path)).as(forgery.what())
                    .isInstanceOf(CorruptBatchException.class);
        }
    }

    @Test
    void aFormatTwoFileStillReads() throws IOException {
        byte[] file = file(TestRecords.TRADE);
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int length = le.getInt(12);
        le.putInt(8, 2);
        CRC32C crc = new CRC32C();
        crc.update(file, 0, length - 4);
        le.putInt(length - 4, (int) crc.getValue());
        Path path = directory.resolve("v2.sdob");
        Files.write(path, file);
        WrittenBatch read = BatchFileMapper.mapWritten(path, TestRecords.TRADE, true);
        assertThat(read.writer()).isEqualTo(TestRecords.TRADE);
        assertThat(read.writer().schema()).isNull();
        assertThat(TestRecords.contents(TestRecords.read(file, TestRecords.TRADE))).isEqualTo(RECORD_BYTES);
    }

    @Test
    void aDescriptorOfAnotherFingerprintIsRefused() {
        assertThatThrownBy(() -> TestRecords.TRADE.withSchema(schema(42)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fingerprint");
    }

    @Test
    void everyFlippedByteOfTheHeaderAndSchemaPartIsDetected() throws IOException {
        everyFlippedByteOfTheHeaderAndSchemaPartIsDetected(WITH_SCHEMA);
        everyFlippedByteOfTheHeaderAndSchemaPartIsDetected(WITH_SECOND);
    }

    private void everyFlippedByteOfTheHeaderAndSchemaPartIsDetected(RecordIdentity identity) throws IOException {
        byte[] file = file(identity);
        int blocksStart = blocksStart(file);
        Path path = directory.resolve("flipped.sdob");
        for (int at = 0; at < blocksStart; at++) {
            for (int bit = 0; bit < 8; bit += 7) {
                byte[] damaged = file.clone();
                damaged[at] ^= (byte) (1 << bit);
                Files.write(path, damaged);
                int offset = at;
                assertThatThrownBy(() -> BatchFileDescription.of(path)).as("byte %d", offset)
                        .isInstanceOf(BatchFileException.class);
                assertThatThrownBy(() -> TestRecords.read(damaged, TestRecords.TRADE)).as("byte %d", offset)
                        .isInstanceOf(BatchFileException.class);
                assertThatThrownBy(() -> BatchFileMapper.map(path, TestRecords.TRADE)).as("byte %d", offset)
                        .isInstanceOf(BatchFileException.class);
            }
        }
    }

    @Test
    void aDamagedSchemaPartIsNamedWithItsOffset() throws IOException {
        byte[] file = file(WITH_SCHEMA);
        int length = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        file[length + 9] ^= 1;
        CorruptBatchException e = catchThrowableOfType(CorruptBatchException.class,
                () -> TestRecords.read(file, TestRecords.TRADE));
        assertThat(e.getMessage()).startsWith("test.sdob: schema part at byte offset " + length + ": CRC32C of bytes "
                + length + ".." + (length + 13) + " is ");
    }

    @Test
    void everyTruncationOfTheHeaderAndSchemaPartIsDetected() throws IOException {
        everyTruncationOfTheHeaderAndSchemaPartIsDetected(WITH_SCHEMA);
        everyTruncationOfTheHeaderAndSchemaPartIsDetected(WITH_SECOND);
    }

    private void everyTruncationOfTheHeaderAndSchemaPartIsDetected(RecordIdentity identity) throws IOException {
        byte[] file = file(identity);
        int blocksStart = blocksStart(file);
        Path path = directory.resolve("short.sdob");
        for (int end = 0; end < blocksStart; end++) {
            byte[] cut = Arrays.copyOf(file, end);
            Files.write(path, cut);
            int offset = end;
            assertThatThrownBy(() -> BatchFileDescription.of(path)).as("cut at %d", offset)
                    .isInstanceOf(BatchFileException.class);
            assertThatThrownBy(() -> TestRecords.read(cut, TestRecords.TRADE)).as("cut at %d", offset)
                    .isInstanceOf(BatchFileException.class);
        }
    }

    /** Where block 0 starts: after the header and the padded schema part. */
    private static int blocksStart(byte[] file) {
        ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int tableAt = (56 + le.getInt(28) + 7) & ~7;
        return le.getInt(12) + ((le.getInt(tableAt + 4) + 7) & ~7);
    }
}
