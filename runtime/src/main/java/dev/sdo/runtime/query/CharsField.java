package dev.sdo.runtime.query;

import dev.sdo.runtime.Alphabet;
import java.math.BigDecimal;

/**
 * A {@code char(n, alphabet)} field of at most 64 bits: its characters' codes packed, the first in the lowest bits.
 * Equality is one masked compare of the packed codes. Order comparisons ({@code lt} .. {@code between}) rank the codes
 * ({@code Alphabet.orderKey}, for fields of at most 63 bits) and take bounds the field can hold: a bound with a
 * character outside the alphabet, or longer than the field, has no place in its order and is refused.
 *
 * @param <R> the records' interface
 */
public final class CharsField<R> extends OrderedField<R, String> {
    private static final long serialVersionUID = 1L;

    private final String characters;
    private final int length;
    private final transient Alphabet alphabet;

    private CharsField(FieldBits bits, String characters, int length, Long defaultRaw) {
        // A field of 64 bits has no order key: only eq, ne and in, which compare the packed codes.
        super(bits, bits.width() < Long.SIZE ? KeyOrder.chars(characters, length) : KeyOrder.STORED,
                bits.width() < Long.SIZE ? 0 : Long.MIN_VALUE, bits.width() < Long.SIZE ? bits.mask() : Long.MAX_VALUE,
                defaultRaw);
        this.characters = characters;
        this.length = length;
        this.alphabet = new Alphabet(characters);
    }

    /** Strings of up to {@code length} characters of {@code alphabet} (its characters in code order). */
    public static <R> CharsField<R> of(FieldBits bits, String alphabet, int length) {
        return new CharsField<>(bits, alphabet, length, null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public CharsField<R> withDefault(String value) {
        return new CharsField<>(bits(), characters, length, exactRaw(value));
    }

    @Override
    Long rawOf(String value) {
        if (value.length() > length) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (alphabet().code(value.charAt(i)) == 0) {
                return null;
            }
        }
        return alphabet().pack(name(), value, length);
    }

    @Override
    BigDecimal position(String value) {
        Long raw = rawOf(value);
        if (bits().width() == Long.SIZE) {
            throw new IllegalArgumentException(name() + ": a char(" + length + ") of 64 bits has no order key; compare"
                    + " it with eq, ne or in");
        } else if (raw == null) {
            throw new IllegalArgumentException(name() + ": \"" + value + "\" is not a value of char(" + length
                    + ", \"" + characters + "\"), so it has no place in the field's order; compare with a value it can"
                    + " hold");
        }
        return BigDecimal.valueOf(key(raw));
    }

    @Override
    public String valueOf(long raw) {
        return alphabet().unpack(raw, length);
    }

    private Alphabet alphabet() {
        // Transient: a deserialised handle makes its own.
        return alphabet != null ? alphabet : new Alphabet(characters);
    }
}
