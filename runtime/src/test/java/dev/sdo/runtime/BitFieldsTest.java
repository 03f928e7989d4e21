package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link BitFields} against {@link BitSet}, whose bit i is bit {@code i & 7} of byte {@code i >> 3} as in the spec. */
class BitFieldsTest {

    @Provide
    Arbitrary<ByteBuffer> buffers() {
        return Arbitraries.of("heap", "direct", "big-endian heap", "big-endian direct").map(kind -> {
            ByteBuffer buffer = kind.endsWith("direct") ? ByteBuffer.allocateDirect(24) : ByteBuffer.allocate(24);
            return kind.startsWith("big-endian") ? buffer.order(ByteOrder.BIG_ENDIAN)
                    : buffer.order(ByteOrder.LITTLE_ENDIAN);
        });
    }

    private static void fill(ByteBuffer buffer, byte[] content) {
        buffer.clear();
        for (int i = 0; i < buffer.capacity(); i++) {
            buffer.put(i, content[i % content.length]);
        }
    }

    private static BitSet bitsOf(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.capacity()];
        buffer.duplicate().clear().get(0, bytes);
        return BitSet.valueOf(bytes);
    }

    private static long referenceRead(BitSet bits, long from, int width) {
        long value = 0;
        for (int i = 0; i < width; i++) {
            if (bits.get((int) from + i)) {
                value |= 1L << i;
            }
        }
        return value;
    }

    @Property
    void readMatchesTheReference(@ForAll("buffers") ByteBuffer buffer, @ForAll @Size(min = 1, max = 24) byte[] content,
            @ForAll @IntRange(min = 0, max = 7) int base, @ForAll @IntRange(min = 0, max = 63) int bitOffset,
            @ForAll @IntRange(min = 1, max = 64) int width, @ForAll boolean fieldEndsAtLimit) {
        fill(buffer, content);
        // At the limit, a read that touched a byte beyond the field would throw; further in, it may load a word.
        buffer.limit(fieldEndsAtLimit ? base + (bitOffset + width + 7) / 8 : buffer.capacity()).position(1);
        ByteOrder order = buffer.order();

        long read = BitFields.read(buffer, base, bitOffset, width);

        assertThat(read).isEqualTo(referenceRead(bitsOf(buffer), base * 8L + bitOffset, width));
        assertThat(buffer.position()).isEqualTo(1);
        assertThat(buffer.order()).isEqualTo(order);
    }

    @Property
    void writeChangesTheFieldsBitsAndNoOthers(@ForAll("buffers") ByteBuffer buffer,
            @ForAll @Size(min = 1, max = 24) byte[] content, @ForAll @IntRange(min = 0, max = 7) int base,
            @ForAll @IntRange(min = 0, max = 63) int bitOffset, @ForAll @IntRange(min = 1, max = 64) int width,
            @ForAll long value, @ForAll boolean fieldEndsAtLimit) {
        fill(buffer, content);
        // At the limit, a write that touched a byte beyond the field would throw; further in, it may write words.
        buffer.position(1).limit(fieldEndsAtLimit ? base + (bitOffset + width + 7) / 8 : buffer.capacity());
        BitSet expected = bitsOf(buffer);
        long start = base * 8L + bitOffset;
        for (int i = 0; i < width; i++) {
            expected.set((int) start + i, (value >>> i & 1) != 0);
        }

        BitFields.write(buffer, base, bitOffset, width, value);

        assertThat(bitsOf(buffer)).isEqualTo(expected);
        assertThat(BitFields.read(buffer, base, bitOffset, width)).isEqualTo(value & BitFields.mask(width));
        assertThat(buffer.position()).isEqualTo(1);
    }

    @Property
    void writeWordIsAWriteOfSixtyFourBits(@ForAll("buffers") ByteBuffer buffer,
            @ForAll @Size(min = 1, max = 24) byte[] content, @ForAll @IntRange(min = 0, max = 7) int base,
            @ForAll @IntRange(min = 0, max = 63) int bitOffset, @ForAll long value, @ForAll boolean wordEndsAtLimit) {
        fill(buffer, content);
        buffer.limit(wordEndsAtLimit ? base + (bitOffset + 64 + 7) / 8 : buffer.capacity());
        ByteBuffer expected = ByteBuffer.allocate(buffer.capacity());
        fill(expected, content);
        BitFields.write(expected, base, bitOffset, 64, value);

        BitFields.writeWord(buffer, base, bitOffset, value);

        assertThat(bitsOf(buffer)).isEqualTo(bitsOf(expected));
    }

    @Property
    void wordBitsAreTheFieldsBitsThatFallInTheWord(@ForAll @IntRange(min = 0, max = 200) int offset,
            @ForAll @IntRange(min = 1, max = 64) int width, @ForAll long value) {
        BitSet field = new BitSet();
        for (int i = 0; i < width; i++) {
            field.set(offset + i, (value >>> i & 1) != 0);
        }
        for (int word = 0; word < 5; word++) {
            long expected = referenceRead(field, 64L * word, 64);

            assertThat(BitFields.wordBits(value, width, offset, word)).as("word %d", word).isEqualTo(expected);
        }
    }

    @Example
    void everyWidthAtEveryShiftRoundTripsAtTheEndOfABuffer() {
        for (int width = 1; width <= 64; width++) {
            for (int shift = 0; shift < 8; shift++) {
                int bytes = (shift + width + 7) / 8;
                ByteBuffer buffer = ByteBuffer.allocate(bytes + 2);
                buffer.limit(2 + bytes);
                long value = 0xA5C3_96E1_7B2D_4F08L ^ ((long) width << 32 | shift);
                BitFields.write(buffer, 2, shift, width, value);
                assertThat(BitFields.read(buffer, 2, shift, width)).as("width %d shift %d", width, shift)
                        .isEqualTo(value & BitFields.mask(width));
            }
        }
    }

    @Property
    void wordLoadsAreLittleEndianWhateverTheBuffersOrder(@ForAll("buffers") ByteBuffer buffer,
            @ForAll @Size(min = 1, max = 24) byte[] content, @ForAll @IntRange(min = 0, max = 16) int index) {
        fill(buffer, content);
        BitSet bits = bitsOf(buffer);

        assertThat(BitFields.getLong(buffer, index)).isEqualTo(referenceRead(bits, index * 8L, 64));
        assertThat(BitFields.getInt(buffer, index)).isEqualTo((int) referenceRead(bits, index * 8L, 32));
        assertThat(BitFields.getShort(buffer, index)).isEqualTo((short) referenceRead(bits, index * 8L, 16));
        assertThat(BitFields.getByte(buffer, index)).isEqualTo((byte) referenceRead(bits, index * 8L, 8));
    }

    @Property
    void copyBitsCopiesAnyNumberOfBitsBetweenAnyOffsets(@ForAll @Size(min = 40, max = 40) byte[] source,
            @ForAll @Size(min = 40, max = 40) byte[] destination, @ForAll @IntRange(min = 0, max = 60) int from,
            @ForAll @IntRange(min = 0, max = 60) int to, @ForAll @IntRange(min = 0, max = 200) int bits) {
        ByteBuffer dst = ByteBuffer.wrap(destination.clone());
        // The source record starts at byte 1, the destination record at byte 2: 8 and 16 bits in.
        BitSet sourceBits = BitSet.valueOf(source);
        BitSet expected = BitSet.valueOf(destination);
        for (int i = 0; i < bits; i++) {
            expected.set(16 + to + i, sourceBits.get(8 + from + i));
        }

        BitFields.copyBits(ByteBuffer.wrap(source), 1, from, dst, 2, to, bits);

        assertThat(bitsOf(dst)).isEqualTo(expected);
    }

    @Property
    void clearZeroesExactlyTheGivenBits(@ForAll @Size(min = 40, max = 40) byte[] content,
            @ForAll @IntRange(min = 0, max = 60) int from, @ForAll @IntRange(min = 0, max = 200) int bits) {
        ByteBuffer buffer = ByteBuffer.wrap(content.clone());
        BitSet expected = BitSet.valueOf(content);
        expected.clear(8 + from, 8 + from + bits);

        BitFields.clear(buffer, 1, from, bits);

        assertThat(bitsOf(buffer)).isEqualTo(expected);
    }

    @Property
    void recordBytesEqualityAndHashIgnoreTheUnusedHighBits(@ForAll @Size(min = 12, max = 12) byte[] content,
            @ForAll @IntRange(min = 1, max = 80) int bits, @ForAll @IntRange(min = 0, max = 255) int noise) {
        int bytes = (bits + 7) / 8;
        ByteBuffer clean = ByteBuffer.wrap(content.clone());
        BitFields.clear(clean, 2, bits, bytes * 8L - bits);
        ByteBuffer noisy = ByteBuffer.allocateDirect(20);
        for (int i = 0; i < bytes; i++) {
            noisy.put(5 + i, clean.get(2 + i));
        }
        int unusedMask = bits % 8 == 0 ? 0 : 0xFF << (bits % 8) & 0xFF;
        noisy.put(5 + bytes - 1, (byte) (noisy.get(5 + bytes - 1) | noise & unusedMask));

        assertThat(BitFields.recordBytes(noisy, 5, bits)).containsExactly(BitFields.recordBytes(clean, 2, bits));
        assertThat(BitFields.equalRecords(clean, 2, noisy, 5, bits)).isTrue();
        assertThat(BitFields.hashRecord(noisy, 5, bits)).isEqualTo(BitFields.hashRecord(clean, 2, bits));
        ByteBuffer copy = ByteBuffer.allocate(bytes + 3);
        BitFields.copyRecord(noisy, 5, copy, 3, bits);
        assertThat(BitFields.recordBytes(copy, 3, bits)).containsExactly(BitFields.recordBytes(clean, 2, bits));
        assertThat(copy.get(3 + bytes - 1) & unusedMask).isZero();
    }

    @Property
    void recordsThatDifferInAFieldBitAreNotEqual(@ForAll @Size(min = 12, max = 12) byte[] content,
            @ForAll @IntRange(min = 1, max = 80) int bits, @ForAll @IntRange(min = 0, max = 79) int flipped) {
        int bit = flipped % bits;
        ByteBuffer a = ByteBuffer.wrap(content.clone());
        ByteBuffer b = ByteBuffer.wrap(content.clone());
        BitFields.write(b, 1, bit, 1, ~BitFields.read(b, 1, bit, 1));

        assertThat(BitFields.equalRecords(a, 1, b, 1, bits)).isFalse();
    }
}
