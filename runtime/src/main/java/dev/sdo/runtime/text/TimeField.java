package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.StoredValues;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * A {@code time} field as text in a {@code java.time} pattern (default ISO, {@code 13:45:30.250}); stored as
 * milliseconds since midnight, so text finer than a millisecond is rejected.
 */
public final class TimeField extends TextField {
    private static final int WIDTH = 27;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final DateTimeFormatter formatter;
    private final String format;

    /** @param pattern a {@code java.time} pattern, or null for ISO */
    public TimeField(String label, long presenceBit, long offset, String pattern) {
        super(label, presenceBit, offset);
        this.format = pattern == null ? "ISO (HH:mm:ss.SSS)" : pattern;
        this.formatter = pattern == null ? DateTimeFormatter.ISO_LOCAL_TIME
                : DateTimeFormatter.ofPattern(pattern).withResolverStyle(ResolverStyle.STRICT);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        LocalTime time;
        try {
            time = LocalTime.parse(new String(text, start, end - start, StandardCharsets.UTF_8), formatter);
        } catch (DateTimeParseException e) {
            throw invalid(text, start, end, "is not a time in the format " + format);
        }
        if (time.getNano() % NANOS_PER_MILLI != 0) {
            throw invalid(text, start, end, "is finer than a millisecond");
        }
        BitFields.write(record, base, offset(), WIDTH, time.toNanoOfDay() / NANOS_PER_MILLI);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(formatter.format(stored(record, base)));
    }

    @Override
    protected LocalTime stored(ByteBuffer record, int base) {
        return StoredValues.timeOfDay(label(), BitFields.read(record, base, offset(), WIDTH));
    }
}
