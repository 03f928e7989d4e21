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

    /** The time of day {@code millisOfDay} milliseconds after midnight, which must be less than a day. */
    public static LocalTime timeOfDay(String field, long millisOfDay) {
        if (millisOfDay < 0 || millisOfDay >= MILLIS_PER_DAY) {
            throw new CorruptDataException(field + ": stored time " + millisOfDay
                    + " ms is not a time of day (0.." + (MILLIS_PER_DAY - 1) + ")");
        }
        return LocalTime.ofNanoOfDay(millisOfDay * NANOS_PER_MILLI);
    }
}
