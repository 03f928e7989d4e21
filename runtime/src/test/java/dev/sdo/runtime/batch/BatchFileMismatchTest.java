package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.TestRecords.TRADE;
import static dev.sdo.runtime.batch.TestRecords.TRADE_BYTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Foreign input gets an error that names the file and says what was expected and what was found. */
class BatchFileMismatchTest {
    @TempDir
    Path directory;

    private byte[] file;
    private Path path;

    @BeforeEach
    void writeFile() throws IOException {
        RecordStore store = TestRecords.store(TestRecords.records(7, TRADE_BYTES, 41), TRADE_BYTES,
                ChunkAllocation.HEAP, 4);
        file = TestRecords.file(store, TRADE, 3);
        path = directory.resolve("trades.sdob");
    }

    private interface Reader {
        void read(Path file, RecordIdentity expected) throws IOException;
    }

    /** The three ways in: forward reader, mapper, recovery. */
    private static final Reader[] READERS = {
        BatchFileReader::read,
        BatchFileMapper::map,
        BatchFileRecovery::recover,
    };

    private <E extends BatchFileException> void assertEveryReaderThrows(byte[] bytes, RecordIdentity expected,
            Class<E> type, String... fragments) throws IOException {
        Files.write(path, bytes);
        for (Reader reader : READERS) {
            E e = catchThrowableOfType(type, () -> reader.read(path, expected));
            assertThat(e).isNotNull();
            assertThat(e.getMessage()).startsWith(path + ": file header at byte offset ").contains(fragments);
        }
    }

    @Test
    void aFileWithoutTheMagicIsNotABatchFile() throws IOException {
        byte[] csv = "TradeDate,BuySell,Currency1\n01/02/2020,Buy,EUR\n".getBytes(StandardCharsets.US_ASCII);
        Files.write(path, csv);
        for (Reader reader : new Reader[] {BatchFileReader::read, BatchFileMapper::map}) {
            NotABatchFileException e = catchThrowableOfType(NotABatchFileException.class,
                    () -> reader.read(path, TRADE));
            assertThat(e.getMessage()).isEqualTo(path + ": file header at byte offset 0: expected the batch file "
                    + "magic 89 53 44 4F 42 0D 0A 1A, found 54 72 61 64 65 44 61 74: this is not a batch file");
        }
        NotABatchFileException fromStream = catchThrowableOfType(NotABatchFileException.class,
                () -> TestRecords.read(csv, TRADE));
        assertThat(fromStream.getMessage()).startsWith("test.sdob: file header at byte offset 0: expected the");
        assertThatThrownBy(() -> BatchFileRecovery.recover(path, TRADE)).isInstanceOf(BatchFileException.class);
    }

    @Test
    void aNewerFormatVersionIsRejectedNamingBothVersions() throws IOException {
        byte[] newer = file.clone();
        ByteBuffer.wrap(newer).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 4);
        Files.write(path, newer);
        for (Reader reader : new Reader[] {BatchFileReader::read, BatchFileMapper::map}) {
            UnsupportedBatchVersionException e = catchThrowableOfType(UnsupportedBatchVersionException.class,
                    () -> reader.read(path, TRADE));
            assertThat(e.getMessage()).isEqualTo(path + ": file header at byte offset 8: format version 4; this "
                    + "runtime reads format versions 1 to 3");
        }
    }

    @Test
    void anotherRecordIsRejectedNamingBoth() throws IOException {
        RecordIdentity quote = new RecordIdentity("com.example.trade.Quote", 1, TRADE.fingerprint(), TRADE_BYTES);
        assertEveryReaderThrows(file, quote, IncompatibleBatchException.class,
                "the file holds com.example.trade.Trade records, expected com.example.trade.Quote");
    }

    @Test
    void anotherFingerprintIsRejectedNamingBothAndTheSchemaVersions() throws IOException {
        RecordIdentity changed = new RecordIdentity(TRADE.recordName(), 1, 0x0BAD_F00DL, TRADE_BYTES);
        assertEveryReaderThrows(file, changed, IncompatibleBatchException.class,
                "the file holds com.example.trade.Trade records of schema version 1 (fingerprint "
                        + "0x123456789ABCDEF0), the reader is version 1 (fingerprint 0x000000000BADF00D); they "
                        + "disagree on version 1 (0x123456789ABCDEF0 in the file, 0x000000000BADF00D in the "
                        + "reader): the record was changed other than by adding fields with @since after those of "
                        + "earlier versions; read the file with code generated from the schema that wrote it (sdoc "
                        + "compat OLD.sdo NEW.sdo names the field that differs)");
    }

    @Test
    void anotherRecordSizeIsRejectedNamingBoth() throws IOException {
        RecordIdentity wider = new RecordIdentity(TRADE.recordName(), 1, TRADE.fingerprint(), 28);
        assertEveryReaderThrows(file, wider, IncompatibleBatchException.class,
                "record size 27 bytes, expected 28 bytes of com.example.trade.Trade");
    }

    @Test
    void bytesAfterTheTrailerAreRejected() throws IOException {
        byte[] longer = Arrays.copyOf(file, file.length + 8);
        CorruptBatchException e = catchThrowableOfType(CorruptBatchException.class,
                () -> TestRecords.read(longer, TRADE));
        assertThat(e.getMessage()).contains("trailer").contains("expected the end of the file after the trailer");
    }

    @Test
    void aDamagedPayloadNamesTheBlockTheBytesAndBothChecksums() throws IOException {
        FileLayout layout = FileLayout.of(file, TRADE_BYTES);
        FileLayout.Block block = layout.blocks().get(1);
        byte[] damaged = file.clone();
        damaged[block.offset() + 40 + 10] ^= 4;
        CorruptBatchException e = catchThrowableOfType(CorruptBatchException.class,
                () -> TestRecords.read(damaged, TRADE));
        assertThat(e.getMessage()).startsWith("test.sdob: block 1 at byte offset " + block.offset()
                + ": payload CRC32C of bytes " + (block.offset() + 40) + ".." + (block.offset() + 40
                + block.payloadLength()) + " is 0x").contains(", but the block header says 0x");
        assertThat(e.block()).isEqualTo(1);
    }

    @Test
    void theWriterRejectsBadSettings() {
        WritableByteChannel sink = Channels.newChannel(
                OutputStream.nullOutputStream());
        assertThatThrownBy(() -> BatchFileWriter.open(sink, TRADE, 0, TestRecords.SYNC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 records per block");
        assertThatThrownBy(() -> BatchFileWriter.open(sink, TRADE, 5, new byte[15]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16 bytes, not 15");
        assertThatThrownBy(() -> new RecordIdentity("", 1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecordIdentity("p.R", 1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
