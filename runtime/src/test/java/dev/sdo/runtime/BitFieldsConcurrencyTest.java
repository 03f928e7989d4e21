package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several threads writing records of one buffer, each thread its own records, never change each other's bytes
 * (docs/record-format.md, section 1): the guarantee that lets a program fill a batch's records in parallel.
 *
 * <p>The records are 13 bytes whose fields take 101 bits, so that every record ends inside a byte and starts at an
 * odd byte of the buffer, and the records of different threads are interleaved (record i belongs to thread
 * i % THREADS). A write that read and stored back a neighbour's bytes (as one 8-byte read-modify-write of a
 * record's last field did) loses that neighbour's concurrent writes, which its thread sees when it reads its
 * record back. Each record is written either field by field ({@code BitFields.write}, as a generated encode and an
 * {@code update} writer do) or held in words and stored at once ({@code RecordWords}, as a writer of a new record
 * does: two longs, the second moved back to end with the record).
 */
class BitFieldsConcurrencyTest {
    private static final int THREADS = 4;
    private static final int RECORDS = 4 * 64;
    private static final int RECORD_BYTES = 13;
    private static final long RECORD_BITS = 101;
    private static final int FIRST_RECORD = 3;
    private static final int ROUNDS = 4_000;
    /** Each field's {offset, width}: odd offsets, one field of 33 bits across a word, the last one ending the record. */
    private static final int[][] FIELDS = {{0, 7}, {7, 13}, {20, 33}, {53, 40}, {93, 8}};

    @ParameterizedTest(name = "direct buffer {0}, held in words {1}")
    @CsvSource({"false, false", "true, false", "false, true", "true, true"})
    void threadsWritingInterleavedRecordsNeverChangeEachOthersBytes(boolean direct, boolean held) throws Exception {
        int size = FIRST_RECORD + RECORDS * RECORD_BYTES;
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                results.add(pool.submit(writer(buffer, thread, held)));
            }
            List<String> wrong = new ArrayList<>();
            for (Future<List<String>> result : results) {
                wrong.addAll(result.get());
            }
            assertThat(wrong).as("records read back other than written").isEmpty();
        } finally {
            pool.shutdownNow();
        }
        for (int record = 0; record < RECORDS; record++) {
            assertThat(differences(buffer, record, ROUNDS - 1)).as("record %d after every thread ended", record)
                    .isEmpty();
        }
    }

    /** Thread {@code thread}: writes each of its records every round, then reads it back. */
    private static Callable<List<String>> writer(ByteBuffer buffer, int thread, boolean held) {
        return () -> {
            List<String> wrong = new ArrayList<>();
            long[] words = new long[RecordWords.wordsFor(RECORD_BYTES)];
            for (int round = 0; round < ROUNDS && wrong.size() < 10; round++) {
                for (int record = thread; record < RECORDS; record += THREADS) {
                    int base = FIRST_RECORD + record * RECORD_BYTES;
                    if (held) {
                        Arrays.fill(words, 0L);
                        for (int field = 0; field < FIELDS.length; field++) {
                            RecordWords.set(words, FIELDS[field][0], FIELDS[field][1], value(round, record, field));
                        }
                        RecordWords.store(words, buffer, base, RECORD_BYTES);
                    } else {
                        for (int field = 0; field < FIELDS.length; field++) {
                            BitFields.write(buffer, base, FIELDS[field][0], FIELDS[field][1],
                                    value(round, record, field));
                        }
                        // What a generated encode does last: the unused high bits of the record's last byte cleared.
                        BitFields.clear(buffer, base, RECORD_BITS, 8L * RECORD_BYTES - RECORD_BITS);
                    }
                    wrong.addAll(differences(buffer, record, round));
                }
            }
            return wrong;
        };
    }

    private static List<String> differences(ByteBuffer buffer, int record, int round) {
        int base = FIRST_RECORD + record * RECORD_BYTES;
        List<String> wrong = new ArrayList<>();
        for (int field = 0; field < FIELDS.length; field++) {
            long expected = value(round, record, field) & BitFields.mask(FIELDS[field][1]);
            long read = BitFields.read(buffer, base, FIELDS[field][0], FIELDS[field][1]);
            if (read != expected) {
                wrong.add("round " + round + ", record " + record + ", field " + field + ": " + read + " instead of "
                        + expected);
            }
        }
        if (BitFields.read(buffer, base, RECORD_BITS, (int) (8 * RECORD_BYTES - RECORD_BITS)) != 0) {
            wrong.add("round " + round + ", record " + record + ": unused bits set");
        }
        return wrong;
    }

    /** A value that differs from round to round in every bit position a field may have. */
    private static long value(int round, int record, int field) {
        long mixed = (round * 0x9E37_79B9_7F4A_7C15L) ^ (record * 0xC2B2_AE3D_27D4_EB4FL) ^ field;
        return mixed ^ (mixed >>> 29);
    }
}
