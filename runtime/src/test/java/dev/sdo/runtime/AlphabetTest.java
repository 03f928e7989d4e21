package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class AlphabetTest {
    private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final Alphabet LETTERS = new Alphabet(UPPER);
    private static final Alphabet ASCII = new Alphabet(printableAscii());

    private static String printableAscii() {
        StringBuilder chars = new StringBuilder();
        for (char c = 0x20; c <= 0x7E; c++) {
            chars.append(c);
        }
        return chars.toString();
    }

    @Test
    void codeBitsAreTheCeilingOfLog2OfSizePlusOne() {
        assertThat(LETTERS.codeBits()).isEqualTo(5);
        assertThat(ASCII.codeBits()).isEqualTo(7);
        assertThat(new Alphabet("A").codeBits()).isEqualTo(1);
        assertThat(new Alphabet("ABC").codeBits()).isEqualTo(2);
        assertThat(new Alphabet("ABCD").codeBits()).isEqualTo(3);
    }

    @Test
    void eurPacksAsInTheSpec() {
        assertThat(LETTERS.pack("T.c", "EUR", 3)).isEqualTo(0x4AA5);
        assertThat(LETTERS.unpack(0x4AA5, 3)).isEqualTo("EUR");
    }

    @Test
    void codesFollowTheWrittenOrder() {
        Alphabet alphabet = new Alphabet(UPPER + "0123456789");
        assertThat(alphabet.code('A')).isEqualTo(1);
        assertThat(alphabet.code('0')).isEqualTo(27);
        assertThat(alphabet.code('a')).isZero();
        assertThat(new Alphabet("\u00e9\u00e8").code('\u00e8')).isEqualTo(2);
    }

    @Test
    void packAndUnpackRoundTrip() {
        PropertyRunner.forAll(1000, draw -> packAndUnpackRoundTrip(draw.string(UPPER, 0, 3)));
    }

    private static void packAndUnpackRoundTrip(String value) {
        long packed = LETTERS.pack("T.c", value, 3);

        assertThat(packed).isLessThan(1L << 15);
        assertThat(LETTERS.unpack(packed, 3)).isEqualTo(value);
    }

    @Test
    void writeAndReadRoundTripAtAnyBitOffset() {
        PropertyRunner.forAll(1000, draw -> writeAndReadRoundTripAtAnyBitOffset(draw.string(printableAscii(), 0, 20),
                draw.ints(0, 13)));
    }

    private static void writeAndReadRoundTripAtAnyBitOffset(String value, int bitOffset) {
        // 20 characters of 7 bits: 140 bits, more than fit a long; the field ends at the buffer's end.
        int bytes = (bitOffset + 140 + 7) / 8;
        ByteBuffer buffer = ByteBuffer.allocate(3 + bytes);
        for (int i = 0; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) 0xFF);
        }

        ASCII.write("T.text", value, 20, buffer, 3, bitOffset);

        assertThat(ASCII.read(buffer, 3, bitOffset, 20)).isEqualTo(value);
        if (bitOffset > 0) {
            assertThat(BitFields.read(buffer, 3, 0, bitOffset)).as("bits before the field")
                    .isEqualTo(BitFields.mask(bitOffset));
        }
        if (value.length() < 20) {
            assertThat(BitFields.read(buffer, 3, bitOffset + value.length() * 7L, 7)).as("padding").isZero();
        }
    }

    @Test
    void theEmptyStringIsAllPadding() {
        assertThat(LETTERS.pack("T.c", "", 3)).isZero();
        assertThat(LETTERS.unpack(0, 3)).isEmpty();
    }

    @Test
    void aStringTooLongIsRejectedNamingTheFieldTheValueAndTheLimit() {
        assertThatThrownBy(() -> LETTERS.pack("Trade.currency1", "EURO", 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("Trade.currency1", "EURO", "at most 3");
        assertThatThrownBy(() -> LETTERS.write("Trade.currency1", "EURO", 3, ByteBuffer.allocate(2), 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 3");
    }

    @Test
    void aCharacterOutsideTheAlphabetIsRejectedNamingItAndItsIndex() {
        assertThatThrownBy(() -> LETTERS.pack("Trade.currency1", "EuR", 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("Trade.currency1", "EuR", "'u'", "index 1", UPPER);
        assertThatThrownBy(() -> ASCII.pack("T.t", "\u00e9", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+00E9");
    }

    @Test
    void aCodeBeyondTheAlphabetIsCorruptData() {
        // 27..31 are 5-bit codes that no letter has.
        assertThatThrownBy(() -> LETTERS.unpack(27, 3)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("27");
        ByteBuffer buffer = ByteBuffer.allocate(2);
        BitFields.write(buffer, 0, 0, 5, 31);
        assertThatThrownBy(() -> LETTERS.read(buffer, 0, 0, 3)).isInstanceOf(CorruptDataException.class);
    }

    @Test
    void anEmptyAlphabetIsRejected() {
        assertThatThrownBy(() -> new Alphabet("")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Sorting by order keys is sorting the strings, for alphabets written in any order (issue 21's raw sorts). */
    @Test
    void orderKeysCompareAsTheStringsDo() {
        PropertyRunner.forAll(1000, draw -> {
            // An alphabet in a random order: its codes follow the written order, its keys the characters' order.
            java.util.List<Character> characters = new java.util.ArrayList<>();
            for (char c : (UPPER + "0123456789-").toCharArray()) {
                characters.add(c);
            }
            java.util.Collections.shuffle(characters, new java.util.Random(draw.ints(0, Integer.MAX_VALUE)));
            int size = draw.ints(1, characters.size());
            StringBuilder written = new StringBuilder();
            characters.subList(0, size).forEach(written::append);
            Alphabet alphabet = new Alphabet(draw.bool() ? written.toString() : sorted(written.toString()));
            int length = Math.min(12, 63 / alphabet.codeBits());
            String a = draw.string(alphabet.characters(), 0, length);
            String b = draw.bool() ? a.substring(0, draw.ints(0, a.length())) : draw.string(alphabet.characters(), 0, length);

            long keyA = alphabet.orderKey(alphabet.pack("T.c", a, length), length);
            long keyB = alphabet.orderKey(alphabet.pack("T.c", b, length), length);

            assertThat(Integer.signum(Long.compare(keyA, keyB))).as("%s vs %s in %s", a, b, alphabet.characters())
                    .isEqualTo(Integer.signum(a.compareTo(b)));
            assertThat(keyA).isNotNegative();
        });
    }

    private static String sorted(String characters) {
        char[] chars = characters.toCharArray();
        java.util.Arrays.sort(chars);
        return new String(chars);
    }
}
