package dev.sdo.runtime.query;

import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A {@code localtimestamp} field: units since 1970-01-01T00:00 in 64-bit two's complement, or for a range the offset
 * from its first unit (see {@link EpochCountField}).
 *
 * @param <R> the records' interface
 */
public final class LocalTimestampField<R> extends EpochCountField<R, LocalDateTime> {
    private static final long serialVersionUID = 1L;

    private LocalTimestampField(FieldBits bits, TimePrecision precision, long lo, long hi, Long defaultRaw) {
        super(bits, precision, lo, hi, defaultRaw);
    }

    /**
     * Local date-times in units of {@code precision} from {@code lo} to {@code hi} (counts since 1970-01-01T00:00);
     * {@code lo} is {@code Long.MIN_VALUE} for a field without a range, which stores the count itself.
     */
    public static <R> LocalTimestampField<R> of(FieldBits bits, TimePrecision precision, long lo, long hi) {
        return new LocalTimestampField<>(bits, precision, lo, hi, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public LocalTimestampField<R> withDefault(LocalDateTime value) {
        return new LocalTimestampField<>(bits(), precision(), lo(), hi(), exactRaw(value));
    }

    @Override
    BigDecimal units(LocalDateTime value) {
        return units(value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }

    @Override
    LocalDateTime valueOfCount(long count) {
        return precision().localDateTime(count);
    }
}
