package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.nio.ByteBuffer;
import java.time.DateTimeException;
import java.time.LocalDate;

/** A {@code date} or {@code date(lo..hi)} field as text in a {@link DatePattern}; stored as days since lo. */
public final class DateField extends TextField {
    private final int width;
    private final long loEpochDay;
    private final long hiEpochDay;
    private final DatePattern pattern;

    /**
     * @param lo the first date of the field's range (0001-01-01 for a plain {@code date})
     * @param hi the last
     */
    public DateField(String label, long presenceBit, long offset, int width, LocalDate lo, LocalDate hi,
            DatePattern pattern) {
        super(label, presenceBit, offset);
        this.width = width;
        this.loEpochDay = lo.toEpochDay();
        this.hiEpochDay = hi.toEpochDay();
        this.pattern = pattern;
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        long epochDay;
        try {
            epochDay = pattern.parseEpochDay(text, start, end);
        } catch (DateTimeException e) {
            throw invalid(text, start, end, e.getMessage());
        }
        if (epochDay < loEpochDay || epochDay > hiEpochDay) {
            throw invalid(text, start, end, "is out of range; allowed: " + LocalDate.ofEpochDay(loEpochDay) + ".."
                    + LocalDate.ofEpochDay(hiEpochDay));
        }
        BitFields.write(record, base, offset(), width, epochDay - loEpochDay);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        pattern.format(epochDay(record, base), out);
    }

    @Override
    protected LocalDate stored(ByteBuffer record, int base) {
        return LocalDate.ofEpochDay(epochDay(record, base));
    }

    private long epochDay(ByteBuffer record, int base) {
        long days = BitFields.read(record, base, offset(), width);
        if (days > hiEpochDay - loEpochDay) {
            throw new CorruptDataException(label() + ": stored date " + days + " days after "
                    + LocalDate.ofEpochDay(loEpochDay) + " is beyond the field's last date "
                    + LocalDate.ofEpochDay(hiEpochDay));
        }
        return loEpochDay + days;
    }
}
