package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

/** Damage to files of any geometry: what {@link BatchFileCorruptionTest} shows exhaustively for one file. */
class BatchFileDamagePropertiesTest {
    @Test
    void aFlippedByteAnywhereIsDetectedAndCostsAtMostItsBlock() {
        PropertyRunner.forAll(300, draw -> aFlippedByteAnywhereIsDetectedAndCostsAtMostItsBlock(draw.ints(0, 30),
                draw.ints(1, 7), draw.ints(1, 40), draw.fraction(), draw.ints(1, 255)));
    }

    private static void aFlippedByteAnywhereIsDetectedAndCostsAtMostItsBlock(int n, int perBlock, int recordSize,
            double where, int mask) throws IOException {
        RecordIdentity identity = new RecordIdentity("p.Record", 3, -1L, recordSize);
        byte[] records = TestRecords.records(n, recordSize, n * 1000L + perBlock);
        byte[] file = TestRecords.file(TestRecords.store(records, recordSize, ChunkAllocation.DIRECT, 4), identity,
                perBlock);
        FileLayout layout = FileLayout.of(file, recordSize);
        int position = (int) (where * file.length);
        byte[] damaged = file.clone();
        damaged[position] ^= (byte) mask;

        assertThat(catchThrowableOfType(BatchFileException.class, () -> TestRecords.read(damaged, identity)))
                .isNotNull();
        Path path = Files.write(Files.createTempFile("damaged", ".sdob"), damaged);
        try {
            assertThat(catchThrowableOfType(BatchFileException.class, () -> BatchFileMapper.map(path, identity)))
                    .isNotNull();
            RecoveredBatch recovered = BatchFileRecovery.recover(path, identity);

            FileLayout.Block hit = layout.blocks().stream().filter(block -> block.contains(position)).findFirst()
                    .orElse(null);
            boolean recordsHit = hit != null && position < hit.offset() + 40 + hit.payloadLength();
            List<Integer> expectedBlocks = new ArrayList<>();
            ByteArrayOutputStream expectedRecords = new ByteArrayOutputStream();
            int first = 0;
            for (int k = 0; k < layout.blocks().size(); k++) {
                FileLayout.Block block = layout.blocks().get(k);
                if (!(recordsHit && block == hit)) {
                    expectedBlocks.add(k);
                    expectedRecords.write(records, first * recordSize, block.records() * recordSize);
                }
                first += block.records();
            }
            assertThat(recovered.intactBlocks()).isEqualTo(expectedBlocks);
            assertThat(TestRecords.contents(recovered.records())).isEqualTo(expectedRecords.toByteArray());
            assertThat(recovered.recordsLost()).isEqualTo(recordsHit ? hit.records() : 0);
            assertThat(recovered.damages()).isNotEmpty();
        } finally {
            Files.delete(path);
        }
    }

    @Test
    void aTruncatedFileIsDetectedAndItsCompleteBlocksRecovered() {
        PropertyRunner.forAll(200, draw -> aTruncatedFileIsDetectedAndItsCompleteBlocksRecovered(draw.ints(1, 30),
                draw.ints(1, 7), draw.ints(1, 40), draw.fraction()));
    }

    private static void aTruncatedFileIsDetectedAndItsCompleteBlocksRecovered(int n, int perBlock, int recordSize,
            double where) throws IOException {
        RecordIdentity identity = new RecordIdentity("p.Record", 3, 5L, recordSize);
        byte[] records = TestRecords.records(n, recordSize, n * 1000L + perBlock);
        byte[] file = TestRecords.file(TestRecords.store(records, recordSize, ChunkAllocation.HEAP, 3), identity,
                perBlock);
        FileLayout layout = FileLayout.of(file, recordSize);
        int length = (int) (where * file.length);
        byte[] truncated = Arrays.copyOf(file, length);

        assertThat(catchThrowableOfType(TruncatedBatchException.class, () -> TestRecords.read(truncated, identity)))
                .isNotNull();
        Path path = Files.write(Files.createTempFile("truncated", ".sdob"), truncated);
        try {
            assertThat(catchThrowableOfType(TruncatedBatchException.class, () -> BatchFileMapper.map(path, identity)))
                    .isNotNull();
            if (length < layout.headerLength()) {
                return;
            }
            RecoveredBatch recovered = BatchFileRecovery.recover(path, identity);
            int complete = (int) layout.blocks().stream().filter(block -> block.end() <= length).count();
            int completeRecords = layout.blocks().stream().limit(complete).mapToInt(FileLayout.Block::records).sum();
            assertThat(recovered.intactBlocks()).hasSize(complete);
            assertThat(TestRecords.contents(recovered.records()))
                    .isEqualTo(Arrays.copyOf(records, completeRecords * recordSize));
            assertThat(recovered.lossIsExact()).isFalse();
        } finally {
            Files.delete(path);
        }
    }
}
