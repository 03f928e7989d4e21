package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class FieldValuesTest {

    @Test
    void rangesAcceptTheirLimitsAndRejectOneBeyond() {
        assertThat(FieldValues.checkRange("R.f", 1, 1, 31)).isEqualTo(1);
        assertThat(FieldValues.checkRange("R.f", 31, 1, 31)).isEqualTo(31);
        assertThatThrownBy(() -> FieldValues.checkRange("R.f", 0, 1, 31))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.f", "0", "1..31");
        assertThatThrownBy(() -> FieldValues.checkRange("R.f", 32, 1, 31))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.f", "32", "1..31");
        assertThat(FieldValues.checkRange("R.f", Long.MIN_VALUE, Long.MIN_VALUE, Long.MAX_VALUE))
                .isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void bigIntegerRangesRejectValuesBeyondSixtyFourBits() {
        assertThat(FieldValues.checkRange("R.f", BigInteger.valueOf(Long.MAX_VALUE), 0, Long.MAX_VALUE))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(FieldValues.checkRange("R.f", BigInteger.valueOf(Long.MIN_VALUE), Long.MIN_VALUE, 0))
                .isEqualTo(Long.MIN_VALUE);
        BigInteger beyond = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);
        assertThatThrownBy(() -> FieldValues.checkRange("R.f", beyond, 0, Long.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(beyond.toString());
        assertThatThrownBy(() -> FieldValues.checkRange("R.f", BigInteger.valueOf(32), 1, 31))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..31");
    }

    @Test
    void rangeChecksAgreeWithComparison() {
        // One value in two near the range, so that both sides of both limits are well tried.
        PropertyRunner.forAll(1000, draw -> rangeChecksAgreeWithComparison(
                draw.bool() ? draw.anyLong() : draw.longs(-3001, 3001), draw.longs(-1000, 1000), draw.ints(0, 2000)));
    }

    private static void rangeChecksAgreeWithComparison(long value, long min, int span) {
        long max = min + span;
        boolean inside = value >= min && value <= max;
        if (inside) {
            assertThat(FieldValues.checkRange("R.f", value, min, max)).isEqualTo(value);
        } else {
            assertThatThrownBy(() -> FieldValues.checkRange("R.f", value, min, max))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void decimalsWithFewerDecimalsAreScaledUp() {
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("1.5"), 4, 2, false)).isEqualTo(150);
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("7"), 4, 2, false)).isEqualTo(700);
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("1E+1"), 4, 2, false)).isEqualTo(1000);
    }

    @Test
    void trailingZerosBeyondTheScaleAreAcceptedWhenExact() {
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("1.500"), 4, 2, false)).isEqualTo(150);
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("-1.50000"), 4, 2, true)).isEqualTo(-150);
    }

    @Test
    void decimalsThatWouldNeedRoundingAreRejected() {
        assertThatThrownBy(() -> FieldValues.unscaled("R.d", new BigDecimal("1.505"), 4, 2, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("R.d", "1.505", "2 decimals");
    }

    @Test
    void decimalsAcceptExactlyTheirPrecisionAndRejectOneMoreDigit() {
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("99.99"), 4, 2, false)).isEqualTo(9999);
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("-99.99"), 4, 2, true)).isEqualTo(-9999);
        assertThatThrownBy(() -> FieldValues.unscaled("R.d", new BigDecimal("100.00"), 4, 2, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.d", "100.00", "0.00..99.99");
        assertThatThrownBy(() -> FieldValues.unscaled("R.d", new BigDecimal("-100"), 4, 2, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-99.99..99.99");
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("999999999999999999"), 18, 0, true))
                .isEqualTo(999_999_999_999_999_999L);
    }

    @Test
    void udecimalsRejectNegativeValues() {
        assertThatThrownBy(() -> FieldValues.unscaled("R.d", new BigDecimal("-0.01"), 4, 2, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.d", "-0.01");
        assertThat(FieldValues.unscaled("R.d", new BigDecimal("-0.00"), 4, 2, false)).isZero();
    }

    @Test
    void datesAcceptTheirRangeInclusive() {
        LocalDate lo = LocalDate.of(2000, 1, 1);
        LocalDate hi = LocalDate.of(2099, 12, 31);
        assertThat(FieldValues.daysSince("R.d", lo, lo, hi)).isZero();
        assertThat(FieldValues.daysSince("R.d", hi, lo, hi)).isEqualTo(36_524);
        assertThatThrownBy(() -> FieldValues.daysSince("R.d", lo.minusDays(1), lo, hi))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("R.d", "1999-12-31", "2000-01-01..2099-12-31");
        assertThatThrownBy(() -> FieldValues.daysSince("R.d", hi.plusDays(1), lo, hi))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2100-01-01");
    }

    @Test
    void datesAreCheckedAgainstEpochDayBoundsWithTheSameMessage() {
        LocalDate lo = LocalDate.of(2000, 1, 1);
        LocalDate hi = LocalDate.of(2099, 12, 31);
        long first = lo.toEpochDay();
        long last = hi.toEpochDay();
        assertThat(FieldValues.daysSince("R.d", lo, first, last)).isZero();
        assertThat(FieldValues.daysSince("R.d", hi, first, last)).isEqualTo(36_524);
        assertThatThrownBy(() -> FieldValues.daysSince("R.d", lo.minusDays(1), first, last))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("R.d: 1999-12-31 is out of range; allowed: 2000-01-01..2099-12-31");
        assertThatThrownBy(() -> FieldValues.daysSince("R.d", hi.plusDays(1), first, last))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2100-01-01");
    }

    @Test
    void decimalsMadeFromABigIntegerConvertLikeCompactOnes() {
        assertThat(FieldValues.unscaled("R.d", new BigDecimal(new BigInteger("12345"), 2), 12, 2, false))
                .isEqualTo(12_345);
        assertThat(FieldValues.unscaled("R.d", new BigDecimal(new BigInteger("-12345"), 3), 12, 4, true))
                .isEqualTo(-123_450);
    }

    @Test
    void timesRejectAnythingFinerThanAMillisecond() {
        assertThat(FieldValues.millisOfDay("R.t", LocalTime.of(23, 59, 59, 999_000_000))).isEqualTo(86_399_999);
        assertThat(FieldValues.millisOfDay("R.t", LocalTime.MIDNIGHT)).isZero();
        assertThatThrownBy(() -> FieldValues.millisOfDay("R.t", LocalTime.of(0, 0, 0, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.t", "millisecond");
        assertThatThrownBy(() -> FieldValues.millisOfDay("R.t", LocalTime.of(0, 0, 0, 999_999)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void timestampsRejectSubMillisecondsAndValuesBeyondSixtyFourBitMilliseconds() {
        assertThat(FieldValues.epochMillis("R.t", Instant.ofEpochMilli(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
        assertThat(FieldValues.epochMillis("R.t", Instant.ofEpochMilli(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
        assertThat(FieldValues.epochMillis("R.t", Instant.ofEpochMilli(-1))).isEqualTo(-1);
        assertThatThrownBy(() -> FieldValues.epochMillis("R.t", Instant.ofEpochSecond(0, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.t", "millisecond");
        assertThatThrownBy(() -> FieldValues.epochMillis("R.t", Instant.ofEpochMilli(Long.MAX_VALUE).plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("R.t");
        assertThatThrownBy(() -> FieldValues.epochMillis("R.t", Instant.ofEpochMilli(Long.MIN_VALUE).minusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("R.t");
    }

    @Test
    void requiredFieldsRejectNull() {
        assertThat(FieldValues.requireNonNull("R.f", "x")).isEqualTo("x");
        assertThatThrownBy(() -> FieldValues.requireNonNull("R.f", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("R.f", "null");
    }

    /**
     * {@code unscaled} against the definition written with plain BigDecimal arithmetic, over values of every
     * scale (negative ones included), with and without trailing zeros, inside and just outside the precision.
     */
    @Test
    void unscaledAgreesWithExactBigDecimalArithmetic() {
        PropertyRunner.forAll(5000, draw -> unscaledAgreesWithExactBigDecimalArithmetic(
                draw.longs(-999_999_999_999_999_999L, 999_999_999_999_999_999L), draw.ints(-4, 22), draw.ints(1, 18),
                draw.ints(0, 18), draw.bool(), draw.ints(0, 3)));
    }

    private static void unscaledAgreesWithExactBigDecimalArithmetic(long digits, int valueScale, int precision,
            int scaleSeed, boolean signed, int trailingZeros) {
        int scale = scaleSeed % (precision + 1);
        BigDecimal value = new BigDecimal(BigInteger.valueOf(digits).multiply(BigInteger.TEN.pow(trailingZeros)),
                valueScale + trailingZeros);
        Long expected = definition(value, precision, scale, signed);
        if (expected == null) {
            assertThatThrownBy(() -> FieldValues.unscaled("R.d", value, precision, scale, signed))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("R.d");
        } else {
            assertThat(FieldValues.unscaled("R.d", value, precision, scale, signed)).isEqualTo(expected);
        }
    }

    /** The stored unscaled value by the spec's words, or null where the value must be rejected. */
    private static Long definition(BigDecimal value, int precision, int scale, boolean signed) {
        BigDecimal scaled;
        try {
            scaled = value.setScale(scale, java.math.RoundingMode.UNNECESSARY);
        } catch (ArithmeticException needsRounding) {
            return null;
        }
        BigInteger unscaled = scaled.unscaledValue();
        boolean fits = unscaled.abs().compareTo(BigInteger.TEN.pow(precision)) < 0 && (signed || unscaled.signum() >= 0);
        return fits ? unscaled.longValueExact() : null;
    }
}
