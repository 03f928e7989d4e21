package dev.sdo.runtime.text;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.TimePrecision;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The {@link TextValue} of each type of the schema language, with the Java type its getter has. The text rules are
 * those of the flat bindings ({@code docs/csv-and-xml.md}); {@code string} is the text itself, untrimmed, and
 * {@code bytes} is base64 (RFC 4648, with padding).
 */
public final class TextValues {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private TextValues() {}

    /**
     * Whether {@code text} is a plain decimal: {@code [+-]?([0-9]+\.?[0-9]*|\.[0-9]+)}, digits with an optional sign
     * and point, no exponent (which {@link BigDecimal} would also take). A scan rather than {@link String#matches},
     * which compiles its pattern on every call: decimals are read once per value of a document.
     */
    static boolean isPlainDecimal(String text) {
        int i = text.isEmpty() || (text.charAt(0) != '+' && text.charAt(0) != '-') ? 0 : 1;
        int digits = 0;
        boolean point = false;
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return false;
            }
        }
        return digits > 0;
    }

    /** What a text that is not a {@code bool} is told. */
    static final String NOT_A_BOOLEAN = "is not a boolean; allowed: true, false, 1, 0";

    /**
     * {@code bool}: {@code true} or {@code false}, any case, or {@code 1} or {@code 0}, which XML Schema's
     * {@code xsd:boolean} allows as well (a document valid against its XSD may hold them); written as {@code true}
     * and {@code false}.
     */
    public static TextValue<Boolean> bool() {
        return new Trimmed<>() {
            @Override
            Boolean value(String text, String field) {
                Boolean value = parseBool(text);
                if (value == null) {
                    throw invalid(field, text, NOT_A_BOOLEAN);
                }
                return value;
            }
        };
    }

    /** The boolean {@code text} is ({@code true}, {@code false} in any case, {@code 1}, {@code 0}), or null. */
    static Boolean parseBool(String text) {
        if (text.equalsIgnoreCase("true") || text.equals("1")) {
            return Boolean.TRUE;
        } else if (text.equalsIgnoreCase("false") || text.equals("0")) {
            return Boolean.FALSE;
        }
        return null;
    }

    /** {@code int8}, exposed as {@code byte}. */
    public static TextValue<Byte> int8() {
        return integer(Byte.MIN_VALUE, Byte.MAX_VALUE, v -> (byte) v, Byte::longValue);
    }

    /** {@code int16}, exposed as {@code short}. */
    public static TextValue<Short> int16() {
        return integer(Short.MIN_VALUE, Short.MAX_VALUE, v -> (short) v, Short::longValue);
    }

    /** An integer type or range whose getter is an {@code int}. */
    public static TextValue<Integer> int32(long min, long max) {
        return integer(min, max, v -> (int) v, Integer::longValue);
    }

    /**
     * {@code uint64}: unsigned decimal text, 0 .. 18446744073709551615, exposed as the {@code long} of the same 64
     * bits (as {@code Long.parseUnsignedLong} reads and {@code Long.toUnsignedString} writes it).
     */
    public static TextValue<Long> uint64() {
        return new Trimmed<>() {
            @Override
            Long value(String text, String field) {
                Long value = unsigned64(text);
                if (value == null) {
                    throw invalid(field, text, UNSIGNED_64_PROBLEM);
                }
                return value;
            }

            @Override
            public String format(Long value, String field) {
                return Long.toUnsignedString(value);
            }
        };
    }

    /**
     * Whether {@code text} is one or more ASCII decimal digits from index {@code from} to its end (a loop: a stream
     * over its characters was a stream per value read).
     */
    private static boolean digitsFrom(String text, int from) {
        if (from >= text.length()) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static final String UNSIGNED_64_PROBLEM = "is not an integer in 0..18446744073709551615";

    /** The {@code long} of unsigned decimal digits, or null when the text is none or too large. */
    static Long unsigned64(String text) {
        if (!digitsFrom(text, 0)) {
            return null;
        }
        try {
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException tooLarge) {
            return null;
        }
    }

    /** An integer type or range whose getter is a {@code long}. */
    public static TextValue<Long> int64(long min, long max) {
        return integer(min, max, v -> v, Long::longValue);
    }

    /** An integer type or range exposed {@code as BigInteger}. */
    public static TextValue<BigInteger> bigInteger(long min, long max) {
        return new Trimmed<>() {
            @Override
            BigInteger value(String text, String field) {
                return BigInteger.valueOf(parseInteger(text, field, min, max));
            }

            @Override
            public String format(BigInteger value, String field) {
                return Long.toString(FieldValues.checkRange(field, value, min, max));
            }
        };
    }

    private static <T> TextValue<T> integer(long min, long max, LongFunction<T> box, Function<T, Long> unbox) {
        return new Trimmed<>() {
            @Override
            T value(String text, String field) {
                return box.apply(parseInteger(text, field, min, max));
            }

            @Override
            public String format(T value, String field) {
                return Long.toString(FieldValues.checkRange(field, unbox.apply(value), min, max));
            }
        };
    }

    /** Decimal digits with an optional sign, as {@link IntegerField} reads them. */
    private static long parseInteger(String text, String field, long min, long max) {
        int digits = text.startsWith("+") || text.startsWith("-") ? 1 : 0;
        if (!digitsFrom(text, digits)) {
            throw TextValue.invalid(field, text, "is not an integer");
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException tooLong) {
            throw TextValue.invalid(field, text, "is out of range; allowed: " + min + ".." + max);
        }
        if (value < min || value > max) {
            throw TextValue.invalid(field, text, "is out of range; allowed: " + min + ".." + max);
        }
        return value;
    }

    /** {@code float32}: Java's decimal text, {@code NaN}, {@code Infinity}. */
    public static TextValue<Float> float32() {
        return new Trimmed<>() {
            @Override
            Float value(String text, String field) {
                try {
                    return Float.parseFloat(text);
                } catch (NumberFormatException e) {
                    throw invalid(field, text, "is not a floating-point number");
                }
            }
        };
    }

    /** {@code float64}: Java's decimal text, {@code NaN}, {@code Infinity}. */
    public static TextValue<Double> float64() {
        return new Trimmed<>() {
            @Override
            Double value(String text, String field) {
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw invalid(field, text, "is not a floating-point number");
                }
            }
        };
    }

    /**
     * {@code decimal(p, s)} or {@code udecimal(p, s)}: plain decimal text; fewer decimals are scaled up, extra
     * decimals only if zeros. Values are returned, and written, at scale s.
     */
    public static TextValue<BigDecimal> decimal(int precision, int scale, boolean signed) {
        return new Trimmed<>() {
            @Override
            BigDecimal value(String text, String field) {
                // BigDecimal would also take exponents ("1E3"), which the flat bindings do not.
                if (!isPlainDecimal(text)) {
                    throw invalid(field, text, "is not a decimal number");
                }
                return BigDecimal.valueOf(unscaled(new BigDecimal(text), field), scale);
            }

            @Override
            public String format(BigDecimal value, String field) {
                return BigDecimal.valueOf(unscaled(value, field), scale).toPlainString();
            }

            private long unscaled(BigDecimal value, String field) {
                try {
                    return FieldValues.unscaled(field, value, precision, scale, signed);
                } catch (IllegalArgumentException e) {
                    throw new TextValueException(e.getMessage());
                }
            }
        };
    }

    /** {@code date(lo..hi)} (a plain {@code date} is 0001-01-01..9999-12-31) in a {@link DatePattern}. */
    public static TextValue<LocalDate> date(LocalDate lo, LocalDate hi, DatePattern pattern) {
        return new Trimmed<>() {
            @Override
            LocalDate value(String text, String field) {
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                LocalDate date;
                try {
                    date = LocalDate.ofEpochDay(pattern.parseEpochDay(bytes, 0, bytes.length));
                } catch (DateTimeException e) {
                    throw invalid(field, text, e.getMessage());
                }
                if (date.isBefore(lo) || date.isAfter(hi)) {
                    throw invalid(field, text, "is out of range; allowed: " + lo + ".." + hi);
                }
                return date;
            }

            @Override
            public String format(LocalDate value, String field) {
                StringBuilder text = new StringBuilder();
                pattern.format(lo.toEpochDay() + FieldValues.daysSince(field, value, lo, hi), text);
                return text.toString();
            }

            @Override
            public LocalDate parseAsWritten(String text, String field) {
                // A pattern of fixed-width numbers writes every date it reads in as many characters, as it read it.
                int width = pattern.fixedWidth();
                if (width < 0) {
                    return super.parseAsWritten(text, field);
                }
                return text.length() == width ? value(text, field) : null;
            }
        };
    }

    /** {@code time}, in a {@code java.time} pattern or (null) ISO {@code HH:mm:ss.SSS}; whole milliseconds. */
    public static TextValue<LocalTime> time(String pattern) {
        return time(pattern, TimePrecision.MILLIS);
    }

    /**
     * {@code time(unit)}, in a {@code java.time} pattern or (null) ISO with every digit of the unit; whole units, a
     * finer time refused.
     */
    public static TextValue<LocalTime> time(String pattern, TimePrecision precision) {
        DateTimeFormatter formatter = pattern == null ? null
                : DateTimeFormatter.ofPattern(pattern).withResolverStyle(ResolverStyle.STRICT);
        String format = pattern == null ? "ISO (HH:mm:ss." + "S".repeat(precision.digits()) + ")" : pattern;
        return new Trimmed<>() {
            @Override
            LocalTime value(String text, String field) {
                LocalTime time;
                try {
                    time = formatter == null ? LocalTime.parse(text) : LocalTime.parse(text, formatter);
                } catch (DateTimeParseException e) {
                    throw invalid(field, text, "is not a time in the format " + format);
                }
                if (precision.countOf(time) == null) {
                    throw invalid(field, text, "is finer than a " + precision.noun());
                }
                return time;
            }

            @Override
            public String format(LocalTime value, String field) {
                FieldValues.countOfDay(field, value, precision);
                return formatter == null ? precision.format(value) : formatter.format(value);
            }
        };
    }

    /** {@code timestamp}: an ISO-8601 instant, whole milliseconds. */
    public static TextValue<Instant> timestamp() {
        return timestamp(TimePrecision.MILLIS, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * {@code timestamp(unit)} or {@code timestamp(unit, range)}: an ISO-8601 instant, whole units from {@code lo} to
     * {@code hi} (counts since the epoch), written with every digit of the unit.
     */
    public static TextValue<Instant> timestamp(TimePrecision precision, long lo, long hi) {
        return new Trimmed<>() {
            @Override
            Instant value(String text, String field) {
                Instant instant;
                try {
                    instant = Instant.parse(text);
                } catch (DateTimeParseException e) {
                    throw invalid(field, text, "is not an ISO-8601 instant such as 2014-07-21T09:30:00Z");
                }
                try {
                    FieldValues.epochCount(field, instant, precision, lo, hi);
                } catch (IllegalArgumentException e) {
                    throw new TextValueException(e.getMessage());
                }
                return instant;
            }

            @Override
            public String format(Instant value, String field) {
                FieldValues.epochCount(field, value, precision, lo, hi);
                return precision.format(value);
            }
        };
    }

    /**
     * {@code localtimestamp(unit)} or {@code localtimestamp(unit, range)}: an ISO-8601 local date-time
     * ({@code 2014-07-21T09:30:00.125}), whole units from {@code lo} to {@code hi}, written with every digit of the
     * unit.
     */
    public static TextValue<LocalDateTime> localTimestamp(TimePrecision precision, long lo, long hi) {
        return new Trimmed<>() {
            @Override
            LocalDateTime value(String text, String field) {
                LocalDateTime dateTime;
                try {
                    dateTime = LocalDateTime.parse(text);
                } catch (DateTimeParseException e) {
                    throw invalid(field, text, "is not an ISO-8601 local date-time such as 2014-07-21T09:30:00");
                }
                try {
                    FieldValues.epochCount(field, dateTime, precision, lo, hi);
                } catch (IllegalArgumentException e) {
                    throw new TextValueException(e.getMessage());
                }
                return dateTime;
            }

            @Override
            public String format(LocalDateTime value, String field) {
                FieldValues.epochCount(field, value, precision, lo, hi);
                return precision.format(value);
            }
        };
    }

    /** {@code char(n, "alphabet")}: at most n characters of the alphabet; the empty text is the empty string. */
    public static TextValue<String> chars(int length, Alphabet alphabet) {
        return new Trimmed<>() {
            @Override
            String value(String text, String field) {
                String problem = problem(text);
                if (problem != null) {
                    throw invalid(field, text, problem);
                }
                return text;
            }

            @Override
            public String format(String value, String field) {
                String problem = problem(value);
                if (problem != null) {
                    throw new IllegalArgumentException(field + ": \"" + value + "\" " + problem);
                }
                return value;
            }

            private String problem(String text) {
                if (text.length() > length) {
                    return "is too long; allowed: at most " + length + " characters";
                }
                for (int i = 0; i < text.length(); i++) {
                    if (alphabet.code(text.charAt(i)) == 0) {
                        return "has the character '" + text.charAt(i) + "', outside the alphabet \""
                                + alphabet.characters() + "\"";
                    }
                }
                return null;
            }

            @Override
            public boolean hasEmptyValue() {
                return true;
            }
        };
    }

    /**
     * {@code decimal} without bounds: plain decimal text (XML Schema's {@code xsd:decimal}), any number of digits,
     * its scale kept as written ({@code 50000000.00} stays two decimals); written in plain notation.
     */
    public static TextValue<BigDecimal> decimal() {
        return new Trimmed<>() {
            @Override
            BigDecimal value(String text, String field) {
                if (!isPlainDecimal(text)) {
                    throw invalid(field, text, "is not a decimal number");
                }
                return new BigDecimal(text);
            }

            @Override
            public String format(BigDecimal value, String field) {
                return value.toPlainString();
            }
        };
    }

    /** {@code integer} without bounds: decimal digits with an optional sign (XML Schema's {@code xsd:integer}). */
    public static TextValue<BigInteger> integer() {
        return new Trimmed<>() {
            @Override
            BigInteger value(String text, String field) {
                int digits = text.startsWith("+") || text.startsWith("-") ? 1 : 0;
                if (!digitsFrom(text, digits)) {
                    throw invalid(field, text, "is not an integer");
                }
                return new BigInteger(text);
            }
        };
    }

    /** An enum: the constant's name exactly. */
    public static <E extends Enum<E>> TextValue<E> enumeration(E[] constants) {
        String[] names = new String[constants.length];
        for (int i = 0; i < constants.length; i++) {
            names[i] = constants[i].name();
        }
        return enumeration(constants, names);
    }

    /**
     * An enum whose constants have texts of their own ({@code @xml(name = "ACT/360")} in the schema): {@code names}
     * holds each constant's text, in the constants' order.
     */
    public static <E extends Enum<E>> TextValue<E> enumeration(E[] constants, String... names) {
        if (names.length != constants.length) {
            throw new IllegalArgumentException(constants.length + " constants but " + names.length + " names");
        }
        return new Trimmed<>() {
            @Override
            E value(String text, String field) {
                return constants[constantIndex(names, text, field)];
            }

            @Override
            public String format(E value, String field) {
                return names[value.ordinal()];
            }
        };
    }

    /**
     * An enum read with no generated class, its value the constant's name (as {@code dev.sdo.runtime.generic} reads
     * it): {@code names} holds each constant's text, in the order of {@code constants}, with the same rules and
     * messages as {@link #enumeration(Enum[], String...)}.
     */
    public static TextValue<String> enumeration(List<String> constants, List<String> names) {
        if (names.size() != constants.size()) {
            throw new IllegalArgumentException(constants.size() + " constants but " + names.size() + " names");
        }
        String[] texts = names.toArray(String[]::new);
        String[] values = constants.toArray(String[]::new);
        Map<String, Integer> ordinals = new HashMap<>();
        for (int i = 0; i < constants.size(); i++) {
            ordinals.put(constants.get(i), i);
        }
        return new Trimmed<>() {
            @Override
            String value(String text, String field) {
                return values[constantIndex(texts, text, field)];
            }

            @Override
            public String format(String value, String field) {
                Integer index = ordinals.get(value);
                if (index == null) {
                    throw new IllegalArgumentException(field + ": \"" + value + "\" is no constant of the enum; "
                            + "allowed: " + String.join(", ", constants));
                }
                return texts[index];
            }
        };
    }

    /** The position of the constant whose text is {@code text}. */
    private static int constantIndex(String[] names, String text, String field) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(text)) {
                return i;
            }
        }
        throw TextValue.invalid(field, text, "is no constant of the enum; allowed: " + String.join(", ", names));
    }

    /** {@code string}: the text itself, not trimmed; the empty text is the empty string. */
    public static TextValue<String> string() {
        return text(true);
    }

    /**
     * {@code string} in CSV: the text itself, not trimmed, any character (CSV quotes line breaks and has no
     * characters it cannot hold); the empty text is the empty string. Half a surrogate pair is refused: it has no
     * UTF-8 form.
     */
    public static TextValue<String> csvString() {
        return text(false);
    }

    /** Text as it is; written, refused when it has half a surrogate pair, or in XML a character XML 1.0 has not. */
    private static TextValue<String> text(boolean xml) {
        return new TextValue<>() {
            @Override
            public String parse(String text, String field) {
                return text;
            }

            @Override
            public String format(String value, String field) {
                for (int i = 0; i < value.length(); i++) {
                    char c = value.charAt(i);
                    if (xml && (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF)) {
                        throw new IllegalArgumentException(field + ": the character U+"
                                + String.format("%04X", (int) c) + " at index " + i + " cannot be written in XML 1.0");
                    }
                    if (Character.isHighSurrogate(c) && i + 1 < value.length()
                            && Character.isLowSurrogate(value.charAt(i + 1))) {
                        // A pair is one character; half of one has no UTF-8 form (an encoder would write '?').
                        i++;
                    } else if (Character.isSurrogate(c)) {
                        throw new IllegalArgumentException(field + ": the unpaired surrogate U+"
                                + String.format("%04X", (int) c) + " at index " + i
                                + (xml ? " cannot be written in XML 1.0" : " has no UTF-8 form"));
                    }
                }
                return value;
            }

            @Override
            public boolean hasEmptyValue() {
                return true;
            }
        };
    }

    /**
     * {@code bytes}: base64 (RFC 4648, with padding); surrounding white space is ignored, and the empty text is the
     * empty blob.
     */
    public static TextValue<byte[]> bytes() {
        return new Trimmed<>() {
            @Override
            byte[] value(String text, String field) {
                try {
                    return Base64.getDecoder().decode(text);
                } catch (IllegalArgumentException e) {
                    throw invalid(field, text, "is not base64: " + e.getMessage());
                }
            }

            @Override
            public String format(byte[] value, String field) {
                return Base64.getEncoder().encodeToString(value);
            }

            @Override
            public boolean hasEmptyValue() {
                return true;
            }
        };
    }

    /** A value whose text is trimmed first, and written with {@code toString} unless the subclass checks more. */
    private abstract static class Trimmed<T> extends TextValue<T> {
        @Override
        public final T parse(String text, String field) {
            String trimmed = text.strip();
            if (trimmed.isEmpty() && !hasEmptyValue()) {
                throw new TextValueException(field + ": the value is missing; the field is required");
            }
            return value(trimmed, field);
        }

        /** The value of a trimmed text. */
        abstract T value(String text, String field);

        @Override
        public String format(T value, String field) {
            return value.toString();
        }
    }
}
