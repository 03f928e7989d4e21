package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bytes of unbounded integers and decimals, exactly as documented, and every value back with its scale. */
class BigNumbersTest {

    private static byte[] integerBytes(long value) {
        ByteBuffer buffer = ByteBuffer.allocate(16);
        int length = BigNumbers.writeInteger(buffer, 0, BigInteger.valueOf(value));
        assertThat(length).isEqualTo(BigNumbers.integerLength(BigInteger.valueOf(value)));
        byte[] bytes = new byte[length];
        buffer.get(0, bytes);
        return bytes;
    }

    private static byte[] decimalBytes(String value) {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        int length = BigNumbers.writeDecimal(buffer, 0, new BigDecimal(value));
        assertThat(length).isEqualTo(BigNumbers.decimalLength(new BigDecimal(value)));
        byte[] bytes = new byte[length];
        buffer.get(0, bytes);
        return bytes;
    }

    @Test
    void integersAreTheirShortestTwosComplementBytesMostSignificantFirst() {
        assertThat(integerBytes(0)).containsExactly(0x00);
        assertThat(integerBytes(127)).containsExactly(0x7F);
        assertThat(integerBytes(128)).containsExactly(0x00, 0x80);
        assertThat(integerBytes(-1)).containsExactly(0xFF);
        assertThat(integerBytes(-129)).containsExactly(0xFF, 0x7F);
    }

    @Test
    void decimalsAreAZigzagScaleThenTheirUnscaledInteger() {
        assertThat(decimalBytes("1.50")).containsExactly(0x04, 0x00, 0x96);
        assertThat(decimalBytes("50000000.00")).containsExactly(0x04, 0x01, 0x2A, 0x05, 0xF2, 0x00);
        assertThat(decimalBytes("5E+3")).containsExactly(0x05, 0x05);
        assertThat(decimalBytes("0")).containsExactly(0x00, 0x00);
    }

    @Test
    void randomValuesComeBackExactlyScaleIncluded() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        for (int i = 0; i < 2_000; i++) {
            BigInteger unscaled = new BigInteger(random.nextInt(400), random);
            if (random.nextBoolean()) {
                unscaled = unscaled.negate();
            }
            int scale = random.nextInt(5) == 0 ? random.nextInt() : random.nextInt(200) - 100;
            BigDecimal value = new BigDecimal(unscaled, scale);
            int at = random.nextInt(100);
            int end = at + BigNumbers.writeDecimal(buffer, at, value);
            assertThat(BigNumbers.decimal("f", buffer, 0, at, end)).as("seed %d", seed).isEqualTo(value);
            int integerEnd = at + BigNumbers.writeInteger(buffer, at, unscaled);
            assertThat(BigNumbers.integer("f", buffer, 0, at, integerEnd)).as("seed %d", seed).isEqualTo(unscaled);
        }
    }

    /**
     * Values of up to 8 bytes are read from a {@code long} (no copy, no magnitude array): the same values as
     * {@code new BigInteger(bytes)} gives, at every length and at the edges of each, with their scale.
     */
    @Test
    void smallValuesReadFromALongAreThoseOfTheirBytes() {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        for (int bits = 0; bits <= 70; bits++) {
            BigInteger top = BigInteger.ONE.shiftLeft(bits);
            for (BigInteger value : new BigInteger[] {top, top.subtract(BigInteger.ONE), top.negate(),
                    top.negate().subtract(BigInteger.ONE), top.add(BigInteger.valueOf(0x5A))}) {
                int end = 3 + BigNumbers.writeInteger(buffer, 3, value);
                byte[] bytes = new byte[end - 3];
                buffer.get(3, bytes);
                assertThat(BigNumbers.integer("f", buffer, 0, 3, end)).as("%s", value).isEqualTo(new BigInteger(bytes))
                        .isEqualTo(value);
                for (int scale : new int[] {0, 2, -3, 70}) {
                    BigDecimal decimal = new BigDecimal(value, scale);
                    int decimalEnd = 5 + BigNumbers.writeDecimal(buffer, 5, decimal);
                    BigDecimal read = BigNumbers.decimal("f", buffer, 0, 5, decimalEnd);
                    assertThat(read).as("%s", decimal).isEqualTo(decimal);
                    assertThat(read.toString()).isEqualTo(decimal.toString());
                    assertThat(read.hashCode()).isEqualTo(decimal.hashCode());
                }
            }
        }
    }

    @Test
    void damagedDataIsCorruptDataNamingTheField() {
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {(byte) 0x80, (byte) 0x80, 0, 0, 0, 0});
        assertThatThrownBy(() -> BigNumbers.integer("R.n", buffer, 0, 2, 2)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.n: an integer takes at least one byte, but its data is empty");
        assertThatThrownBy(() -> BigNumbers.decimal("R.d", buffer, 0, 0, 2)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.d: the decimal's scale does not end within its data");
        assertThatThrownBy(() -> BigNumbers.decimal("R.d", buffer, 0, 0, 9)).isInstanceOf(CorruptDataException.class);
    }
}
