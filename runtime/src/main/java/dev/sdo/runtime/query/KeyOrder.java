package dev.sdo.runtime.query;

import dev.sdo.runtime.Alphabet;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * How a field's stored bits become a key that orders records as the field's values order them, compared as a signed
 * {@code long}. Most encodings store numbers in value order already (offsets from a range's low end, days since a
 * date range's start, biased unscaled decimals, ordinals): their key is the stored number. Two's complement integers
 * are sign-extended; a {@code char(n)} is ranked character by character ({@code Alphabet.orderKey}).
 */
abstract class KeyOrder implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Keys are the stored numbers: fields of at most 63 bits holding non-negative offsets. */
    static final KeyOrder STORED = new Stored();

    /** The key of stored bits {@code raw}. */
    abstract long key(long raw);

    /** Writes this order for {@link #read}: a kind byte, then the kind's numbers. */
    abstract void write(DataOutput out) throws IOException;

    /** The order {@link #write} wrote. */
    static KeyOrder read(DataInput in) throws IOException {
        int kind = in.readUnsignedByte();
        return switch (kind) {
            case Stored.KIND -> STORED;
            case Signed.KIND -> {
                int width = in.readUnsignedByte();
                if (width < 1 || width > Long.SIZE) {
                    throw new IOException("damaged key order: a signed field of " + width + " bits");
                }
                yield signed(width);
            }
            case Unsigned64.KIND -> unsigned64();
            case Chars.KIND -> {
                String characters = in.readUTF();
                int length = in.readUnsignedByte();
                try {
                    yield chars(characters, length);
                } catch (IllegalArgumentException e) {
                    throw new IOException("damaged key order: " + e.getMessage(), e);
                }
            }
            default -> throw new IOException("damaged key order: unknown kind " + kind);
        };
    }

    /** Whether keys are the stored numbers themselves, so that a test may compare stored bits directly. */
    boolean identity() {
        return false;
    }

    /** Keys of a {@code width}-bit two's complement integer: the number sign-extended to 64 bits. */
    static KeyOrder signed(int width) {
        return new Signed(Long.SIZE - width);
    }

    /** Keys of a {@code char(n)} of at most 63 bits packed with {@code alphabet}'s characters. */
    static KeyOrder chars(String alphabet, int length) {
        return new Chars(alphabet, length);
    }

    /** Keys of a 64-bit unsigned offset (a range over all of {@code long}): the number with its top bit flipped. */
    static KeyOrder unsigned64() {
        return new Unsigned64();
    }

    private static final class Stored extends KeyOrder {
        private static final long serialVersionUID = 1L;
        static final int KIND = 0;

        @Override
        void write(DataOutput out) throws IOException {
            out.writeByte(KIND);
        }

        @Override
        long key(long raw) {
            return raw;
        }

        @Override
        boolean identity() {
            return true;
        }

        private Object readResolve() {
            return STORED;
        }
    }

    private static final class Signed extends KeyOrder {
        private static final long serialVersionUID = 1L;
        static final int KIND = 1;
        private final int unusedBits;

        Signed(int unusedBits) {
            this.unusedBits = unusedBits;
        }

        @Override
        void write(DataOutput out) throws IOException {
            out.writeByte(KIND);
            out.writeByte(Long.SIZE - unusedBits);
        }

        @Override
        long key(long raw) {
            return raw << unusedBits >> unusedBits;
        }
    }

    private static final class Unsigned64 extends KeyOrder {
        private static final long serialVersionUID = 1L;
        static final int KIND = 2;

        @Override
        void write(DataOutput out) throws IOException {
            out.writeByte(KIND);
        }

        @Override
        long key(long raw) {
            return raw ^ Long.MIN_VALUE;
        }
    }

    private static final class Chars extends KeyOrder {
        private static final long serialVersionUID = 1L;
        static final int KIND = 3;
        private final String characters;
        private final int length;
        private transient Alphabet alphabet;

        Chars(String characters, int length) {
            this.characters = characters;
            this.length = length;
            this.alphabet = new Alphabet(characters);
        }

        @Override
        void write(DataOutput out) throws IOException {
            out.writeByte(KIND);
            out.writeUTF(characters);
            out.writeByte(length);
        }

        @Override
        long key(long raw) {
            return alphabet.orderKey(raw, length);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            alphabet = new Alphabet(characters);
        }
    }
}
