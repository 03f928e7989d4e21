package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.TestRecords.TRADE;
import static dev.sdo.runtime.batch.TestRecords.TRADE_BYTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every single damaged byte and every truncation of a small file of three blocks is detected by the forward
 * reader and the mapper, reported in the right part of the file, and never returned as data; recovery returns
 * exactly the intact blocks.
 */
class BatchFileCorruptionTest {
    private static final int RECORDS = 13;
    private static final int PER_BLOCK = 5;

    @TempDir
    Path directory;

    private byte[] records;
    private byte[] file;
    private FileLayout layout;
    private Path path;

    @BeforeEach
    void writeFile() throws IOException {
        records = TestRecords.records(RECORDS, TRADE_BYTES, 31);
        file = TestRecords.file(TestRecords.store(records, TRADE_BYTES, ChunkAllocation.HEAP, 3), TRADE, PER_BLOCK);
        layout = FileLayout.of(file, TRADE_BYTES);
        assertThat(layout.blocks()).hasSize(3);
        path = directory.resolve("damaged.sdob");
    }

    @Test
    void everyFlippedByteIsDetectedWhereItIsAndRecoveryKeepsTheOtherBlocks() throws IOException {
        for (int position = 0; position < file.length; position++) {
            for (int mask : new int[] {1 << (position % 8), 0xFF}) {
                byte[] damaged = file.clone();
                damaged[position] ^= (byte) mask;
                String what = "byte " + position + " ^ " + mask;

                BatchFileException read = catchThrowableOfType(BatchFileException.class,
                        () -> TestRecords.read(damaged, TRADE));
                assertThat(read).as(what).isNotNull();
                assertReportedWhere(read, "test.sdob", position, what);

                Files.write(path, damaged);
                BatchFileException mapped = catchThrowableOfType(BatchFileException.class,
                        () -> BatchFileMapper.map(path, TRADE));
                assertThat(mapped).as(what).isNotNull();
                assertReportedWhere(mapped, path.toString(), position, what);

                assertRecovery(BatchFileRecovery.recover(path, TRADE), position, what);
            }
        }
    }

    /** The error names the file, and the block and offset range of the damaged byte. */
    private void assertReportedWhere(BatchFileException e, String source, int position, String what) {
        assertThat(e.getMessage()).as(what).startsWith(source + ": ").contains("byte offset " + e.offset());
        assertThat(e.source()).isEqualTo(source);
        FileLayout.Block block = blockAt(position);
        if (position < layout.headerLength()) {
            assertThat(e.offset()).as(what + ": " + e.getMessage()).isBetween(0L, (long) position);
            assertThat(e.section()).as(what).isEqualTo("file header");
        } else if (block != null) {
            int number = layout.blocks().indexOf(block);
            assertThat(e.block()).as(what + ": " + e.getMessage()).isEqualTo(number);
            assertThat(e.getMessage()).as(what).contains("block " + number + " at byte offset ");
            assertThat(block.contains(e.offset())).as(what + ": " + e.getMessage()).isTrue();
        } else {
            assertThat(e.offset()).as(what + ": " + e.getMessage())
                    .isBetween((long) layout.footerOffset(), (long) file.length);
        }
    }

    private void assertRecovery(RecoveredBatch recovered, int position, String what) {
        FileLayout.Block damagedBlock = blockAt(position);
        boolean inPadding = damagedBlock != null
                && position >= damagedBlock.offset() + 40 + damagedBlock.payloadLength();
        List<Integer> expectedBlocks = new ArrayList<>();
        ByteArrayOutputStream expectedRecords = new ByteArrayOutputStream();
        int first = 0;
        for (int k = 0; k < layout.blocks().size(); k++) {
            FileLayout.Block block = layout.blocks().get(k);
            if (block != damagedBlock || inPadding) {
                expectedBlocks.add(k);
                expectedRecords.write(records, first * TRADE_BYTES, block.records() * TRADE_BYTES);
            }
            first += block.records();
        }
        assertThat(recovered.intactBlocks()).as(what).isEqualTo(expectedBlocks);
        assertThat(TestRecords.contents(recovered.records())).as(what).isEqualTo(expectedRecords.toByteArray());
        long lost = damagedBlock == null || inPadding ? 0 : damagedBlock.records();
        assertThat(recovered.recordsLost()).as(what).isEqualTo(lost);
        assertThat(recovered.damages()).as(what).isNotEmpty();
        assertThat(recovered.damages()).as(what)
                .anyMatch(damage -> damage.offset() <= position && position < damage.offset() + damage.length()
                        || position >= layout.footerOffset());
    }

