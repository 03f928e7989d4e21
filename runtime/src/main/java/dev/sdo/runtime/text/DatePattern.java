package dev.sdo.runtime.text;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code java.time} date pattern such as {@code dd/MM/yyyy}. Patterns made of fixed-width numeric days
 * ({@code dd}), months ({@code MM}) and years ({@code yyyy} or {@code uuuu}) with literal separators are parsed and
 * formatted straight from and to bytes; any other pattern goes through {@link DateTimeFormatter}, strictly.
 */
public final class DatePattern {
    /** A pattern part: a numeric field of a fixed number of digits, or one literal byte. */
    private record Part(char field, int digits, byte literal) {}

    private final String pattern;
    private final List<Part> parts;
    private final DateTimeFormatter formatter;

    /** @throws IllegalArgumentException when {@code pattern} is no valid {@code java.time} pattern */
    public DatePattern(String pattern) {
        this.pattern = pattern;
        this.parts = fastParts(pattern);
        // yyyy is the year of era, which strict resolving cannot use without an era; uuuu is the proleptic year.
        this.formatter = DateTimeFormatter.ofPattern(pattern.replace('y', 'u')).withResolverStyle(ResolverStyle.STRICT);
    }

    /** ISO {@code yyyy-MM-dd}, the default when a field gives no format. */
    public static DatePattern iso() {
        return new DatePattern("uuuu-MM-dd");
    }

    public String pattern() {
        return pattern;
    }

    /**
     * The number of characters of every date this pattern reads and writes, where it is made of fixed-width numbers
     * and literals (so that a text it reads is exactly the text it writes of that date, with years 0 to 9999); -1
     * for a pattern that needs a {@link DateTimeFormatter}.
     */
    public int fixedWidth() {
        if (parts == null) {
            return -1;
        }
        int width = 0;
        for (Part part : parts) {
            width += part.field() == '\0' ? 1 : part.digits();
        }
        return width;
    }

    /** The parts of a fast pattern, or null when the pattern needs a {@link DateTimeFormatter}. */
    private static List<Part> fastParts(String pattern) {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < pattern.length();) {
            char c = pattern.charAt(i);
            int run = 1;
            while (i + run < pattern.length() && pattern.charAt(i + run) == c) {
                run++;
            }
            if (c == 'd' || c == 'M') {
                if (run != 2) {
                    return null;
                }
                parts.add(new Part(c, 2, (byte) 0));
            } else if (c == 'y' || c == 'u') {
                if (run != 4) {
                    return null;
                }
                parts.add(new Part('y', 4, (byte) 0));
            } else if (Character.isLetter(c) || c == '\'' || c > 0x7E || c < 0x20) {
                return null;
            } else {
                for (int k = 0; k < run; k++) {
                    parts.add(new Part('\0', 0, (byte) c));
                }
            }
            i += run;
        }
        long fields = parts.stream().filter(p -> p.field() != '\0').map(Part::field).distinct().count();
        return fields == 3 ? List.copyOf(parts) : null;
    }

    /**
     * The epoch day of the date in {@code text[start..end)}.
     *
     * @throws DateTimeException when the text is no date in this pattern
     */
    public long parseEpochDay(byte[] text, int start, int end) {
        if (parts == null) {
            String value = new String(text, start, end - start, java.nio.charset.StandardCharsets.UTF_8);
            try {
                return LocalDate.parse(value, formatter).toEpochDay();
            } catch (DateTimeParseException e) {
                throw new DateTimeException("is not a date in the format " + pattern);
            }
        }
        int day = 0;
        int month = 0;
        int year = 0;
        int i = start;
        for (Part part : parts) {
            if (part.field() == '\0') {
                if (i >= end || text[i] != part.literal()) {
                    throw new DateTimeException("is not a date in the format " + pattern);
                }
                i++;
                continue;
            }
            int value = 0;
            for (int k = 0; k < part.digits(); k++, i++) {
                int digit = i < end ? text[i] - '0' : -1;
                if (digit < 0 || digit > 9) {
                    throw new DateTimeException("is not a date in the format " + pattern);
                }
                value = value * 10 + digit;
            }
            switch (part.field()) {
                case 'd' -> day = value;
                case 'M' -> month = value;
                default -> year = value;
            }
        }
        if (i != end) {
            throw new DateTimeException("is not a date in the format " + pattern);
        }
        try {
            return LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            throw new DateTimeException("is not a valid date (format " + pattern + ")");
        }
    }

    /** Appends the date of {@code epochDay} in this pattern. */
    public void format(long epochDay, StringBuilder out) {
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        if (parts == null) {
            out.append(formatter.format(date));
            return;
        }
        for (Part part : parts) {
            switch (part.field()) {
                case 'd' -> pad(date.getDayOfMonth(), 2, out);
                case 'M' -> pad(date.getMonthValue(), 2, out);
                case 'y' -> pad(date.getYear(), 4, out);
                default -> out.append((char) part.literal());
            }
        }
    }

    private static void pad(int value, int digits, StringBuilder out) {
        for (int limit = 10, k = 1; k < digits; k++, limit *= 10) {
            if (value < limit) {
                out.append('0');
            }
        }
        out.append(value);
    }
}
