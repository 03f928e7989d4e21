package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A {@code timestamp} field, stored as milliseconds since the epoch in 64-bit two's complement.
 *
 * @param <R> the records' interface
 */
public final class TimestampField<R> extends OrderedField<R, Instant> {
    private static final long serialVersionUID = 1L;

    private TimestampField(FieldBits bits, Long defaultRaw) {
        super(bits, KeyOrder.STORED, Long.MIN_VALUE, Long.MAX_VALUE, defaultRaw);
    }

    /** Instants in milliseconds since the epoch. */
    public static <R> TimestampField<R> of(FieldBits bits) {
        return new TimestampField<>(bits, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public TimestampField<R> withDefault(Instant value) {
        return new TimestampField<>(bits(), exactRaw(value));
    }

    @Override
    Long rawOf(Instant value) {
        BigDecimal millis = position(value);
        if (millis.signum() != 0 && millis.stripTrailingZeros().scale() > 0) {
            return null;
        }
        try {
            return millis.longValueExact();
        } catch (ArithmeticException outsideLong) {
            return null;
        }
    }

    @Override
    BigDecimal position(Instant value) {
        return BigDecimal.valueOf(value.getEpochSecond()).movePointRight(3)
                .add(BigDecimal.valueOf(value.getNano()).movePointLeft(6));
    }

    @Override
    public Instant valueOf(long raw) {
        return Instant.ofEpochMilli(raw);
    }
}
