package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.TimePrecision;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;

/**
 * A {@code timestamp} field as ISO-8601 UTC text ({@code 2014-07-21T09:30:00.125Z}), or a {@code localtimestamp} as
 * an ISO local date-time ({@code 2014-07-21T09:30:00.125}). Stored as units since the epoch in 64 bits, or for a
 * range as the offset from its first unit in the fewest bits; text finer than the unit or outside the range is
 * rejected, never truncated. Written with every digit of the unit ({@link TimePrecision#format}).
 */
public final class TimestampField extends TextField {
    private final int width;
    private final TimePrecision precision;
    private final long lo;
    private final long hi;
    private final boolean local;

    /** A plain {@code timestamp}: milliseconds since the epoch, 64 bits. */
    public TimestampField(String label, long presenceBit, long offset) {
        this(label, presenceBit, offset, Long.SIZE, TimePrecision.MILLIS, Long.MIN_VALUE, Long.MAX_VALUE, false);
    }

    /**
     * @param width the field's bits: 64 without a range
     * @param lo the range's first count of units, or {@code Long.MIN_VALUE} without a range (then the count is stored
     *     as it is, in two's complement; with one, its offset from {@code lo})
     * @param hi the range's last count
     * @param local whether the field is a {@code localtimestamp}
     */
    public TimestampField(String label, long presenceBit, long offset, int width, TimePrecision precision, long lo,
            long hi, boolean local) {
        super(label, presenceBit, offset);
        this.width = width;
        this.precision = precision;
        this.lo = lo;
        this.hi = hi;
        this.local = local;
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        String value = new String(text, start, end - start, StandardCharsets.UTF_8);
        Long count;
        int nanos;
        try {
            if (local) {
                LocalDateTime dateTime = LocalDateTime.parse(value);
                count = precision.countOf(dateTime);
                nanos = dateTime.getNano();
            } else {
                Instant instant = Instant.parse(value);
                count = precision.countOf(instant);
                nanos = instant.getNano();
            }
        } catch (DateTimeParseException e) {
            throw invalid(text, start, end, local ? "is not an ISO-8601 local date-time such as 2014-07-21T09:30:00"
                    : "is not an ISO-8601 instant such as 2014-07-21T09:30:00Z");
        }
        if (!precision.holds(nanos)) {
            throw invalid(text, start, end, "is finer than a " + precision.noun());
        }
        if (count == null && lo == Long.MIN_VALUE && hi == Long.MAX_VALUE) {
            throw invalid(text, start, end, "is beyond 64-bit " + precision.noun() + "s since the epoch");
        }
        if (count == null || count < lo || count > hi) {
            throw invalid(text, start, end, "is out of range; allowed: " + text(lo) + ".." + text(hi));
        }
        BitFields.write(record, base, offset(), width, count - origin());
    }

    /** What the stored number is counted from: the range's first unit, or the epoch without a range. */
    private long origin() {
        return lo == Long.MIN_VALUE ? 0 : lo;
    }

    private String text(long count) {
        return local ? precision.format(precision.localDateTime(count)) : precision.format(precision.instant(count));
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(text(count(record, base)));
    }

    private long count(ByteBuffer record, int base) {
        return BitFields.read(record, base, offset(), width) + origin();
    }

    @Override
    protected Object stored(ByteBuffer record, int base) {
        long count = count(record, base);
        return local ? precision.localDateTime(count) : precision.instant(count);
    }
}
