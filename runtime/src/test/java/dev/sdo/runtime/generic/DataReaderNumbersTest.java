package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.CorruptDataException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generic reader's unbounded decimals and integers, read from a {@code long} when they have at most 8 bytes:
 * the same values (unscaled value and scale) as {@link BigNumbers} reads, and the same refusals of damaged data.
 */
class DataReaderNumbersTest {
    private static final Readers NONE = new Readers(null);

    private static Object read(FieldType type, ByteBuffer buffer, int start, int end) {
        return new DataReader("R.x", type, NONE).read(buffer, start, end, null, 0);
    }

    @Test
    void readsDecimalsAsBigNumbersDoes() {
        for (long seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            for (int i = 0; i < 50; i++) {
                int bits = 1 + random.nextInt(100);
                BigInteger unscaled = new BigInteger(bits, random);
                if (random.nextBoolean()) {
                    unscaled = unscaled.negate();
                }
                int scale = random.nextInt(5) == 0 ? random.nextInt(2_000_000) - 1_000_000 : random.nextInt(40) - 10;
                BigDecimal value = new BigDecimal(unscaled, scale);
                ByteBuffer buffer = ByteBuffer.allocate(3 + BigNumbers.decimalLength(value) + 2);
                int end = 3 + BigNumbers.writeDecimal(buffer, 3, value);
                BigDecimal expected = BigNumbers.decimal("R.x", buffer, 0, 3, end);
                Object read = read(new FieldType.AnyDecimal(), buffer, 3, end);
                assertThat(read).as("seed %d, value %s", seed, value).isEqualTo(expected).isEqualTo(value);
                assertThat(((BigDecimal) read).toPlainString()).as("seed %d", seed).isEqualTo(value.toPlainString());
            }
        }
    }

    @Test
    void readsIntegersAsBigNumbersDoes() {
        for (long seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            for (int i = 0; i < 50; i++) {
                BigInteger value = new BigInteger(1 + random.nextInt(90), random);
                if (random.nextBoolean()) {
                    value = value.negate();
                }
                ByteBuffer buffer = ByteBuffer.allocate(1 + BigNumbers.integerLength(value));
                int end = 1 + BigNumbers.writeInteger(buffer, 1, value);
                assertThat(read(new FieldType.AnyInteger(), buffer, 1, end)).as("seed %d", seed).isEqualTo(value)
                        .isEqualTo(BigNumbers.integer("R.x", buffer, 0, 1, end));
            }
        }
    }

    @Test
    void refusesDamagedDecimalsAsBigNumbersDoes() {
        // No data; a scale that does not end; a scale and no unscaled value.
        byte[][] damaged = {{}, {(byte) 0x80}, {(byte) 0x80, (byte) 0x80}, {2}, {(byte) 0x81, 1}};
        for (byte[] bytes : damaged) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            String message = null;
            try {
                BigNumbers.decimal("R.x", buffer, 0, 0, bytes.length);
            } catch (CorruptDataException e) {
                message = e.getMessage();
            }
            assertThat(message).isNotNull();
            assertThatThrownBy(() -> read(new FieldType.AnyDecimal(), buffer, 0, bytes.length))
                    .isInstanceOf(CorruptDataException.class).hasMessage(message);
        }
    }
}
