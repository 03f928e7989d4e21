package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Counts of time units: exact both ways over all of {@code long}, refused when finer or beyond, printed in full. */
class TimePrecisionTest {
    @Test
    void everyCountIsItsInstantsAndLocalDateTimesCount() {
        PropertyRunner.forAll(2_000, draw -> {
            TimePrecision precision = TimePrecision.values()[draw.ints(0, 2)];
            long count = draw.bool() ? draw.longs(Long.MIN_VALUE, Long.MAX_VALUE)
                    : draw.bool() ? Long.MIN_VALUE + draw.longs(0, 5) : Long.MAX_VALUE - draw.longs(0, 5);
            Instant instant = precision.instant(count);
            LocalDateTime local = precision.localDateTime(count);

            assertThat(precision.countOf(instant)).isEqualTo(count);
            assertThat(precision.countOf(local)).isEqualTo(count);
            assertThat(local).isEqualTo(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
            BigInteger exact = BigInteger.valueOf(instant.getEpochSecond()).multiply(BigInteger.valueOf(
                    precision.perSecond())).add(BigInteger.valueOf(instant.getNano() * precision.perSecond()
                    / 1_000_000_000L));
            assertThat(exact).isEqualTo(BigInteger.valueOf(count));
        });
    }

    @Test
    void aValueFinerThanTheUnitOrBeyondALongHasNoCount() {
        assertThat(TimePrecision.MICROS.countOf(Instant.parse("2014-07-21T09:30:00.0000001Z"))).isNull();
        assertThat(TimePrecision.MILLIS.countOf(LocalTime.parse("09:30:00.0001"))).isNull();
        assertThat(TimePrecision.NANOS.countOf(Instant.ofEpochSecond(0, Long.MAX_VALUE).plusNanos(1))).isNull();
        assertThat(TimePrecision.NANOS.countOf(Instant.ofEpochSecond(0, Long.MIN_VALUE).minusNanos(1))).isNull();
        assertThat(TimePrecision.MILLIS.countOf(Instant.MAX)).isNull();
    }

    @Test
    void textHasEveryDigitOfTheUnitButAPlainMillisecondIsAsEver() {
        Instant instant = Instant.parse("2014-07-21T09:30:00Z");
        assertThat(TimePrecision.MILLIS.format(instant)).isEqualTo("2014-07-21T09:30:00Z");
        assertThat(TimePrecision.MICROS.format(instant)).isEqualTo("2014-07-21T09:30:00.000000Z");
        assertThat(TimePrecision.NANOS.format(instant.plusNanos(10))).isEqualTo("2014-07-21T09:30:00.000000010Z");
        assertThat(TimePrecision.MILLIS.format(LocalDateTime.parse("2014-07-21T09:30"))).isEqualTo(
                "2014-07-21T09:30:00.000");
        assertThat(TimePrecision.MILLIS.format(LocalTime.parse("09:30"))).isEqualTo("09:30:00");
        assertThat(TimePrecision.NANOS.format(LocalTime.parse("09:30"))).isEqualTo("09:30:00.000000000");
        assertThat(TimePrecision.MICROS.format(TimePrecision.MICROS.instant(Long.MIN_VALUE)))
                .isEqualTo("-290308-12-21T19:59:05.224192Z");
    }
}
