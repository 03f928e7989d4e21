package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class EpochDaysTest {
    /** Every day of the table's years and a month either side of them, leap days and century years included. */
    @Test
    void everyDayOfTheTabledYearsIsItsEpochDay() {
        LocalDate last = LocalDate.of(2156, 1, 31);
        int days = 0;
        for (LocalDate day = LocalDate.of(1899, 12, 1); !day.isAfter(last); day = day.plusDays(1), days++) {
            assertThat(EpochDays.of(day)).as("%s", day).isEqualTo(day.toEpochDay());
        }
        assertThat(days).isEqualTo(93_564);
    }

    /** Dates anywhere in LocalDate's range, most of them outside the table. */
    @Test
    void anyDateIsItsEpochDay() {
        PropertyRunner.forAll(2000, draw -> anyDateIsItsEpochDay(draw.longs(-365_243_219_162L, 365_241_780_471L)));
    }

    private static void anyDateIsItsEpochDay(long epochDay) {
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        assertThat(EpochDays.of(date)).isEqualTo(epochDay);
    }
}