    private FileLayout.Block blockAt(long position) {
        return layout.blocks().stream().filter(block -> block.contains(position)).findFirst().orElse(null);
    }

    @Test
    void everyTruncationIsDetectedAndRecoveryKeepsTheCompleteBlocks() throws IOException {
        for (int length = 0; length < file.length; length++) {
            byte[] truncated = Arrays.copyOf(file, length);
            String what = "truncated to " + length + " bytes";

            assertThat(catchThrowableOfType(TruncatedBatchException.class, () -> TestRecords.read(truncated, TRADE)))
                    .as(what).isNotNull();
            Files.write(path, truncated);
            TruncatedBatchException mapped = catchThrowableOfType(TruncatedBatchException.class,
                    () -> BatchFileMapper.map(path, TRADE));
            assertThat(mapped).as(what).isNotNull();
            assertThat(mapped.getMessage()).startsWith(path + ": ");

            if (length < layout.headerLength()) {
                assertThat(catchThrowableOfType(BatchFileException.class, () -> BatchFileRecovery.recover(path, TRADE)))
                        .as(what).isNotNull();
                continue;
            }
            RecoveredBatch recovered = BatchFileRecovery.recover(path, TRADE);
            List<Integer> complete = new ArrayList<>();
            int completeRecords = 0;
            long evidentlyLost = 0;
            for (int k = 0; k < layout.blocks().size(); k++) {
                FileLayout.Block block = layout.blocks().get(k);
                if (block.end() <= length) {
                    complete.add(k);
                    completeRecords += block.records();
                } else if (block.offset() + 40 <= length) {
                    evidentlyLost += block.records(); // its header survived: it says how many records it had
                }
            }
            assertThat(recovered.intactBlocks()).as(what).isEqualTo(complete);
            assertThat(TestRecords.contents(recovered.records())).as(what)
                    .isEqualTo(Arrays.copyOf(records, completeRecords * TRADE_BYTES));
            assertThat(recovered.recordsLost()).as(what).isEqualTo(evidentlyLost);
            assertThat(recovered.lossIsExact()).as(what).isFalse();
            assertThat(recovered.damages()).as(what).isNotEmpty();
        }
    }

