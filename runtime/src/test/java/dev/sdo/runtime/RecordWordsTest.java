package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordWords} against {@link BitFields}: a record whose fields are set in held words and stored at once
 * has the bytes of the same fields written one by one into a record of zero bytes, and the bytes around it stay as
 * they were.
 */
class RecordWordsTest {

    @Test
    void heldWordsStoreTheBytesOfFieldByFieldWritesAndNothingAround() {
        PropertyRunner.forAll(3_000, draw -> {
            int bytes = draw.ints(1, 40);
            int offset = draw.ints(0, 9);
            byte[] noise = draw.bytes(offset + bytes + 9, offset + bytes + 9);
            ByteBuffer expected = ByteBuffer.wrap(noise.clone());
            expected.put(offset, new byte[bytes]);
            long[] words = new long[RecordWords.wordsFor(bytes)];
            int fields = draw.ints(0, 12);
            for (int i = 0; i < fields; i++) {
                int width = (int) Math.min(draw.ints(1, Long.SIZE), 8L * bytes);
                long bitOffset = draw.longs(0, 8L * bytes - width);
                if (draw.bool()) {
                    long value = draw.anyLong();
                    BitFields.write(expected, offset, bitOffset, width, value);
                    RecordWords.set(words, bitOffset, width, value);
                } else {
                    BitFields.clear(expected, offset, bitOffset, width);
                    RecordWords.clear(words, bitOffset, width);
                }
            }
            ByteBuffer actual = ByteBuffer.wrap(noise.clone());
            RecordWords.store(words, actual, offset, bytes);

            assertThat(actual.array()).as("%d bytes at %d", bytes, offset).isEqualTo(expected.array());
        });
    }

    @Test
    void aRecordEndingAtTheBuffersLimitIsStoredWithoutReachingPastIt() {
        long[] words = {0x0807_0605_0403_0201L, 0x0B0AL};
        ByteBuffer buffer = ByteBuffer.allocate(13);
        RecordWords.store(words, buffer, 3, 10);

        assertThat(Arrays.copyOfRange(buffer.array(), 3, 13)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 10, 11);
        assertThat(Arrays.copyOfRange(buffer.array(), 0, 3)).containsExactly(0, 0, 0);
    }
}
