package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class EpochDaysTest {
    /** Every day of the table's years and a month either side of them, leap days and century years included. */
    @Example
    void everyDayOfTheTabledYearsIsItsEpochDay() {
        LocalDate last = LocalDate.of(2156, 1, 31);
        int days = 0;
        for (LocalDate day = LocalDate.of(1899, 12, 1); !day.isAfter(last); day = day.plusDays(1), days++) {
            assertThat(EpochDays.of(day)).as("%s", day).isEqualTo(day.toEpochDay());
        }
        assertThat(days).isEqualTo(93_564);
    }

    /** Dates anywhere in LocalDate's range, most of them outside the table. */
    @Property(tries = 2000)
    void anyDateIsItsEpochDay(@ForAll @LongRange(min = -365_243_219_162L, max = 365_241_780_471L) long epochDay) {
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        assertThat(EpochDays.of(date)).isEqualTo(epochDay);
    }
}
