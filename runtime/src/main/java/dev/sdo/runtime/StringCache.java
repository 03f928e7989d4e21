package dev.sdo.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The strings of a {@code char(n, alphabet)} field of at most {@link #MAX_BITS} bits, made once each: a getter of such
 * a field ({@code char(3, "A-Z")}: 15 bits) returns the cached string instead of allocating one per call.
 *
 * <p>The cache is an array with one slot per packed value (4 bytes each with compressed references: 128 KB for
 * {@code char(3, "A-Z")}), filled as values are read; each string read costs its bytes once. Fields of one alphabet and
 * length share one cache. Slots are filled without locks; strings are immutable, so any thread sees a whole one.
 * Results are equal, not necessarily identical: {@code ==} is not promised.
 */
public final class StringCache {
    /** The widest field cached: 16 bits, 65,536 values. */
    public static final int MAX_BITS = 16;

    private static final Map<String, StringCache> SHARED = new ConcurrentHashMap<>();

    private final Alphabet alphabet;
    private final int length;
    private final String[] strings;

    private StringCache(Alphabet alphabet, int length) {
        this.alphabet = alphabet;
        this.length = length;
        this.strings = new String[1 << (alphabet.codeBits() * length)];
    }

    /** The cache of strings of up to {@code length} characters of {@code alphabet}, at most {@link #MAX_BITS} bits. */
    public static StringCache of(Alphabet alphabet, int length) {
        if (length < 1 || (long) alphabet.codeBits() * length > MAX_BITS) {
            throw new IllegalArgumentException("a cached char(n) has 1.." + MAX_BITS + " bits, not "
                    + (long) alphabet.codeBits() * length);
        }
        return SHARED.computeIfAbsent(length + ":" + alphabet.characters(), key -> new StringCache(alphabet, length));
    }

    /** The string packed in {@code packed}, as {@link Alphabet#unpack} reads it. */
    public String get(long packed) {
        int index = (int) packed;
        String string = strings[index];
        if (string == null) {
            string = alphabet.unpack(packed, length);
            strings[index] = string;
        }
        return string;
    }
}
