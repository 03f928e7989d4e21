package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.StoredValues;
import dev.sdo.runtime.TimePrecision;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * A {@code time} field as text in a {@code java.time} pattern (default ISO, {@code 13:45:30.250}); stored as units
 * since midnight ({@code time} is milliseconds in 27 bits, {@code time(us)} 37 bits, {@code time(ns)} 47), so text
 * finer than the unit is rejected. ISO output has every digit of the unit ({@link TimePrecision#format}).
 */
public final class TimeField extends TextField {
    private final DateTimeFormatter formatter;
    private final String format;
    private final TimePrecision precision;
    private final int width;

    /** A plain {@code time}: milliseconds. @param pattern a {@code java.time} pattern, or null for ISO */
    public TimeField(String label, long presenceBit, long offset, String pattern) {
        this(label, presenceBit, offset, pattern, TimePrecision.MILLIS);
    }

    /** @param pattern a {@code java.time} pattern, or null for ISO */
    public TimeField(String label, long presenceBit, long offset, String pattern, TimePrecision precision) {
        super(label, presenceBit, offset);
        this.precision = precision;
        this.width = Long.SIZE - Long.numberOfLeadingZeros(precision.perDay() - 1);
        this.format = pattern == null ? "ISO (HH:mm:ss." + "S".repeat(precision.digits()) + ")" : pattern;
        this.formatter = pattern == null ? null
                : DateTimeFormatter.ofPattern(pattern).withResolverStyle(ResolverStyle.STRICT);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        LocalTime time;
        try {
            String value = new String(text, start, end - start, StandardCharsets.UTF_8);
            time = formatter == null ? LocalTime.parse(value) : LocalTime.parse(value, formatter);
        } catch (DateTimeParseException e) {
            throw invalid(text, start, end, "is not a time in the format " + format);
        }
        Long count = precision.countOf(time);
        if (count == null) {
            throw invalid(text, start, end, "is finer than a " + precision.noun());
        }
        BitFields.write(record, base, offset(), width, count);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        LocalTime time = stored(record, base);
        out.append(formatter == null ? precision.format(time) : formatter.format(time));
    }

    @Override
    protected LocalTime stored(ByteBuffer record, int base) {
        return StoredValues.timeOfDay(label(), BitFields.read(record, base, offset(), width), precision);
    }
}
