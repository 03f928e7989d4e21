package dev.sdo.runtime;

import java.time.LocalTime;

/**
 * Conversions from stored numbers to Java values where some numbers a field's bits can hold are no value at all,
 * used when reading. Such a number was written by no encoder: the data is damaged or was written with another
 * schema, and it is reported as a {@link CorruptDataException} naming the field, never as an unrelated exception.
 */
public final class StoredValues {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private StoredValues() {}

    /**
     * {@code stored}, the bits of a field whose type has fewer values than its bits can hold ({@code int(1..31)} in 5
     * bits, a date range, a decimal's precision), after checking that it is at most {@code max}, the largest number
     * an encoder stores for it.
     */
    public static int checked(String field, int stored, int max) {
        if (Integer.compareUnsigned(stored, max) > 0) {
            throw beyond(field, Integer.toUnsignedString(stored), Integer.toUnsignedString(max));
        }
        return stored;
    }

    /** {@link #checked(String, int, int)} for fields of more than 31 bits. */
    public static long checked(String field, long stored, long max) {
        if (Long.compareUnsigned(stored, max) > 0) {
            throw beyond(field, Long.toUnsignedString(stored), Long.toUnsignedString(max));
        }
        return stored;
    }

    private static CorruptDataException beyond(String field, String stored, String max) {
        return new CorruptDataException(field + ": stored number " + stored + " is beyond " + max
                + ", the largest its type stores");
    }

    /** The time of day {@code count} units of {@code precision} after midnight, which must be less than a day. */
    public static LocalTime timeOfDay(String field, long count, TimePrecision precision) {
        if (count < 0 || count >= precision.perDay()) {
            throw new CorruptDataException(field + ": stored time " + count + " " + precision.symbol()
                    + " is not a time of day (0.." + (precision.perDay() - 1) + ")");
        }
        return precision.timeOfDay(count);
    }

    /** The time of day {@code millisOfDay} milliseconds after midnight, which must be less than a day. */
    public static LocalTime timeOfDay(String field, long millisOfDay) {
        if (millisOfDay < 0 || millisOfDay >= MILLIS_PER_DAY) {
            throw new CorruptDataException(field + ": stored time " + millisOfDay
                    + " ms is not a time of day (0.." + (MILLIS_PER_DAY - 1) + ")");
        }
        return LocalTime.ofNanoOfDay(millisOfDay * NANOS_PER_MILLI);
    }
}
