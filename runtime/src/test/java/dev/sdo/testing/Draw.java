package dev.sdo.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The values of one property try, all from one seed. Ranges are inclusive. One draw in {@value #EDGE_ONE_IN} is an
 * edge of its range (its ends, the values next to them, and 0, 1 and -1 where inside), the cases where bit and
 * boundary arithmetic goes wrong; one in four of the others has a random bit length, so that small values come up
 * in wide ranges. Sizes of arrays, strings and lists are ranges like any other, so empty and full-length ones come
 * up too.
 */
public final class Draw {
    private static final int EDGE_ONE_IN = 8;
    private static final int MAX_LOGGED = 600;

    private final long seed;
    private final SplittableRandom random;
    private final StringBuilder drawn = new StringBuilder();

    Draw(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /** The seed of this try, for a property that checks part of a try later (and must name it then). */
    public long seed() {
        return seed;
    }

    /** SplitMix64's finalizer: consecutive bases give unrelated seeds. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A long in {@code min..max}. */
    public long longs(long min, long max) {
        return log(longIn(min, max));
    }

    /** Any long. */
    public long anyLong() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** An int in {@code min..max}. */
    public int ints(int min, int max) {
        return (int) longs(min, max);
    }

    /** Any int. */
    public int anyInt() {
        return ints(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public boolean bool() {
        return log(random.nextBoolean());
    }

    /** A double in {@code [0, 1)}, 0 and the largest double below 1 among the edges. */
    public double fraction() {
        int edge = random.nextInt(EDGE_ONE_IN * 2);
        double value = edge == 0 ? 0 : edge == 1 ? Math.nextDown(1.0) : random.nextDouble();
        return log(value);
    }

    /** One of the given values. */
    @SafeVarargs
    public final <T> T of(T... values) {
        return log(values[random.nextInt(values.length)]);
    }

    /** Bytes of a length in {@code minLength..maxLength}, any values, all-zero and all-ones among the edges. */
    public byte[] bytes(int minLength, int maxLength) {
        byte[] bytes = new byte[(int) longIn(minLength, maxLength)];
        int edge = random.nextInt(EDGE_ONE_IN * 2);
        if (edge == 1) {
            Arrays.fill(bytes, (byte) -1);
        } else if (edge != 0) {
            random.nextBytes(bytes);
        }
        return log(bytes);
    }

    /** A string of {@code minLength..maxLength} characters of {@code alphabet}. */
    public String string(String alphabet, int minLength, int maxLength) {
        int length = (int) longIn(minLength, maxLength);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return log(text.toString());
    }

    /** A string of {@code minLength..maxLength} chars of any UTF-16 value, unpaired surrogates included. */
    public String anyString(int minLength, int maxLength) {
        int length = (int) longIn(minLength, maxLength);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            // Half ASCII, the rest anywhere in the 16-bit range, so that both plain text and odd chars come up.
            text.append((char) (random.nextBoolean() ? random.nextInt(0x80) : longIn(0, 0xFFFF)));
        }
        return log(text.toString());
    }

    /**
     * A valid string of {@code minLength..maxLength} code points: ASCII, the rest of the BMP outside the surrogates,
     * and supplementary characters (two chars each), so that every UTF-8 length comes up.
     */
    public String text(int minLength, int maxLength) {
        int length = (int) longIn(minLength, maxLength);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int codePoint;
            switch (random.nextInt(4)) {
                case 0, 1 -> codePoint = random.nextInt(0x80);
                case 2 -> {
                    do {
                        codePoint = random.nextInt(0x80, 0x10000);
                    } while (Character.isSurrogate((char) codePoint));
                }
                default -> codePoint = random.nextInt(0x10000, Character.MAX_CODE_POINT + 1);
            }
            text.appendCodePoint(codePoint);
        }
        return log(text.toString());
    }

    /** A list of {@code minSize..maxSize} elements drawn by {@code element}. */
    public <T> List<T> list(int minSize, int maxSize, Supplier<T> element) {
        int size = (int) longIn(minSize, maxSize);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    /** What this try drew so far, shortened: printed when the try fails. */
    String drawn() {
        return drawn.length() > MAX_LOGGED ? drawn.substring(0, MAX_LOGGED) + "..." : drawn.toString();
    }

    private long longIn(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
        if (random.nextInt(EDGE_ONE_IN) == 0) {
            long[] edges = {min, max, min + 1, max - 1, 0, 1, -1};
            long edge = edges[random.nextInt(edges.length)];
            if (edge >= min && edge <= max) {
                return edge;
            }
        }
        if (random.nextInt(4) == 0) {
            // A value of a random bit length: small magnitudes come up in wide ranges, where a uniform draw is huge.
            long small = random.nextLong() >> random.nextInt(64);
            if (small >= min && small <= max) {
                return small;
            }
        }
        if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
            return random.nextLong();
        }
        if (max - min >= 0 && max - min < Long.MAX_VALUE) {
            return min + random.nextLong(max - min + 1);
        }
        // The span overflows a long: draw until inside.
        long value;
        do {
            value = random.nextLong();
        } while (value < min || value > max);
        return value;
    }

    private <T> T log(T value) {
        if (drawn.length() <= MAX_LOGGED) {
            String text = value instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(value);
            drawn.append(drawn.length() == 0 ? "" : ", ").append(value instanceof String ? '"' + text + '"' : text);
        }
        return value;
    }
}
