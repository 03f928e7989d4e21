package dev.sdo.compiler.check;

import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.text.DatePattern;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a {@code @csv(format)} holds every value of its field: sample values (the range's ends, the edges of a
 * day, leap days, odd milliseconds) are written in the format and read back by the runtime's own text code, and
 * must come back equal. A format that throws on writing (a time pattern for a date) or loses part of the value
 * ({@code HH:mm}, a two-digit year) fails the test.
 */
final class TextFormats {
    private static final List<LocalTime> TIMES = List.of(LocalTime.MIDNIGHT, LocalTime.of(10, 30, 15, 500_000_000),
            LocalTime.of(13, 45, 30, 250_000_000), LocalTime.of(12, 0, 0, 1_000_000),
            LocalTime.of(23, 59, 59, 999_000_000), LocalTime.of(0, 0, 1));

    private TextFormats() {}

    /**
     * Why {@code format} cannot carry values of {@code type} ("drops ..."), or null when it can; the annotation
     * rules have refused a format on any other type than a date or a time.
     */
    static String problem(FieldType type, String format) {
        if (type instanceof DateType date) {
            return datePattern(format, date);
        } else if (type instanceof TimeType time) {
            return timePattern(format, time.precision());
        }
        return null;
    }

    private static String datePattern(String format, DateType type) {
        DatePattern pattern;
        try {
            pattern = new DatePattern(format);
        } catch (IllegalArgumentException e) {
            return "is not a date pattern: " + e.getMessage();
        }
        for (LocalDate date : sampleDates(type.lo(), type.hi())) {
            StringBuilder text = new StringBuilder();
            long read;
            try {
                pattern.format(date.toEpochDay(), text);
                byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
                read = pattern.parseEpochDay(bytes, 0, bytes.length);
            } catch (DateTimeException | IllegalArgumentException e) {
                return "cannot write or read back the date " + date + " (a date pattern holds only a date's fields): "
                        + e.getMessage();
            }
            if (read != date.toEpochDay()) {
                return "does not hold every date: " + date + " is written \"" + text + "\" and reads back as "
                        + LocalDate.ofEpochDay(read);
            }
        }
        return null;
    }

    private static String timePattern(String format, TimePrecision precision) {
        DateTimeFormatter formatter;
        try {
            formatter = DateTimeFormatter.ofPattern(format).withResolverStyle(ResolverStyle.STRICT);
        } catch (IllegalArgumentException e) {
            return "is not a time pattern: " + e.getMessage();
        }
        List<LocalTime> times = new ArrayList<>(TIMES);
        // The smallest step of the unit, and a time with every digit of it, which a coarser pattern drops.
        long unit = 1_000_000_000L / precision.perSecond();
        times.add(LocalTime.ofNanoOfDay(unit));
        times.add(LocalTime.ofNanoOfDay(86_399_999_999_999L / unit * unit));
        for (LocalTime time : times) {
            String text;
            LocalTime read;
            try {
                text = formatter.format(time);
                read = LocalTime.parse(text, formatter);
            } catch (DateTimeException e) {
                return "cannot write or read back the time " + time + " (a time pattern holds only a time's fields): "
                        + e.getMessage();
            }
            if (!read.equals(time)) {
                return "does not hold every time to the " + precision.noun() + ": " + time + " is written \"" + text
                        + "\" and reads back as " + read;
            }
        }
        return null;
    }

    /** The range's ends and dates spread over it, with the leap days and year ends in it that the spread misses. */
    private static List<LocalDate> sampleDates(LocalDate lo, LocalDate hi) {
        List<LocalDate> dates = new ArrayList<>(List.of(lo, hi));
        long span = hi.toEpochDay() - lo.toEpochDay();
        for (int i = 1; i < 40; i++) {
            dates.add(LocalDate.ofEpochDay(lo.toEpochDay() + span * i / 40));
        }
        for (LocalDate special : List.of(LocalDate.of(2000, 2, 29), LocalDate.of(1999, 12, 31),
                LocalDate.of(2024, 2, 29), LocalDate.of(1900, 3, 1), LocalDate.of(2014, 7, 21))) {
            if (!special.isBefore(lo) && !special.isAfter(hi)) {
                dates.add(special);
            }
        }
        return dates;
    }
}
