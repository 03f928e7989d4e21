package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A {@code timestamp} field as ISO-8601 UTC text ({@code 2014-07-21T09:30:00.125Z}); stored as milliseconds since
 * the epoch, so text finer than a millisecond or beyond 64-bit milliseconds is rejected.
 */
public final class TimestampField extends TextField {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    public TimestampField(String label, long presenceBit, long offset) {
        super(label, presenceBit, offset);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        Instant instant;
        try {
            instant = Instant.parse(new String(text, start, end - start, StandardCharsets.UTF_8));
        } catch (DateTimeParseException e) {
            throw invalid(text, start, end, "is not an ISO-8601 instant such as 2014-07-21T09:30:00Z");
        }
        if (instant.getNano() % NANOS_PER_MILLI != 0) {
            throw invalid(text, start, end, "is finer than a millisecond");
        }
        long millis;
        try {
            millis = instant.toEpochMilli();
        } catch (ArithmeticException e) {
            throw invalid(text, start, end, "is beyond 64-bit milliseconds since the epoch");
        }
        BitFields.write(record, base, offset(), Long.SIZE, millis);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(stored(record, base));
    }

    @Override
    protected Instant stored(ByteBuffer record, int base) {
        return Instant.ofEpochMilli(BitFields.read(record, base, offset(), Long.SIZE));
    }
}
