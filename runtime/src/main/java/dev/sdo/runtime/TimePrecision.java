package dev.sdo.runtime;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * The unit of a {@code time}, {@code timestamp} or {@code localtimestamp} field: what one stored step is. Every
 * conversion here is exact: a value finer than the unit, or whose count of units does not fit a {@code long}, is
 * refused, never truncated (docs/schema-reference.md, "Time units").
 */
public enum TimePrecision {
    /** {@code ms}: the unit of a plain {@code time} and {@code timestamp}. */
    MILLIS("ms", "millisecond", 3),
    /** {@code us}. */
    MICROS("us", "microsecond", 6),
    /** {@code ns}. */
    NANOS("ns", "nanosecond", 9);

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long NANOS_PER_DAY = 86_400L * NANOS_PER_SECOND;

    private final String symbol;
    private final String noun;
    private final int digits;
    private final long nanosPerUnit;
    private final long perSecond;
    private final DateTimeFormatter instantText;
    private final DateTimeFormatter localText;
    private final DateTimeFormatter timeText;

    TimePrecision(String symbol, String noun, int digits) {
        this.symbol = symbol;
        this.noun = noun;
        this.digits = digits;
        this.perSecond = (long) Math.pow(10, digits);
        this.nanosPerUnit = NANOS_PER_SECOND / perSecond;
        this.instantText = new DateTimeFormatterBuilder().appendInstant(digits).toFormatter();
        this.localText = new DateTimeFormatterBuilder().append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral('T')
                .append(time(digits)).toFormatter();
        this.timeText = time(digits);
    }

    private static DateTimeFormatter time(int digits) {
        return new DateTimeFormatterBuilder().appendPattern("HH:mm:ss")
                .appendFraction(ChronoField.NANO_OF_SECOND, digits, digits, true).toFormatter();
    }

    /** The unit as the schema writes it: {@code ms}, {@code us} or {@code ns}. */
    public String symbol() {
        return symbol;
    }

    /** The unit's name in messages: {@code millisecond}, ... */
    public String noun() {
        return noun;
    }

    /** The digits of a second's fraction the unit has: 3, 6 or 9. */
    public int digits() {
        return digits;
    }

    /** The units in a second. */
    public long perSecond() {
        return perSecond;
    }

    /** The units in a day: the exclusive upper bound of a {@code time}'s count. */
    public long perDay() {
        return NANOS_PER_DAY / nanosPerUnit;
    }

    /** The unit of a schema's symbol, or null for another word. */
    public static TimePrecision bySymbol(String symbol) {
        for (TimePrecision precision : values()) {
            if (precision.symbol.equals(symbol)) {
                return precision;
            }
        }
        return null;
    }

    /** Whether a value whose fraction of a second is {@code nanos} nanoseconds is a whole number of units. */
    public boolean holds(long nanos) {
        return nanos % nanosPerUnit == 0;
    }

    /**
     * Units since 1970-01-01T00:00Z, or null when the instant is finer than the unit or its count does not fit a
     * {@code long}.
     */
    public Long countOf(Instant value) {
        return count(value.getEpochSecond(), value.getNano());
    }

    /** Units since 1970-01-01T00:00 of a local date-time, as {@link #countOf(Instant)} (null when not exact). */
    public Long countOf(LocalDateTime value) {
        return count(value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }

    /** Units since midnight, or null when the time is finer than the unit. */
    public Long countOf(LocalTime value) {
        long nanos = value.toNanoOfDay();
        return holds(nanos) ? nanos / nanosPerUnit : null;
    }

    private Long count(long seconds, int nanos) {
        if (!holds(nanos)) {
            return null;
        }
        try {
            if (seconds < 0 && nanos > 0) {
                // As Instant.toEpochMilli: seconds * perSecond alone may pass Long.MIN_VALUE when the sum does not.
                return Math.addExact(Math.multiplyExact(seconds + 1, perSecond), nanos / nanosPerUnit - perSecond);
            }
            return Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / nanosPerUnit);
        } catch (ArithmeticException tooFar) {
            return null;
        }
    }

    /** The instant {@code count} units after 1970-01-01T00:00Z. */
    public Instant instant(long count) {
        return Instant.ofEpochSecond(Math.floorDiv(count, perSecond), Math.floorMod(count, perSecond) * nanosPerUnit);
    }

    /** The local date-time {@code count} units after 1970-01-01T00:00. */
    public LocalDateTime localDateTime(long count) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(count, perSecond),
                (int) (Math.floorMod(count, perSecond) * nanosPerUnit), ZoneOffset.UTC);
    }

    /** The time of day {@code count} units after midnight, which must be less than {@link #perDay()}. */
    public LocalTime timeOfDay(long count) {
        return LocalTime.ofNanoOfDay(count * nanosPerUnit);
    }

    /**
     * An instant as text with every digit the unit has ({@code 2014-07-21T09:30:00.125000Z} for {@code us}); a
     * millisecond instant as {@code Instant.toString} writes it, as a plain {@code timestamp} always has.
     */
    public String format(Instant value) {
        return this == MILLIS ? value.toString() : instantText.format(value);
    }

    /** A local date-time as text with every digit the unit has ({@code 2014-07-21T09:30:00.125}). */
    public String format(LocalDateTime value) {
        return localText.format(value);
    }

    /**
     * A time of day in ISO with every digit the unit has ({@code 09:30:00.125000} for {@code us}); a millisecond time
     * as {@code DateTimeFormatter.ISO_LOCAL_TIME} writes it, as a plain {@code time} always has.
     */
    public String format(LocalTime value) {
        return this == MILLIS ? DateTimeFormatter.ISO_LOCAL_TIME.format(value) : timeText.format(value);
    }
}
