package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void zeroClearsTheRecordsWordsAndNoOthers() {
        PropertyRunner.forAll(500, draw -> {
            long[] words = new long[draw.ints(1, 8)];
            for (int i = 0; i < words.length; i++) {
                words[i] = draw.anyLong() | 1L;
            }
            long[] before = words.clone();
            int count = draw.ints(0, words.length);
            RecordWords.zero(words, count);
            for (int i = 0; i < words.length; i++) {
                assertThat(words[i]).as("word %d of %d after zero(%d)", i, words.length, count)
                        .isEqualTo(i < count ? 0L : before[i]);
            }
        });
    }

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
            // Heap buffers are stored through their array, the others (direct, or a slice) through the buffer.
            ByteBuffer actual = switch (draw.ints(0, 2)) {
                case 0 -> ByteBuffer.wrap(noise.clone());
                case 1 -> ByteBuffer.allocateDirect(noise.length).put(0, noise);
                default -> ByteBuffer.wrap(concat(new byte[3], noise)).slice(3, noise.length);
            };
            RecordWords.store(words, actual, offset, bytes);

            byte[] stored = new byte[noise.length];
            actual.get(0, stored);
            assertThat(stored).as("%d bytes at %d", bytes, offset).isEqualTo(expected.array());
        });
    }

    @Test
    void storeZerosBlanksTheRecordsBytesAndNoOthers() {
        PropertyRunner.forAll(1_000, draw -> {
            int bytes = draw.ints(0, 40);
            int offset = draw.ints(0, 9);
            byte[] noise = draw.bytes(offset + bytes + draw.ints(0, 9), offset + bytes + 9);
            byte[] expected = noise.clone();
            Arrays.fill(expected, offset, offset + bytes, (byte) 0);
            ByteBuffer actual = switch (draw.ints(0, 2)) {
                case 0 -> ByteBuffer.wrap(noise.clone());
                case 1 -> ByteBuffer.allocateDirect(noise.length).put(0, noise);
                default -> ByteBuffer.wrap(concat(new byte[3], noise)).slice(3, noise.length);
            };
            RecordWords.storeZeros(actual, offset, bytes);

            byte[] stored = new byte[noise.length];
            actual.get(0, stored);
            assertThat(stored).as("%d bytes at %d of %d", bytes, offset, noise.length).isEqualTo(expected);
        });
        assertThatThrownBy(() -> RecordWords.storeZeros(ByteBuffer.allocate(16).limit(12), 3, 10))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    @Test
    void aRecordPastTheBuffersLimitIsRefusedAndNothingStored() {
        long[] words = {-1L, -1L};
        ByteBuffer buffer = ByteBuffer.wrap(new byte[16]).limit(12);

        assertThatThrownBy(() -> RecordWords.store(words, buffer, 3, 10))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(buffer.array()).containsOnly(0);
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
