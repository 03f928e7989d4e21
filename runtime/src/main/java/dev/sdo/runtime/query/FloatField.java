package dev.sdo.runtime.query;

/**
 * A {@code float32} or {@code float64} field. Its stored bits do not order as its values do (negative numbers, two
 * zeros, NaN), so its tests read the value and compare it as Java's operators do: {@code 0.0 == -0.0}, and NaN
 * matches no comparison (and every {@code ne}).
 *
 * @param <R> the records' interface
 */
public final class FloatField<R> extends RecordField<R> {
    private static final long serialVersionUID = 1L;

    private final Double defaultValue;

    private FloatField(FieldBits bits, Double defaultValue) {
        super(bits);
        if (bits.width() != Float.SIZE && bits.width() != Double.SIZE) {
            throw new IllegalArgumentException(bits.name() + ": a floating-point field has 32 or 64 bits");
        }
        this.defaultValue = defaultValue;
    }

    /** An IEEE 754 number of {@code bits.width()} (32 or 64) bits. */
    public static <R> FloatField<R> of(FieldBits bits) {
        return new FloatField<>(bits, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public FloatField<R> withDefault(double value) {
        return new FloatField<>(bits(), value);
    }

    @Override
    boolean hasDefault() {
        return defaultValue != null;
    }

    /** Records whose value {@code ==} {@code value}. */
    public RecordPredicate<R> eq(double value) {
        return between(value, true, value, true);
    }

    /** Records whose value {@code !=} {@code value}, records without a value included. */
    public RecordPredicate<R> ne(double value) {
        return eq(value).negate();
    }

    /** Records whose value {@code <} {@code value}. */
    public RecordPredicate<R> lt(double value) {
        return between(Double.NEGATIVE_INFINITY, true, value, false);
    }

    /** Records whose value {@code <=} {@code value}. */
    public RecordPredicate<R> le(double value) {
        return between(Double.NEGATIVE_INFINITY, true, value, true);
    }

    /** Records whose value {@code >} {@code value}. */
    public RecordPredicate<R> gt(double value) {
        return between(value, false, Double.POSITIVE_INFINITY, true);
    }

    /** Records whose value {@code >=} {@code value}. */
    public RecordPredicate<R> ge(double value) {
        return between(value, true, Double.POSITIVE_INFINITY, true);
    }

    /** Records whose value is at least {@code lo} and at most {@code hi}. */
    public RecordPredicate<R> between(double lo, double hi) {
        return between(lo, true, hi, true);
    }

    private RecordPredicate<R> between(double lo, boolean loInclusive, double hi, boolean hiInclusive) {
        boolean absentMatches = defaultValue != null && (loInclusive ? defaultValue >= lo : defaultValue > lo)
                && (hiInclusive ? defaultValue <= hi : defaultValue < hi);
        return where(Match.doubleBetween(bits(), lo, loInclusive, hi, hiInclusive), absentMatches);
    }
}
