package dev.sdo.runtime.generic;

/**
 * Values written as characters into a buffer, with no {@code String} made, for {@link GenericValueText}: the text
 * {@link Long#toString}, {@link java.math.BigDecimal#toPlainString}, ISO {@link java.time.LocalDate#toString} and a
 * UTF-8 {@code String} would give. Each returns how many characters it wrote, or -1 where it leaves the value to
 * those (the caller then takes the slow way).
 */
final class XmlNumbers {
    /** The characters of the longest {@code long}: {@code -9223372036854775808}. */
    static final int LONG_CHARS = 20;
    /** The characters of an ISO date of years 1 to 9999. */
    static final int DATE_CHARS = 10;
    /** The largest scale, either way, of a decimal written here: its text has at most some 60 characters. */
    static final int MAX_PLAIN_SCALE = 40;

    private XmlNumbers() {}

    /** Writes {@code value} as {@link Long#toString} does at {@code at}; returns where it ends. */
    static int putLong(long value, char[] chars, int at) {
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                String text = Long.toString(value);
                text.getChars(0, text.length(), chars, at);
                return at + text.length();
            }
            chars[at++] = '-';
            value = -value;
        }
        return putDigits(value, digits(value), chars, at);
    }

    /** The number of decimal digits of {@code value} &gt;= 0. */
    static int digits(long value) {
        int digits = 1;
        for (long limit = 10; digits < 19 && value >= limit; limit *= 10) {
            digits++;
        }
        return digits;
    }

    /** Writes the {@code digits} last decimal digits of {@code value} &gt;= 0, zero-padded; returns the end. */
    private static int putDigits(long value, int digits, char[] chars, int at) {
        int end = at + digits;
        for (int i = end - 1; i >= at; i--) {
            long quotient = value / 10;
            chars[i] = (char) ('0' + (int) (value - quotient * 10));
            value = quotient;
        }
        return end;
    }

    /** Room for a plain decimal of scale {@code scale}: sign, 19 digits, point, and the zeros of its scale. */
    static int plainDecimalChars(int scale) {
        return LONG_CHARS + 2 + Math.abs(scale);
    }

    /**
     * Writes {@code BigDecimal.valueOf(unscaled, scale).toPlainString()} at {@code at}; returns the end, or -1 for a
     * zero of negative scale or a scale beyond {@link #MAX_PLAIN_SCALE}.
     */
    static int putPlainDecimal(long unscaled, int scale, char[] chars, int at) {
        if (scale == 0) {
            return putLong(unscaled, chars, at);
        } else if (scale > MAX_PLAIN_SCALE || scale < -MAX_PLAIN_SCALE || unscaled == Long.MIN_VALUE
                || unscaled == 0 && scale < 0) {
            return -1;
        }
        if (unscaled < 0) {
            chars[at++] = '-';
            unscaled = -unscaled;
        }
        int digits = digits(unscaled);
        if (scale < 0) {
            at = putDigits(unscaled, digits, chars, at);
            for (int i = 0; i < -scale; i++) {
                chars[at++] = '0';
            }
            return at;
        }
        if (digits > scale) {
            // The integer part, the point, the fraction.
            long power = 1;
            for (int i = 0; i < scale; i++) {
                power *= 10;
            }
            at = putDigits(unscaled / power, digits - scale, chars, at);
            chars[at++] = '.';
            return putDigits(unscaled % power, scale, chars, at);
        }
        chars[at++] = '0';
        chars[at++] = '.';
        // A fraction of scale digits: zeros, then the digits (scale <= 40 here, the digits at most 19).
        for (int i = digits; i < scale; i++) {
            chars[at++] = '0';
        }
        return putDigits(unscaled, digits, chars, at);
    }

    /**
     * Writes the ISO date ({@code uuuu-MM-dd}) of {@code epochDay} at {@code at}; returns the end, or -1 outside
     * the years 1 to 9999.
     */
    static int putIsoDate(long epochDay, char[] chars, int at) {
        // Days to the civil date, proleptic Gregorian (H. Hinnant's days_from_civil, inverted).
        long z = epochDay + 719468;
        long era = Math.floorDiv(z, 146097);
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1;
        long month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 1 || year > 9999) {
            return -1;
        }
        at = putDigits(year, 4, chars, at);
        chars[at++] = '-';
        at = putDigits(month, 2, chars, at);
        chars[at++] = '-';
        return putDigits(day, 2, chars, at);
    }

    /**
     * Whether bytes {@code from .. to - 1} are all printable ASCII (and DEL): characters XML holds, one byte each,
     * which {@link #decodeUtf8} decodes byte for character.
     */
    static boolean printableAscii(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] < 0x20) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes the UTF-8 of bytes {@code from .. to - 1} into {@code chars} from 0 (which has room for {@code to -
     * from} characters); returns how many it wrote, or -1 for bytes that are no well-formed UTF-8 or a character
     * XML 1.0 cannot hold (a control character but tab, line feed and carriage return; U+FFFE, U+FFFF), which the
     * slow way replaces or refuses with its message.
     */
    static int decodeUtf8(byte[] bytes, int from, int to, char[] chars) {
        // Printable ASCII first, byte for character: a counted loop the JIT checks the bounds of once.
        int length = to - from;
        int n = 0;
        while (n < length) {
            int b = bytes[from + n];
            if (b < 0x20) {
                break;
            }
            chars[n] = (char) b;
            n++;
        }
        int i = from + n;
        while (i < to) {
            int b = bytes[i];
            if (b >= 0x20) {
                chars[n++] = (char) b;
                i++;
            } else if (b >= 0) {
                if (b != '\t' && b != '\n' && b != '\r') {
                    return -1;
                }
                chars[n++] = (char) b;
                i++;
            } else if ((b & 0xE0) == 0xC0) {
                if (i + 1 >= to) {
                    return -1;
                }
                int b1 = bytes[i + 1];
                int c = (b & 0x1F) << 6 | b1 & 0x3F;
                if ((b1 & 0xC0) != 0x80 || c < 0x80) {
                    return -1;
                }
                chars[n++] = (char) c;
                i += 2;
            } else if ((b & 0xF0) == 0xE0) {
                if (i + 2 >= to) {
                    return -1;
                }
                int b1 = bytes[i + 1];
                int b2 = bytes[i + 2];
                int c = (b & 0x0F) << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F;
                if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || c < 0x800 || Character.isSurrogate((char) c)
                        || c == 0xFFFE || c == 0xFFFF) {
                    return -1;
                }
                chars[n++] = (char) c;
                i += 3;
            } else if ((b & 0xF8) == 0xF0) {
                if (i + 3 >= to) {
                    return -1;
                }
                int b1 = bytes[i + 1];
                int b2 = bytes[i + 2];
                int b3 = bytes[i + 3];
                int c = (b & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | b3 & 0x3F;
                if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || (b3 & 0xC0) != 0x80 || c < 0x10000
                        || c > Character.MAX_CODE_POINT) {
                    return -1;
                }
                chars[n++] = Character.highSurrogate(c);
                chars[n++] = Character.lowSurrogate(c);
                i += 4;
            } else {
                return -1;
            }
        }
        return n;
    }
}