    @Test
    void aWriterThatDiesMidwayLeavesItsCompleteBlocksRecoverable() throws IOException {
        try (var channel = FileChannel.open(path, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            BatchFileWriter writer = BatchFileWriter.open(channel, TRADE, PER_BLOCK, TestRecords.SYNC);
            writer.write(ByteBuffer.wrap(records), 0, RECORDS);
            // the process dies here: no finish(), the 3 pending records and the footer are never written
        }
        assertThat(Files.size(path)).isEqualTo(layout.blocks().get(2).offset());
        TruncatedBatchException mapped = catchThrowableOfType(TruncatedBatchException.class,
                () -> BatchFileMapper.map(path, TRADE));
        assertThat(mapped.getMessage()).contains("did not finish");
        TruncatedBatchException read = catchThrowableOfType(TruncatedBatchException.class,
                () -> BatchFileReader.read(path, TRADE));
        assertThat(read.getMessage()).contains("block 2 or the footer should start");

        RecoveredBatch recovered = BatchFileRecovery.recover(path, TRADE);
        assertThat(recovered.intactBlocks()).containsExactly(0, 1);
        assertThat(TestRecords.contents(recovered.records()))
                .isEqualTo(Arrays.copyOf(records, 2 * PER_BLOCK * TRADE_BYTES));
        assertThat(recovered.recordsLost()).isZero();
        assertThat(recovered.lossIsExact()).isFalse();
    }

    /** A channel whose disk fills up after {@code capacity} bytes. */
    private static final class FillingChannel implements WritableByteChannel {
        private final FileChannel file;
        private long room;

        FillingChannel(FileChannel file, long capacity) {
            this.file = file;
            this.room = capacity;
        }

        @Override
        public int write(ByteBuffer source) throws IOException {
            if (room == 0) {
                throw new IOException("No space left on device");
            }
            ByteBuffer part = source.duplicate();
            part.limit(part.position() + (int) Math.min(room, part.remaining()));
            int written = file.write(part);
            source.position(source.position() + written);
            room -= written;
            return written;
        }

        @Override
        public boolean isOpen() {
            return file.isOpen();
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }

    @Test
    void aWriterWhoseChannelFailsRefusesToFinishAndItsCompleteBlocksAreRecoverable() throws IOException {
        int cut = layout.blocks().get(1).offset() + 60; // inside block 1's payload
        try (FillingChannel channel = new FillingChannel(FileChannel.open(path,
                StandardOpenOption.CREATE, StandardOpenOption.WRITE), cut)) {
            BatchFileWriter writer = BatchFileWriter.open(channel, TRADE, PER_BLOCK, TestRecords.SYNC);
            assertThat(catchThrowableOfType(IOException.class,
                    () -> writer.write(ByteBuffer.wrap(records), 0, RECORDS)))
                    .hasMessage("No space left on device");
            assertThat(catchThrowableOfType(IllegalStateException.class, writer::finish))
                    .hasMessageContaining("an earlier write failed");
        }
        assertThat(Files.size(path)).isEqualTo(cut);
        RecoveredBatch recovered = BatchFileRecovery.recover(path, TRADE);
        assertThat(recovered.intactBlocks()).containsExactly(0);
        assertThat(recovered.recordsLost()).isEqualTo(PER_BLOCK);
        assertThat(TestRecords.contents(recovered.records()))
                .isEqualTo(Arrays.copyOf(records, PER_BLOCK * TRADE_BYTES));
    }

    @Test
    void aFinishedWriterTakesNoMoreRecords() throws IOException {
        BatchFileWriter writer = BatchFileWriter.open(Channels.newChannel(
                OutputStream.nullOutputStream()), TRADE, PER_BLOCK, TestRecords.SYNC);
        writer.finish();
        assertThat(catchThrowableOfType(IllegalStateException.class,
                () -> writer.write(ByteBuffer.wrap(records), 0, 1))).hasMessageContaining("finished");
        assertThat(catchThrowableOfType(IllegalStateException.class, writer::finish)).hasMessageContaining("finished");
    }

    @Test
    void aMiddleBlockLostWithoutAFooterIsCountedFromTheBlockNumbers() throws IOException {
        byte[] damaged = Arrays.copyOf(file, layout.footerOffset() - 3); // no footer, last block cut
        FileLayout.Block middle = layout.blocks().get(1);
        damaged[middle.offset()] ^= 1; // and block 1's sync marker damaged
        Files.write(path, damaged);
        RecoveredBatch recovered = BatchFileRecovery.recover(path, TRADE);
        assertThat(recovered.intactBlocks()).containsExactly(0);
        assertThat(recovered.recordsLost()).isEqualTo(PER_BLOCK + 3);
        assertThat(recovered.damages()).extracting(Damage::description)
                .anyMatch(text -> text.contains("hold no intact block before block 2"))
                .anyMatch(text -> text.contains("block 2 at byte offset " + layout.blocks().get(2).offset()));
    }

    @Test
    void aFileWhoseHeaderAndFooterAreBothGoneCannotBeRecovered() throws IOException {
        byte[] damaged = Arrays.copyOf(file, layout.footerOffset());
        damaged[20] ^= 1;
        Files.write(path, damaged);
        BatchFileException e = catchThrowableOfType(BatchFileException.class,
                () -> BatchFileRecovery.recover(path, TRADE));
        assertThat(e.getMessage()).contains("file header").contains("CRC32C");
        assertThat(e.getSuppressed()).hasSize(1);
    }
}
