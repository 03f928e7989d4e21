package dev.sdo.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Conversions from Java values to the unsigned numbers stored in fields, used when encoding. Each checks the
 * value against its field and throws an {@link IllegalArgumentException} naming the field ({@code Record.field}),
 * the value and what is allowed; none truncates or rounds.
 */
public final class FieldValues {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    /** The most decimal digits every long can hold. */
    private static final int MAX_LONG_DIGITS = 18;
    /** 10^0 .. 10^18. */
    private static final long[] POWERS_OF_TEN = new long[MAX_LONG_DIGITS + 1];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private FieldValues() {}

    /** Rejects a null value of a required field. */
    public static <T> T requireNonNull(String field, T value) {
        if (value == null) {
            throw new IllegalArgumentException(field + ": a required field is null");
        }
        return value;
    }

    /** Rejects a null element of the list {@code list}. */
    public static <T> T requireElement(String list, T value) {
        if (value == null) {
            throw new IllegalArgumentException(list + ": a list element is null");
        }
        return value;
    }

    /**
     * {@code problem}, raised while encoding element {@code index} of the list {@code list}, as an exception that
     * names the element: {@code Record.list[index]: ...}, or {@code Record.list[index][j]: ...} for an element of a
     * list in the list, or {@code Record.list[index]: Nested.field: ...} for a field of a record in it. Lists name
     * their elements this way only when one fails, so that a valid list costs no name.
     */
    public static IllegalArgumentException inElement(String list, int index, IllegalArgumentException problem) {
        String message = String.valueOf(problem.getMessage());
        String element = list + "[" + index + "]";
        boolean namesList = message.startsWith(list) && message.length() > list.length()
                && (message.charAt(list.length()) == ':' || message.charAt(list.length()) == '[');
        return new IllegalArgumentException(namesList ? element + message.substring(list.length())
                : element + ": " + message, problem);
    }

