package dev.sdo.runtime.generic;

import dev.sdo.runtime.TimePrecision;
import java.util.List;

/**
 * How a field's values are stored, as a schema descriptor says (the schema compiler's encodings,
 * docs/record-format.md): each kind with the parameters a reader needs, and {@link #bits()} the value's bits in the
 * fixed part (a variable-length value's 32-bit end slot).
 */
public sealed interface FieldType {

    long bits();

    /** Whether values are one run of bits read without the rest of the record: numbers, characters, constants. */
    default boolean scalar() {
        return false;
    }

    /** A scalar type. */
    sealed interface Scalar extends FieldType {
        @Override
        default boolean scalar() {
            return true;
        }
    }

    record Bool() implements Scalar {
        @Override
        public long bits() {
            return 1;
        }
    }

    /** {@code int8 .. int64}, {@code uint8 .. uint32}: two's complement when {@code min < 0}. */
    record Int(int bitCount, long min, long max) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code int(lo..hi)}: value - lo. */
    record Range(long lo, long hi, int bitCount) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code float32}, {@code float64}. */
    record Floating(int bitCount) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code decimal(p, s)}, {@code udecimal(p, s)}: the unscaled value, biased by 10^p - 1 when signed. */
    record Decimal(boolean signed, int precision, int scale, int bitCount) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code date(lo..hi)}: days since {@code lo}, as epoch days. */
    record Date(long loEpochDay, long hiEpochDay, int bitCount) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code time}: milliseconds since midnight. */
    record Time(TimePrecision precision, int bitCount) implements Scalar {
        @Override
        public long bits() {
            return bitCount;
        }
    }

    /**
     * {@code timestamp(unit)} or {@code localtimestamp(unit)}: units since the epoch in two's complement, or with a
     * range ({@code lo > Long.MIN_VALUE}) their offset from {@code lo}, the range's first count.
     */
    record Timestamp(TimePrecision precision, boolean local, long lo, long hi, int bitCount) implements Scalar {
        /** Whether the field has a range and stores the offset from {@code lo}. */
        public boolean bounded() {
            return lo != Long.MIN_VALUE;
        }

        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** {@code uint64}: the {@code long} of its 64 bits, read unsigned. */
    record Unsigned64() implements Scalar {
        @Override
        public long bits() {
            return Long.SIZE;
        }
    }

    /** {@code char(n, alphabet)}: n codes of {@code codeBits} bits; {@code alphabet} expanded, in index order. */
    record Chars(int length, int codeBits, String alphabet) implements Scalar {
        @Override
        public long bits() {
            return (long) length * codeBits;
        }
    }

    /** An enum: the constant's ordinal. */
    record Enumeration(String name, List<String> constants, int bitCount) implements Scalar {
        public Enumeration {
            constants = List.copyOf(constants);
        }

        @Override
        public long bits() {
            return bitCount;
        }
    }

    /** A nested record, {@code record} its index in the descriptor: inline, or behind a slot when variable. */
    record Nested(int record, boolean variableLength, long bits) implements FieldType {}

    /** {@code string}: UTF-8 behind a slot. */
    record Text() implements FieldType {
        @Override
        public long bits() {
            return 32;
        }
    }

    /** {@code bytes}: a blob behind a slot. */
    record Blob() implements FieldType {
        @Override
        public long bits() {
            return 32;
        }
    }

    /** {@code list<T>} behind a slot. */
    record ListOf(FieldType element) implements FieldType {
        @Override
        public long bits() {
            return 32;
        }
    }

    /** A union (or an abstract record), {@code union} its index in the descriptor. */
    record Union(int union, long bits) implements FieldType {}

    /** {@code decimal} without bounds. */
    record AnyDecimal() implements FieldType {
        @Override
        public long bits() {
            return 32;
        }
    }

    /** {@code integer}. */
    record AnyInteger() implements FieldType {
        @Override
        public long bits() {
            return 32;
        }
    }
}
