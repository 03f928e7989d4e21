package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.time.LocalTime;

/**
 * A {@code time} field, stored as milliseconds since midnight.
 *
 * @param <R> the records' interface
 */
public final class TimeField<R> extends OrderedField<R, LocalTime> {
    private static final long serialVersionUID = 1L;
    private static final long NANOS_PER_MILLI = 1_000_000;
    private static final long MILLIS_PER_DAY = 86_400_000;

    private TimeField(FieldBits bits, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, MILLIS_PER_DAY - 1, defaultRaw);
    }

    /** Times of day in milliseconds. */
    public static <R> TimeField<R> of(FieldBits bits) {
        return new TimeField<>(bits, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public TimeField<R> withDefault(LocalTime value) {
        return new TimeField<>(bits(), exactRaw(value));
    }

    @Override
    Long rawOf(LocalTime value) {
        long nanos = value.toNanoOfDay();
        return nanos % NANOS_PER_MILLI != 0 ? null : nanos / NANOS_PER_MILLI;
    }

    @Override
    BigDecimal position(LocalTime value) {
        return BigDecimal.valueOf(value.toNanoOfDay()).movePointLeft(6);
    }

    @Override
    public LocalTime valueOf(long raw) {
        return LocalTime.ofNanoOfDay(raw * NANOS_PER_MILLI);
    }
}
