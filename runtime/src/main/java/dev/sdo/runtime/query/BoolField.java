package dev.sdo.runtime.query;

import java.math.BigDecimal;

/**
 * A {@code bool} field: one bit; {@code false} orders before {@code true}, as {@link Boolean#compareTo} orders them.
 *
 * @param <R> the records' interface
 */
public final class BoolField<R> extends OrderedField<R, Boolean> {
    private static final long serialVersionUID = 1L;

    private BoolField(FieldBits bits, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, 1, defaultRaw);
    }

    /** A one-bit boolean. */
    public static <R> BoolField<R> of(FieldBits bits) {
        return new BoolField<>(bits, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public BoolField<R> withDefault(boolean value) {
        return new BoolField<>(bits(), exactRaw(value));
    }

    /** Records whose value is true. */
    public RecordPredicate<R> isTrue() {
        return eq(Boolean.TRUE);
    }

    /** Records whose value is false. */
    public RecordPredicate<R> isFalse() {
        return eq(Boolean.FALSE);
    }

    @Override
    Long rawOf(Boolean value) {
        return value ? 1L : 0L;
    }

    @Override
    BigDecimal position(Boolean value) {
        return value ? BigDecimal.ONE : BigDecimal.ZERO;
    }

    @Override
    public Boolean valueOf(long raw) {
        return raw != 0;
    }
}
