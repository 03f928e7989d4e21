package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A {@code decimal(p, s)} or {@code udecimal(p, s)} field, stored as its unscaled value (plus {@code 10^p - 1} when
 * signed, so that stored numbers order as values). Sums are exact {@code BigDecimal}s of scale {@code s}.
 *
 * @param <R> the records' interface
 */
public final class DecimalField<R> extends NumericField<R, BigDecimal> {
    private static final long serialVersionUID = 1L;

    private final int scale;
    private final long bias;
    private final long largestUnscaled;

    private DecimalField(FieldBits bits, int scale, long bias, long largestUnscaled, long maxStored, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, maxStored, defaultRaw);
        this.scale = scale;
        this.bias = bias;
        this.largestUnscaled = largestUnscaled;
    }

    /** A decimal of {@code precision} digits, {@code scale} of them after the point, signed or not. */
    public static <R> DecimalField<R> of(FieldBits bits, int precision, int scale, boolean signed) {
        long largest = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).longValueExact();
        long bias = signed ? largest : 0;
        return new DecimalField<>(bits, scale, bias, largest, bias + largest, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public DecimalField<R> withDefault(BigDecimal value) {
        return new DecimalField<>(bits(), scale, bias, largestUnscaled, maxKey(), exactRaw(value));
    }

    @Override
    Long rawOf(BigDecimal value) {
        BigDecimal scaled = value.movePointRight(scale);
        if (scaled.signum() != 0 && scaled.stripTrailingZeros().scale() > 0) {
            return null;
        }
        BigInteger unscaled = scaled.toBigInteger();
        if (unscaled.abs().compareTo(BigInteger.valueOf(largestUnscaled)) > 0 || (bias == 0 && unscaled.signum() < 0)) {
            return null;
        }
        return unscaled.longValueExact() + bias;
    }

    @Override
    BigDecimal position(BigDecimal value) {
        return value.movePointRight(scale).add(BigDecimal.valueOf(bias));
    }

    @Override
    public BigDecimal valueOf(long raw) {
        return BigDecimal.valueOf(raw - bias, scale);
    }

    @Override
    public BigDecimal total(BigInteger keySum, long count) {
        return new BigDecimal(keySum.subtract(BigInteger.valueOf(bias).multiply(BigInteger.valueOf(count))), scale);
    }
}
