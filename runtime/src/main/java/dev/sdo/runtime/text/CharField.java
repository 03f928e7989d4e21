package dev.sdo.runtime.text;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A {@code char(n, "alphabet")} field: the text itself, at most n characters of the alphabet. */
public final class CharField extends TextField {
    private final Alphabet alphabet;
    private final int length;
    private final int codeBits;

    public CharField(String label, long presenceBit, long offset, Alphabet alphabet, int length) {
        super(label, presenceBit, offset);
        this.alphabet = alphabet;
        this.length = length;
        this.codeBits = alphabet.codeBits();
    }

    @Override
    protected boolean hasEmptyValue() {
        return true;
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        int count = 0;
        // Strings whose codes fit in a long (char(3, "A-Z"): 15 bits) are packed, then written at once.
        boolean packs = (long) length * codeBits <= Long.SIZE;
        long packed = 0;
        for (int i = start; i < end; i++) {
            byte b = text[i];
            if (b < 0) {
                // Not ASCII: decode once and take the characters one by one.
                parseDecoded(text, start, end, record, base);
                return;
            }
            if (++count > length) {
                throw invalid(text, start, end, "is too long; allowed: at most " + length + " characters");
            }
            int code = alphabet.code((char) b);
            if (code == 0) {
                throw outside(text, start, end, (char) b);
            }
            if (packs) {
                packed |= (long) code << ((count - 1) * codeBits);
            } else {
                BitFields.write(record, base, offset() + (long) (count - 1) * codeBits, codeBits, code);
            }
        }
        if (packs) {
            BitFields.write(record, base, offset(), length * codeBits, packed);
        }
    }

    private void parseDecoded(byte[] text, int start, int end, ByteBuffer record, int base) {
        String value = new String(text, start, end - start, StandardCharsets.UTF_8);
        if (value.codePointCount(0, value.length()) > length || value.length() > length) {
            throw invalid(text, start, end, "is too long; allowed: at most " + length + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            int code = alphabet.code(value.charAt(i));
            if (code == 0) {
                throw outside(text, start, end, value.charAt(i));
            }
            BitFields.write(record, base, offset() + (long) i * codeBits, codeBits, code);
        }
    }

    private TextValueException outside(byte[] text, int start, int end, char c) {
        return invalid(text, start, end, "has the character '" + c + "', outside the alphabet \""
                + alphabet.characters() + "\"");
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(stored(record, base));
    }

    @Override
    protected String stored(ByteBuffer record, int base) {
        try {
            return alphabet.read(record, base, offset(), length);
        } catch (CorruptDataException e) {
            throw named(e);
        }
    }

    /**
     * Reads the stored characters into {@code chars}, which holds at least the field's length of them, and returns
     * how many there are; makes no object.
     *
     * @throws CorruptDataException naming the field, for a code outside the alphabet
     */
    public int stored(ByteBuffer record, int base, char[] chars) {
        try {
            return alphabet.read(record, base, offset(), length, chars);
        } catch (CorruptDataException e) {
            throw named(e);
        }
    }

    /** The alphabet's error, which says which code is outside it, naming the field as well. */
    private CorruptDataException named(CorruptDataException e) {
        return new CorruptDataException(label() + ": " + e.getMessage());
    }
}
