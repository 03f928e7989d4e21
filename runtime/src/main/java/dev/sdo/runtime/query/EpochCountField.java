package dev.sdo.runtime.query;

import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A field stored as a count of time units since the epoch: a {@code timestamp} or {@code localtimestamp}. Without a
 * range the count is stored as it is, 64-bit two's complement, and compares as a signed {@code long}; with one it is
 * stored as the offset from the range's first count, which orders as the values do (a 64-bit offset with its top
 * bit flipped, as {@code int(lo..hi)} over all of {@code long}).
 *
 * @param <R> the records' interface
 * @param <T> the field's Java type
 */
abstract class EpochCountField<R, T> extends OrderedField<R, T> {
    private static final long serialVersionUID = 1L;
    private static final BigDecimal TWO_TO_THE_63 = new BigDecimal(BigInteger.ONE.shiftLeft(63));

    private final TimePrecision precision;
    private final long lo;
    private final long hi;

    EpochCountField(FieldBits bits, TimePrecision precision, long lo, long hi, Long defaultRaw) {
        super(bits, order(bits, lo), minKey(bits, lo), maxKey(bits, lo, hi), defaultRaw);
        this.precision = precision;
        this.lo = lo;
        this.hi = hi;
    }

    private static boolean unbounded(long lo) {
        return lo == Long.MIN_VALUE;
    }

    private static boolean flipped(FieldBits bits, long lo) {
        return !unbounded(lo) && bits.width() == Long.SIZE;
    }

    private static KeyOrder order(FieldBits bits, long lo) {
        return flipped(bits, lo) ? KeyOrder.unsigned64() : KeyOrder.STORED;
    }

    private static long minKey(FieldBits bits, long lo) {
        return unbounded(lo) || flipped(bits, lo) ? Long.MIN_VALUE : 0;
    }

    private static long maxKey(FieldBits bits, long lo, long hi) {
        if (unbounded(lo)) {
            return Long.MAX_VALUE;
        }
        return flipped(bits, lo) ? (hi - lo) ^ Long.MIN_VALUE : hi - lo;
    }

    final TimePrecision precision() {
        return precision;
    }

    final long lo() {
        return lo;
    }

    final long hi() {
        return hi;
    }

    /** The exact number of units since the epoch of {@code value}, with a fraction when it is finer than a unit. */
    abstract BigDecimal units(T value);

    /** The value {@code count} units after the epoch. */
    abstract T valueOfCount(long count);

    /** Units since the epoch of a value given as seconds and nanoseconds. */
    final BigDecimal units(long epochSecond, int nanos) {
        return BigDecimal.valueOf(epochSecond).movePointRight(precision.digits())
                .add(BigDecimal.valueOf(nanos).movePointLeft(9 - precision.digits()));
    }

    private long origin() {
        return unbounded(lo) ? 0 : lo;
    }

    @Override
    final Long rawOf(T value) {
        BigDecimal units = units(value);
        if (units.signum() != 0 && units.stripTrailingZeros().scale() > 0
                || units.compareTo(BigDecimal.valueOf(lo)) < 0 || units.compareTo(BigDecimal.valueOf(hi)) > 0) {
            return null;
        }
        return units.longValueExact() - origin();
    }

    @Override
    final BigDecimal position(T value) {
        BigDecimal offset = units(value).subtract(BigDecimal.valueOf(origin()));
        return flipped(bits(), lo) ? offset.subtract(TWO_TO_THE_63) : offset;
    }

    @Override
    public final T valueOf(long raw) {
        return valueOfCount(raw + origin());
    }
}
