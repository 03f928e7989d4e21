package dev.sdo.runtime;

import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code LocalDate}s of a {@code date(lo..hi)} field, made once each: a getter of such a field returns the cached
 * date instead of allocating one per call, so that a scan through the getters a user writes first allocates nothing.
 *
 * <p>The cache is an array with one slot per day of the range (4 bytes per day with compressed references: 146 KB for
 * a century), filled as days are read; each date read costs its 24 bytes once. Only ranges of at most
 * {@link #MAX_DAYS} days are cached, and fields of one range share one cache. Slots are filled without locks: two
 * threads reading the same new day may both make it, and either may stay (dates are immutable, so any thread sees a
 * whole one). Results are equal, not necessarily identical: {@code ==} is not promised.
 */
public final class DateCache {
    /** The longest range cached: 65,536 days, about 179 years. */
    public static final int MAX_DAYS = 1 << 16;

    private static final Map<Long, DateCache> SHARED = new ConcurrentHashMap<>();

    private final long firstEpochDay;
    private final LocalDate[] dates;

    private DateCache(long firstEpochDay, int days) {
        this.firstEpochDay = firstEpochDay;
        this.dates = new LocalDate[days];
    }

    /** The cache of the dates from {@code firstEpochDay} to {@code lastEpochDay}, at most {@link #MAX_DAYS} of them. */
    public static DateCache of(long firstEpochDay, long lastEpochDay) {
        long days = lastEpochDay - firstEpochDay + 1;
        if (days < 1 || days > MAX_DAYS) {
            throw new IllegalArgumentException("a cached date range has 1.." + MAX_DAYS + " days, not " + days);
        }
        // Both ends in one key: epoch days of years 1..9999 fit 23 bits each.
        return SHARED.computeIfAbsent(firstEpochDay << 32 | (lastEpochDay & 0xFFFF_FFFFL),
                key -> new DateCache(firstEpochDay, (int) days));
    }

    /** The date of {@code epochDay}, which must be within the range. */
    public LocalDate get(int epochDay) {
        int index = (int) (epochDay - firstEpochDay);
        LocalDate date = dates[index];
        if (date == null) {
            date = LocalDate.ofEpochDay(epochDay);
            dates[index] = date;
        }
        return date;
    }
}
