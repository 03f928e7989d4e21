package dev.sdo.runtime;

import java.time.LocalDate;

/**
 * {@link LocalDate#toEpochDay()} by table lookup for the dates most data holds. {@code toEpochDay} computes leap
 * days from the year with three divisions and a leap-year test on every call, about 5 ns, which was a third of
 * encoding a trade with two dates; here a date of the years 1900 to 2155 costs one load: the epoch day of the first
 * of its month (a table of 256 x 12 ints, 12 KiB) plus its day of the month. Other years fall back to
 * {@code toEpochDay}.
 */
final class EpochDays {
    private static final int FIRST_YEAR = 1900;
    private static final int YEARS = 256;
    private static final int MONTHS = 12;
    /** The epoch day of the first of each month, month 1 of {@link #FIRST_YEAR} first. */
    private static final int[] MONTH_STARTS = new int[YEARS * MONTHS];

    static {
        for (int i = 0; i < MONTH_STARTS.length; i++) {
            MONTH_STARTS[i] = (int) LocalDate.of(FIRST_YEAR + i / MONTHS, 1 + i % MONTHS, 1).toEpochDay();
        }
    }

    private EpochDays() {}

    /** Days since 1970-01-01 of {@code date}, exactly {@code date.toEpochDay()}. */
    static long of(LocalDate date) {
        int year = date.getYear() - FIRST_YEAR;
        if (year < 0 || year >= YEARS) {
            return date.toEpochDay();
        }
        return MONTH_STARTS[year * MONTHS + date.getMonthValue() - 1] + date.getDayOfMonth() - 1;
    }
}