    /** Checks {@code min <= value <= max}. */
    public static long checkRange(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw outOfRange(field, value, min + ".." + max);
        }
        return value;
    }

    /** Checks {@code min <= value <= max} for a {@link BigInteger} value. */
    public static long checkRange(String field, BigInteger value, long min, long max) {
        if (value.bitLength() > 63 || value.longValue() < min || value.longValue() > max) {
            throw outOfRange(field, value, min + ".." + max);
        }
        return value.longValue();
    }

    /**
     * The unscaled value of {@code value} at {@code scale}, checked to have at most {@code precision} digits and,
     * unless {@code signed}, to be non-negative. A value with fewer decimals is scaled up; one that would need
     * rounding is rejected.
     */
    public static long unscaled(String field, BigDecimal value, int precision, int scale, boolean signed) {
        int scaleUp = scale - value.scale();
        if (scaleUp >= 0 && scaleUp <= precision) {
            // The common case, without the BigInteger arithmetic below and without value.precision() (which
            // counts digits): no rounding can be needed, and a value whose unscaled long lies below
            // 10^(precision - scaleUp) scaled up by 10^scaleUp stays below 10^precision <= 10^18, within a long.
            long limit = POWERS_OF_TEN[precision - scaleUp];
            long unscaled = unscaledLong(value);
            if (unscaled < limit && (signed ? unscaled > -limit : unscaled >= 0)) {
                return unscaled * POWERS_OF_TEN[scaleUp];
            }
        }
        BigDecimal scaled;
        try {
            scaled = value.setScale(scale);
        } catch (ArithmeticException needsRounding) {
            throw new IllegalArgumentException(field + ": " + value.toPlainString() + " has more than " + scale
                    + " decimals; allowed: " + allowedDecimals(precision, scale, signed));
        }
        BigInteger unscaled = scaled.unscaledValue();
        BigInteger limit = BigInteger.TEN.pow(precision);
        if (unscaled.abs().compareTo(limit) >= 0 || (!signed && unscaled.signum() < 0)) {
            throw outOfRange(field, value.toPlainString(), allowedDecimals(precision, scale, signed));
        }
        return unscaled.longValue();
    }

    /**
     * The unscaled value of {@code value}, or {@link Long#MAX_VALUE} (above every field's limit) when it does not
     * fit a long. Without the {@code BigInteger} that {@code unscaledValue()} allocates on every call: moved to
     * scale 0, a compact {@code BigDecimal} hands out its unscaled long, and the JIT removes the intermediate
     * {@code BigDecimal} (escape analysis), so encoding a decimal allocates nothing.
     */
    private static long unscaledLong(BigDecimal value) {
        try {
            return value.scaleByPowerOfTen(value.scale()).longValueExact();
        } catch (ArithmeticException beyondLong) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * {@code unscaled}, the unscaled value of a decimal at the field's {@code scale} (the value times
     * 10^scale), checked as {@link #unscaled(String, BigDecimal, int, int, boolean)} checks a {@code BigDecimal}:
     * at most {@code precision} digits and, unless {@code signed}, not negative; with the same message.
     */
    public static long unscaled(String field, long unscaled, int precision, int scale, boolean signed) {
        long limit = POWERS_OF_TEN[precision];
        if (unscaled >= limit || (signed ? unscaled <= -limit : unscaled < 0)) {
            throw outOfRange(field, BigDecimal.valueOf(unscaled, scale).toPlainString(),
                    allowedDecimals(precision, scale, signed));
        }
        return unscaled;
    }

    private static String allowedDecimals(int precision, int scale, boolean signed) {
        BigDecimal max = new BigDecimal(BigInteger.TEN.pow(precision).subtract(BigInteger.ONE), scale);
        return (signed ? max.negate().toPlainString() : BigDecimal.ZERO.setScale(scale).toPlainString()) + ".."
                + max.toPlainString() + " with at most " + scale + " decimals";
    }

    /** Days from {@code lo} to {@code value}, checked to lie within {@code lo..hi}. */
    public static long daysSince(String field, LocalDate value, LocalDate lo, LocalDate hi) {
        if (value.isBefore(lo) || value.isAfter(hi)) {
            throw outOfRange(field, value, lo + ".." + hi);
        }
        return value.toEpochDay() - lo.toEpochDay();
    }

    /**
     * Days from {@code firstEpochDay} to {@code value}, checked to lie within {@code firstEpochDay..lastEpochDay}
     * (days since 1970-01-01): one table lookup ({@link EpochDays}) and two comparisons of longs, where the
     * {@code LocalDate} bounds of {@link #daysSince(String, LocalDate, LocalDate, LocalDate)} cost three conversions.
     */
    public static long daysSince(String field, LocalDate value, long firstEpochDay, long lastEpochDay) {
        return daysSince(field, EpochDays.of(value), firstEpochDay, lastEpochDay);
    }

    /**
     * Days from {@code firstEpochDay} to {@code epochDay}, both days since 1970-01-01, checked to lie within
     * {@code firstEpochDay..lastEpochDay}; a day outside is reported as the date it is, as for a {@code LocalDate}.
     */
    public static long daysSince(String field, long epochDay, long firstEpochDay, long lastEpochDay) {
        if (epochDay < firstEpochDay || epochDay > lastEpochDay) {
            throw outOfRange(field, LocalDate.ofEpochDay(epochDay),
                    LocalDate.ofEpochDay(firstEpochDay) + ".." + LocalDate.ofEpochDay(lastEpochDay));
        }
        return epochDay - firstEpochDay;
    }

    /** Milliseconds since midnight, rejecting a time finer than a millisecond. */
    public static long millisOfDay(String field, LocalTime value) {
        if (value.getNano() % NANOS_PER_MILLI != 0) {
            throw new IllegalArgumentException(field + ": " + value
                    + " is finer than a millisecond; allowed: whole milliseconds");
        }
        return value.toNanoOfDay() / NANOS_PER_MILLI;
    }

    /** Milliseconds since 1970-01-01T00:00Z, rejecting an instant finer than a millisecond or beyond 64 bits. */
    public static long epochMillis(String field, Instant value) {
        if (value.getNano() % NANOS_PER_MILLI != 0) {
            throw new IllegalArgumentException(field + ": " + value
                    + " is finer than a millisecond; allowed: whole milliseconds");
        }
        try {
            return value.toEpochMilli();
        } catch (ArithmeticException tooFar) {
            throw outOfRange(field, value, Instant.ofEpochMilli(Long.MIN_VALUE) + ".." + Instant.ofEpochMilli(Long.MAX_VALUE));
        }
    }

    /**
     * Units of {@code precision} since 1970-01-01T00:00Z, {@code lo..hi}: a {@code timestamp(unit, range)}'s count,
     * rejecting an instant finer than the unit or outside the range.
     */
    public static long epochCount(String field, Instant value, TimePrecision precision, long lo, long hi) {
        return inRange(field, value, precision.countOf(value), precision, lo, hi, false);
    }

    /** Units of {@code precision} since 1970-01-01T00:00, {@code lo..hi}: a {@code localtimestamp}'s count. */
    public static long epochCount(String field, LocalDateTime value, TimePrecision precision, long lo, long hi) {
        return inRange(field, value, precision.countOf(value), precision, lo, hi, true);
    }

    /**
     * {@code count}, a {@code timestamp}'s units given as a primitive, checked to lie in {@code lo..hi}; refused with
     * the message its {@code Instant} (or, {@code local}, its {@code LocalDateTime}) would have.
     */
    public static long epochCount(String field, long count, TimePrecision precision, long lo, long hi,
            boolean local) {
        if (count < lo || count > hi) {
            throw outOfRange(field, text(count, precision, local), range(precision, lo, hi, local));
        }
        return count;
    }

    private static String text(long count, TimePrecision precision, boolean local) {
        return local ? precision.format(precision.localDateTime(count)) : precision.format(precision.instant(count));
    }

    private static String range(TimePrecision precision, long lo, long hi, boolean local) {
        return text(lo, precision, local) + ".." + text(hi, precision, local);
    }

    private static long inRange(String field, Object value, Long count, TimePrecision precision, long lo, long hi,
            boolean local) {
        int nanos = value instanceof Instant instant ? instant.getNano() : ((LocalDateTime) value).getNano();
        if (!precision.holds(nanos)) {
            throw finer(field, value, precision);
        }
        if (count == null || count < lo || count > hi) {
            String text = value instanceof Instant instant ? precision.format(instant)
                    : precision.format((LocalDateTime) value);
            throw outOfRange(field, text, range(precision, lo, hi, local));
        }
        return count;
    }

    /** Units of {@code precision} since midnight, rejecting a time finer than the unit. */
    public static long countOfDay(String field, LocalTime value, TimePrecision precision) {
        Long count = precision.countOf(value);
        if (count == null) {
            throw finer(field, value, precision);
        }
        return count;
    }

    private static IllegalArgumentException finer(String field, Object value, TimePrecision precision) {
        return new IllegalArgumentException(field + ": " + value + " is finer than a " + precision.noun()
                + "; allowed: whole " + precision.noun() + "s");
    }

    /** The exception for a value outside its field's range. */
    public static IllegalArgumentException outOfRange(String field, Object value, String allowed) {
        return new IllegalArgumentException(field + ": " + value + " is out of range; allowed: " + allowed);
    }
}
