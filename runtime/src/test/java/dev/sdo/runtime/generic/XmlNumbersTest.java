package dev.sdo.runtime.generic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The characters {@link XmlNumbers} writes against what the JDK gives for the same values: {@code Long.toString},
 * {@code BigDecimal.toPlainString}, {@code LocalDate.toString} and UTF-8 decoding into a {@code String}, over
 * random values of every size from fixed seeds.
 */
class XmlNumbersTest {
    private static final int SEEDS = 20;
    private static final int VALUES = 5_000;

    /** A long of a random number of bits, either sign, with the edges now and then. */
    private static long anyLong(SplittableRandom random) {
        return switch (random.nextInt(12)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE;
            case 2 -> 0;
            case 3 -> random.nextBoolean() ? 1 : -1;
            default -> random.nextLong() >> random.nextInt(64);
        };
    }

    @Test
    void longsAsLongToString() {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            char[] chars = new char[XmlNumbers.LONG_CHARS + 3];
            for (int i = 0; i < VALUES; i++) {
                long value = anyLong(random);
                int at = random.nextInt(3);
                int end = XmlNumbers.putLong(value, chars, at);
                assertEquals(Long.toString(value), new String(chars, at, end - at), "seed " + seed);
            }
        }
    }

    @Test
    void decimalsAsToPlainString() {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < VALUES; i++) {
                long unscaled = anyLong(random);
                int scale = random.nextInt(6) == 0 ? random.nextInt(-45, 46) : random.nextInt(-3, 20);
                char[] chars = new char[XmlNumbers.plainDecimalChars(scale)];
                int end = XmlNumbers.putPlainDecimal(unscaled, scale, chars, 0);
                String expected = BigDecimal.valueOf(unscaled, scale).toPlainString();
                if (end < 0) {
                    // Left to BigDecimal: only these.
                    assertEquals(true, Math.abs(scale) > XmlNumbers.MAX_PLAIN_SCALE || unscaled == Long.MIN_VALUE
                            || unscaled == 0 && scale < 0, "seed " + seed + ": " + expected);
                    continue;
                }
                assertEquals(expected, new String(chars, 0, end), "seed " + seed + ": " + unscaled + " scale "
                        + scale);
            }
        }
    }

    @Test
    void datesAsIsoLocalDate() {
        char[] chars = new char[XmlNumbers.DATE_CHARS];
        long first = LocalDate.of(1, 1, 1).toEpochDay();
        long last = LocalDate.of(9999, 12, 31).toEpochDay();
        for (long day = first - 3; day <= last + 3; day += 1 + (day & 7)) {
            int end = XmlNumbers.putIsoDate(day, chars, 0);
            if (day < first || day > last) {
                assertEquals(-1, end, "epoch day " + day);
            } else {
                assertEquals(LocalDate.ofEpochDay(day).toString(), new String(chars, 0, end), "epoch day " + day);
            }
        }
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < VALUES; i++) {
                long day = random.nextLong(first, last + 1);
                int end = XmlNumbers.putIsoDate(day, chars, 0);
                assertEquals(LocalDate.ofEpochDay(day).toString(), new String(chars, 0, end), "seed " + seed);
            }
        }
    }

    /** A string of random characters from every plane, each a whole code point, XML 1.0's only. */
    private static String anyText(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(40);
        for (int i = 0; i < length; i++) {
            int c = switch (random.nextInt(5)) {
                case 0 -> random.nextInt(0x20, 0x80);
                case 1 -> random.nextInt(0x80, 0x800);
                case 2 -> random.nextInt(0x800, 0xFFFE);
                case 3 -> random.nextInt(0x10000, Character.MAX_CODE_POINT + 1);
                default -> "\t\n\r".charAt(random.nextInt(3));
            };
            if (Character.isSurrogate((char) c) && c < 0x10000) {
                c = 'x';
            }
            text.appendCodePoint(c);
        }
        return text.toString();
    }

    @Test
    void utf8AsAString() {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < VALUES; i++) {
                String text = anyText(random);
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                byte[] padded = new byte[utf8.length + 4];
                System.arraycopy(utf8, 0, padded, 2, utf8.length);
                char[] chars = new char[utf8.length];
                int length = XmlNumbers.decodeUtf8(padded, 2, 2 + utf8.length, chars);
                assertEquals(text, new String(chars, 0, length), "seed " + seed);
            }
        }
    }

    @Test
    void surrogatePairsAndMultiByteCharacters() {
        String text = "a\u00e9\u20ac\ud83d\ude00z\u07ff\u0800\uffFD\ud800\udc00\udbff\udfff";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        char[] chars = new char[utf8.length];
        assertEquals(text, new String(chars, 0, XmlNumbers.decodeUtf8(utf8, 0, utf8.length, chars)));
    }

    @Test
    void leavesMalformedUtf8AndCharactersXmlCannotHoldToTheSlowWay() {
        byte[][] refused = {
            {0x01}, {0x1F}, {(byte) 0xC3}, {(byte) 0xC3, 0x41}, {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xEF, (byte) 0xBF, (byte) 0xBE}, {(byte) 0xEF, (byte) 0xBF, (byte) 0xBF},
            {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}, {(byte) 0x80}, {(byte) 0xF8, (byte) 0x80, (byte) 0x80, (byte) 0x80},
        };
        for (byte[] bytes : refused) {
            byte[] text = new byte[bytes.length + 2];
            text[0] = 'a';
            System.arraycopy(bytes, 0, text, 1, bytes.length);
            text[text.length - 1] = 'b';
            assertEquals(-1, XmlNumbers.decodeUtf8(text, 0, text.length, new char[text.length]),
                    java.util.Arrays.toString(bytes));
            assertEquals(-1, XmlNumbers.decodeUtf8(bytes, 0, bytes.length, new char[bytes.length]),
                    java.util.Arrays.toString(bytes));
        }
    }
}
