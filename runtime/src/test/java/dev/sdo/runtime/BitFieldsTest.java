package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import dev.sdo.testing.Draw;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

/** {@link BitFields} against {@link BitSet}, whose bit i is bit {@code i & 7} of byte {@code i >> 3} as in the spec. */
class BitFieldsTest {

    private static ByteBuffer buffer(Draw draw) {
        String kind = draw.of("heap", "direct", "big-endian heap", "big-endian direct");
        ByteBuffer buffer = kind.endsWith("direct") ? ByteBuffer.allocateDirect(24) : ByteBuffer.allocate(24);
        return kind.startsWith("big-endian") ? buffer.order(ByteOrder.BIG_ENDIAN)
                : buffer.order(ByteOrder.LITTLE_ENDIAN);
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

    @Test
    void readMatchesTheReference() {
        PropertyRunner.forAll(1000, draw -> readMatchesTheReference(buffer(draw), draw.bytes(1, 24), draw.ints(0, 7),
                draw.ints(0, 63), draw.ints(1, 64), draw.bool()));
    }

    private static void readMatchesTheReference(ByteBuffer buffer, byte[] content, int base, int bitOffset, int width,
            boolean fieldEndsAtLimit) {
        fill(buffer, content);
        // At the limit, a read that touched a byte beyond the field would throw; further in, it may load a word.
        buffer.limit(fieldEndsAtLimit ? base + (bitOffset + width + 7) / 8 : buffer.capacity()).position(1);
        ByteOrder order = buffer.order();

        long read = BitFields.read(buffer, base, bitOffset, width);

        assertThat(read).isEqualTo(referenceRead(bitsOf(buffer), base * 8L + bitOffset, width));
        assertThat(buffer.position()).isEqualTo(1);
        assertThat(buffer.order()).isEqualTo(order);
    }

    @Test
    void writeChangesTheFieldsBitsAndNoOthers() {
        PropertyRunner.forAll(1000, draw -> writeChangesTheFieldsBitsAndNoOthers(buffer(draw), draw.bytes(1, 24),
                draw.ints(0, 7), draw.ints(0, 63), draw.ints(1, 64), draw.anyLong(), draw.bool()));
    }

    private static void writeChangesTheFieldsBitsAndNoOthers(ByteBuffer buffer, byte[] content, int base,
            int bitOffset, int width, long value, boolean fieldEndsAtLimit) {
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

    /**
     * The bytes a write may touch are its record's, from the record's first byte to the field's last: through a
     * slice that holds exactly those bytes, a load or store of any byte outside them would throw.
     */
    @Test
    void writeTouchesNoByteBeforeTheRecordOrAfterTheField() {
        PropertyRunner.forAll(1000, draw -> writeTouchesNoByteBeforeTheRecordOrAfterTheField(buffer(draw),
                draw.bytes(1, 24), draw.ints(0, 7), draw.ints(0, 63), draw.ints(1, 64), draw.anyLong()));
    }

    private static void writeTouchesNoByteBeforeTheRecordOrAfterTheField(ByteBuffer buffer, byte[] content,
            int base, int bitOffset, int width, long value) {
        fill(buffer, content);
        ByteBuffer record = buffer.slice(base, (bitOffset + width + 7) / 8);
        BitSet expected = bitsOf(record);
        for (int i = 0; i < width; i++) {
            expected.set(bitOffset + i, (value >>> i & 1) != 0);
        }

        BitFields.write(record, 0, bitOffset, width, value);

        assertThat(bitsOf(record)).isEqualTo(expected);
    }

    @Test
    void writeWordIsAWriteOfSixtyFourBits() {
        PropertyRunner.forAll(1000, draw -> writeWordIsAWriteOfSixtyFourBits(buffer(draw), draw.bytes(1, 24),
                draw.ints(0, 7), draw.ints(0, 63), draw.anyLong(), draw.bool()));
    }

    private static void writeWordIsAWriteOfSixtyFourBits(ByteBuffer buffer, byte[] content, int base, int bitOffset,
            long value, boolean wordEndsAtLimit) {
        fill(buffer, content);
        buffer.limit(wordEndsAtLimit ? base + (bitOffset + 64 + 7) / 8 : buffer.capacity());
        ByteBuffer expected = ByteBuffer.allocate(buffer.capacity());
        fill(expected, content);
        BitFields.write(expected, base, bitOffset, 64, value);

        BitFields.writeWord(buffer, base, bitOffset, value);

        assertThat(bitsOf(buffer)).isEqualTo(bitsOf(expected));
    }

    @Test
    void wordBitsAreTheFieldsBitsThatFallInTheWord() {
        PropertyRunner.forAll(1000, draw -> wordBitsAreTheFieldsBitsThatFallInTheWord(draw.ints(0, 200),
                draw.ints(1, 64), draw.anyLong()));
    }

    private static void wordBitsAreTheFieldsBitsThatFallInTheWord(int offset, int width, long value) {
        BitSet field = new BitSet();
        for (int i = 0; i < width; i++) {
            field.set(offset + i, (value >>> i & 1) != 0);
        }
        for (int word = 0; word < 5; word++) {
            long expected = referenceRead(field, 64L * word, 64);

            assertThat(BitFields.wordBits(value, width, offset, word)).as("word %d", word).isEqualTo(expected);
        }
    }

    @Test
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

    @Test
    void wordLoadsAreLittleEndianWhateverTheBuffersOrder() {
        PropertyRunner.forAll(1000, draw -> wordLoadsAreLittleEndianWhateverTheBuffersOrder(buffer(draw),
                draw.bytes(1, 24), draw.ints(0, 16)));
    }

    private static void wordLoadsAreLittleEndianWhateverTheBuffersOrder(ByteBuffer buffer, byte[] content,
            int index) {
        fill(buffer, content);
        BitSet bits = bitsOf(buffer);

        assertThat(BitFields.getLong(buffer, index)).isEqualTo(referenceRead(bits, index * 8L, 64));
        assertThat(BitFields.getInt(buffer, index)).isEqualTo((int) referenceRead(bits, index * 8L, 32));
        assertThat(BitFields.getShort(buffer, index)).isEqualTo((short) referenceRead(bits, index * 8L, 16));
        assertThat(BitFields.getByte(buffer, index)).isEqualTo((byte) referenceRead(bits, index * 8L, 8));
    }

    @Test
    void copyBitsCopiesAnyNumberOfBitsBetweenAnyOffsets() {
        PropertyRunner.forAll(1000, draw -> copyBitsCopiesAnyNumberOfBitsBetweenAnyOffsets(draw.bytes(40, 40),
                draw.bytes(40, 40), draw.ints(0, 60), draw.ints(0, 60), draw.ints(0, 200)));
    }

    private static void copyBitsCopiesAnyNumberOfBitsBetweenAnyOffsets(byte[] source, byte[] destination, int from,
            int to, int bits) {
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

    @Test
    void clearZeroesExactlyTheGivenBits() {
        PropertyRunner.forAll(1000, draw -> clearZeroesExactlyTheGivenBits(draw.bytes(40, 40), draw.ints(0, 60),
                draw.ints(0, 200)));
    }

    private static void clearZeroesExactlyTheGivenBits(byte[] content, int from, int bits) {
        ByteBuffer buffer = ByteBuffer.wrap(content.clone());
        BitSet expected = BitSet.valueOf(content);
        expected.clear(8 + from, 8 + from + bits);

        BitFields.clear(buffer, 1, from, bits);

        assertThat(bitsOf(buffer)).isEqualTo(expected);
    }

    @Test
    void recordBytesEqualityAndHashIgnoreTheUnusedHighBits() {
        PropertyRunner.forAll(1000, draw -> recordBytesEqualityAndHashIgnoreTheUnusedHighBits(draw.bytes(12, 12),
                draw.ints(1, 80), draw.ints(0, 255)));
    }

    private static void recordBytesEqualityAndHashIgnoreTheUnusedHighBits(byte[] content, int bits, int noise) {
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

    @Test
    void recordsThatDifferInAFieldBitAreNotEqual() {
        PropertyRunner.forAll(1000, draw -> recordsThatDifferInAFieldBitAreNotEqual(draw.bytes(12, 12),
                draw.ints(1, 80), draw.ints(0, 79)));
    }

    private static void recordsThatDifferInAFieldBitAreNotEqual(byte[] content, int bits, int flipped) {
        int bit = flipped % bits;
        ByteBuffer a = ByteBuffer.wrap(content.clone());
        ByteBuffer b = ByteBuffer.wrap(content.clone());
        BitFields.write(b, 1, bit, 1, ~BitFields.read(b, 1, bit, 1));

        assertThat(BitFields.equalRecords(a, 1, b, 1, bits)).isFalse();
    }
}
