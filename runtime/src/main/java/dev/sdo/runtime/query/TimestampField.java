package dev.sdo.runtime.query;

import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A {@code timestamp} field: milliseconds (or the field's unit) since the epoch in 64-bit two's complement, or for a
 * range the offset from its first unit (see {@link EpochCountField}).
 *
 * @param <R> the records' interface
 */
public final class TimestampField<R> extends EpochCountField<R, Instant> {
    private static final long serialVersionUID = 1L;

    private TimestampField(FieldBits bits, TimePrecision precision, long lo, long hi, Long defaultRaw) {
        super(bits, precision, lo, hi, defaultRaw);
    }

    /** Instants in milliseconds since the epoch: a plain {@code timestamp}. */
    public static <R> TimestampField<R> of(FieldBits bits) {
        return of(bits, TimePrecision.MILLIS, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Instants in units of {@code precision} from {@code lo} to {@code hi} (counts since the epoch); {@code lo} is
     * {@code Long.MIN_VALUE} for a field without a range, which stores the count itself.
     */
    public static <R> TimestampField<R> of(FieldBits bits, TimePrecision precision, long lo, long hi) {
        return new TimestampField<>(bits, precision, lo, hi, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public TimestampField<R> withDefault(Instant value) {
        return new TimestampField<>(bits(), precision(), lo(), hi(), exactRaw(value));
    }

    @Override
    BigDecimal units(Instant value) {
        return units(value.getEpochSecond(), value.getNano());
    }

    @Override
    Instant valueOfCount(long count) {
        return precision().instant(count);
    }
}
