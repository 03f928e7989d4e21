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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Damage to files of any geometry: what {@link BatchFileCorruptionTest} shows exhaustively for one file. */
class BatchFileDamagePropertiesTest {
    @Property(tries = 300)
    void aFlippedByteAnywhereIsDetectedAndCostsAtMostItsBlock(@ForAll @IntRange(min = 0, max = 30) int n,
            @ForAll @IntRange(min = 1, max = 7) int perBlock, @ForAll @IntRange(min = 1, max = 40) int recordSize,
            @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double where,
            @ForAll @IntRange(min = 1, max = 255) int mask) throws IOException {
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

    @Property(tries = 200)
    void aTruncatedFileIsDetectedAndItsCompleteBlocksRecovered(@ForAll @IntRange(min = 1, max = 30) int n,
            @ForAll @IntRange(min = 1, max = 7) int perBlock, @ForAll @IntRange(min = 1, max = 40) int recordSize,
            @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double where) throws IOException {
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
