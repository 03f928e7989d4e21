package dev.sdo.runtime.query;

import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.time.LocalTime;

/**
 * A {@code time} field, stored as milliseconds (or the field's unit) since midnight.
 *
 * @param <R> the records' interface
 */
public final class TimeField<R> extends OrderedField<R, LocalTime> {
    private static final long serialVersionUID = 1L;

    private final TimePrecision precision;

    private TimeField(FieldBits bits, TimePrecision precision, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, precision.perDay() - 1, defaultRaw);
        this.precision = precision;
    }

    /** Times of day in milliseconds. */
    public static <R> TimeField<R> of(FieldBits bits) {
        return of(bits, TimePrecision.MILLIS);
    }

    /** Times of day in units of {@code precision}. */
    public static <R> TimeField<R> of(FieldBits bits, TimePrecision precision) {
        return new TimeField<>(bits, precision, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public TimeField<R> withDefault(LocalTime value) {
        return new TimeField<>(bits(), precision, exactRaw(value));
    }

    @Override
    Long rawOf(LocalTime value) {
        return precision.countOf(value);
    }

    @Override
    BigDecimal position(LocalTime value) {
        return BigDecimal.valueOf(value.toNanoOfDay()).movePointLeft(9 - precision.digits());
    }

    @Override
    public LocalTime valueOf(long raw) {
        return precision.timeOfDay(raw);
    }
}
