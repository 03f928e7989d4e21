package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * The alphabet of a {@code char(n, "...")} field: character i of a string is stored as 1 + its index in the
 * alphabet, in {@link #codeBits()} bits, the first character in the lowest bits; code 0 is padding after the
 * end of a shorter string.
 */
public final class Alphabet {
    private static final int ASCII = 128;

    private final String characters;
    private final int codeBits;
    private final long codeMask;
    /** Codes of ASCII characters by character, 0 where the character is not in the alphabet. */
    private final byte[] asciiCodes = new byte[ASCII];
    /**
     * By code: 1 + the rank of the code's character among the alphabet's characters in ascending order; 0 for
     * padding and for codes no character has. Null when the alphabet is written in ascending order, where a code is
     * its rank.
     */
    private final int[] ranks;

    /** @param characters the alphabet in index order, ranges already expanded, each character once */
    public Alphabet(String characters) {
        if (characters.isEmpty()) {
            throw new IllegalArgumentException("an alphabet needs at least one character");
        }
        this.characters = characters;
        this.codeBits = 32 - Integer.numberOfLeadingZeros(characters.length());
        this.codeMask = BitFields.mask(codeBits);
        for (int i = 0; i < characters.length(); i++) {
            char c = characters.charAt(i);
            if (c < ASCII && i + 1 <= Byte.MAX_VALUE) {
                asciiCodes[c] = (byte) (i + 1);
            }
        }
        this.ranks = ranks(characters, codeBits);
    }

    private static int[] ranks(String characters, int codeBits) {
        char[] sorted = characters.toCharArray();
        java.util.Arrays.sort(sorted);
        if (new String(sorted).equals(characters)) {
            return null;
        }
        int[] ranks = new int[1 << codeBits];
        for (int rank = 0; rank < sorted.length; rank++) {
            ranks[characters.indexOf(sorted[rank]) + 1] = rank + 1;
        }
        return ranks;
    }

    /** The characters in index order. */
    public String characters() {
        return characters;
    }

    /** Bits per character: ceil(log2(size + 1)). */
    public int codeBits() {
        return codeBits;
    }

    /** 1 + the index of {@code c}, or 0 when {@code c} is not in the alphabet. */
    public int code(char c) {
        if (c < ASCII && asciiCodes[c] != 0) {
            return asciiCodes[c];
        }
        return characters.indexOf(c) + 1;
    }

    /**
     * Packs a string of at most {@code length} characters into the low {@code length * codeBits()} bits of a
     * long (which must be at most 64).
     *
     * @throws IllegalArgumentException naming {@code field} when the string is too long or has a character
     *     outside the alphabet
     */
    public long pack(String field, String value, int length) {
        return pack(field, value, length, codeBits);
    }

    /**
     * {@link #pack(String, String, int)} with the alphabet's {@link #codeBits()} passed in, as generated code passes
     * a constant of its own: the JIT then shifts each character's code by a constant, where a width read from this
     * object (whose fields it does not take for constants) made {@code TradeWriter}'s two {@code char(3)} fields
     * about 2 ns slower per record ({@code WriterBenchmark}). {@code codeBits} must be {@link #codeBits()}.
     *
     * @throws IllegalArgumentException naming {@code field} when the string is too long or has a character
     *     outside the alphabet
     */
    public long pack(String field, String value, int length, int codeBits) {
        checkLength(field, value, length);
        // Over the field's length, not the string's: generated encoders pass a constant length, so the JIT unrolls
        // this loop completely (a loop over the string's length ran twice as slowly). The ASCII table lookup is
        // inline because this runs for every encoded field.
        byte[] codes = asciiCodes;
        int count = value.length();
        long packed = 0;
        for (int i = 0; i < length; i++) {
            if (i < count) {
                char c = value.charAt(i);
                int code = c < ASCII ? codes[c] : 0;
                packed |= (long) (code != 0 ? code : codeOf(field, value, i)) << (i * codeBits);
            }
        }
        return packed;
    }

    /** The string packed in the low bits of {@code packed}: {@link #pack} reversed. */
    public String unpack(long packed, int length) {
        char[] chars = new char[length];
        int count = 0;
        for (; count < length; count++) {
            int code = (int) ((packed >>> (count * codeBits)) & codeMask);
            if (code == 0) {
                break;
            }
            chars[count] = characterOf(code);
        }
        return new String(chars, 0, count);
    }

    /**
     * A key that orders packed strings as {@link String#compareTo} orders the strings: each character's rank in
     * the alphabet sorted ascending, the first character in the highest bits, padding (the end of a shorter string)
     * lowest. Sorting by it compares two numbers where comparing the strings would make them first. Allocates
     * nothing.
     *
     * @param packed a string as {@link #pack} packs it
     * @param length the field's length; {@code length * codeBits()} must be at most 63, so that keys compare as
     *     signed longs
     */
    public long orderKey(long packed, int length) {
        long key = 0;
        for (int i = 0; i < length; i++) {
            int code = (int) ((packed >>> (i * codeBits)) & codeMask);
            key = key << codeBits | (ranks == null ? code : ranks[code]);
        }
        return key;
    }

    /**
     * Writes a string of at most {@code length} characters, padded, at bit {@code bitOffset} of the record at
     * byte {@code base}. Every character is checked before any is written: a string refused leaves the field as
     * it was.
     */
    public void write(String field, String value, int length, ByteBuffer buffer, int base, long bitOffset) {
        checkLength(field, value, length);
        for (int i = 0; i < value.length(); i++) {
            codeOf(field, value, i);
        }
        for (int i = 0; i < length; i++) {
            int code = i < value.length() ? codeOf(field, value, i) : 0;
            BitFields.write(buffer, base, bitOffset + (long) i * codeBits, codeBits, code);
        }
    }

    /** Reads a string of at most {@code length} characters at bit {@code bitOffset} of the record at {@code base}. */
    public String read(ByteBuffer buffer, int base, long bitOffset, int length) {
        char[] chars = new char[length];
        return new String(chars, 0, read(buffer, base, bitOffset, length, chars));
    }

    /**
     * Reads the characters of a string of at most {@code length} characters at bit {@code bitOffset} of the record at
     * {@code base} into {@code chars}, from index 0, and returns how many it has; makes no object.
     *
     * @throws CorruptDataException for a code that no character of the alphabet has
     */
    public int read(ByteBuffer buffer, int base, long bitOffset, int length, char[] chars) {
        int count = 0;
        for (; count < length; count++) {
            int code = (int) BitFields.read(buffer, base, bitOffset + (long) count * codeBits, codeBits);
            if (code == 0) {
                break;
            }
            chars[count] = characterOf(code);
        }
        return count;
    }

    private void checkLength(String field, String value, int length) {
        if (value.length() > length) {
            throw new IllegalArgumentException(field + ": \"" + value + "\" has " + value.length()
                    + " characters; allowed: at most " + length);
        }
    }

    private int codeOf(String field, String value, int index) {
        char c = value.charAt(index);
        int code = code(c);
        if (code == 0) {
            throw new IllegalArgumentException(field + ": \"" + value + "\" has character '" + c + "' (U+"
                    + String.format("%04X", (int) c) + ") at index " + index + ", outside the alphabet \""
                    + characters + "\"");
        }
        return code;
    }

    private char characterOf(int code) {
        if (code > characters.length()) {
            throw new CorruptDataException("character code " + code + " is outside the alphabet \"" + characters
                    + "\" of " + characters.length() + " characters");
        }
        return characters.charAt(code - 1);
    }
}
