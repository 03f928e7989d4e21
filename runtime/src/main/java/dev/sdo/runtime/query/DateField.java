package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A {@code date(lo..hi)} field, stored as the days since {@code lo}.
 *
 * @param <R> the records' interface
 */
public final class DateField<R> extends OrderedField<R, LocalDate> {
    private static final long serialVersionUID = 1L;

    private final long firstEpochDay;

    private DateField(FieldBits bits, long firstEpochDay, long lastEpochDay, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, lastEpochDay - firstEpochDay, defaultRaw);
        this.firstEpochDay = firstEpochDay;
    }

    /** Dates from {@code lo} to {@code hi}, stored as the days since {@code lo}. */
    public static <R> DateField<R> of(FieldBits bits, LocalDate lo, LocalDate hi) {
        return new DateField<>(bits, lo.toEpochDay(), hi.toEpochDay(), null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public DateField<R> withDefault(LocalDate value) {
        return new DateField<>(bits(), firstEpochDay, firstEpochDay + maxKey(), exactRaw(value));
    }

    @Override
    Long rawOf(LocalDate value) {
        long days = value.toEpochDay() - firstEpochDay;
        return days < 0 || days > maxKey() ? null : days;
    }

    @Override
    BigDecimal position(LocalDate value) {
        return BigDecimal.valueOf(value.toEpochDay() - firstEpochDay);
    }

    @Override
    public LocalDate valueOf(long raw) {
        return LocalDate.ofEpochDay(firstEpochDay + raw);
    }
}
