package dev.sdo.compiler.property;

import java.math.BigInteger;
import java.time.LocalDate;

/**
 * The test's own description of a field type, independent of the compiler's model: what the random
 * schema generator writes into {@code .sdo} text and what the reference encoder lays out.
 */
sealed interface TestType {

    /** The first and last day a {@code date} can hold. */
    LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);
    LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);
    /** The default {@code char} alphabet: printable ASCII 0x20..0x7E. */
    String PRINTABLE_ASCII = printableAscii();

    private static String printableAscii() {
        StringBuilder chars = new StringBuilder();
        for (char c = 0x20; c <= 0x7E; c++) {
            chars.append(c);
        }
        return chars.toString();
    }

    /** An integral type: every value lies within {@link #min()}..{@link #max()}. */
    sealed interface Integral extends TestType {
        long min();

        long max();
    }

    record Bool() implements TestType {}

    /** {@code int8}..{@code int64}, {@code uint8}..{@code uint32}. */
    record FixedInt(int bits, boolean signed) implements Integral {
        String keyword() {
            return (signed ? "int" : "uint") + bits;
        }

        /** {@code uint64}: its values are the longs of their bits, read unsigned. */
        boolean unsigned64() {
            return bits == 64 && !signed;
        }

        /** The smallest value; of a {@code uint64}, the smallest long (every long is the bits of a value). */
        @Override
        public long min() {
            return signed || bits == 64 ? -(1L << (bits - 1)) : 0;
        }

        /** The largest value; of a {@code uint64}, the largest long. */
        @Override
        public long max() {
            return signed || bits == 64 ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (1L << bits) - 1;
        }
    }

    /** {@code int(lo..hi)}; {@code underscores} says whether the text groups digits with {@code _}. */
    record Range(long lo, long hi, boolean underscores) implements Integral {
        @Override
        public long min() {
            return lo;
        }

        @Override
        public long max() {
            return hi;
        }

        BigInteger count() {
            return BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo)).add(BigInteger.ONE);
        }
    }

    record Floating(int bits) implements TestType {}

    record Decimal(int precision, int scale, boolean signed) implements TestType {
        /** 10^p - 1, the largest unscaled magnitude. */
        long maxUnscaled() {
            return BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).longValueExact();
        }
    }

    /** {@code date} ({@code bounded} false: the full range) or {@code date(lo..hi)}. */
    record Date(LocalDate lo, LocalDate hi, boolean bounded) implements TestType {}

    /** {@code time} ({@code digits} 3) or {@code time(us)} (6) or {@code time(ns)} (9): units since midnight. */
    record Time(int digits) implements TestType {
        Time() {
            this(3);
        }

        /** The units in a day, the exclusive bound of the stored count. */
        long perDay() {
            return 86_400L * perSecond(digits);
        }
    }

    /**
     * {@code timestamp} ({@code digits} 3, no range), {@code timestamp(unit)}, {@code timestamp(unit, lo..hi)}, and
     * {@code localtimestamp} of the same forms ({@code local}); lo and hi null without a range.
     */
    record Timestamp(int digits, boolean local, LocalDate lo, LocalDate hi) implements TestType {
        Timestamp() {
            this(3, false, null, null);
        }

        boolean bounded() {
            return lo != null;
        }

        /** The first count of units stored: the first unit of day lo, or the smallest long. */
        long loCount() {
            return bounded() ? BigInteger.valueOf(lo.toEpochDay())
                    .multiply(BigInteger.valueOf(86_400L * perSecond(digits))).longValueExact() : Long.MIN_VALUE;
        }

        /** The last count of units stored: the last unit of day hi, or the largest long. */
        long hiCount() {
            return bounded() ? BigInteger.valueOf(hi.toEpochDay() + 1).multiply(BigInteger.valueOf(86_400L
                    * perSecond(digits))).subtract(BigInteger.ONE).longValueExact() : Long.MAX_VALUE;
        }
    }

    /** The schema's word for a unit of {@code digits} digits of a second. */
    static String unit(int digits) {
        return switch (digits) {
            case 3 -> "ms";
            case 6 -> "us";
            case 9 -> "ns";
            default -> throw new IllegalArgumentException("no unit of " + digits + " digits");
        };
    }

    /** 10^digits: the units in a second. */
    static long perSecond(int digits) {
        return BigInteger.TEN.pow(digits).longValueExact();
    }

    /**
     * {@code char(n)} or {@code char(n, "...")}.
     *
     * @param written the alphabet as written between the quotes (before escaping), or null for the default
     * @param alphabet the expanded alphabet in index order
     */
    record Chars(int length, String written, String alphabet) implements TestType {}

    record EnumRef(TestEnum type) implements TestType {}

    record RecordRef(TestRecord type) implements TestType {}

    /**
     * A field of a union: a declared {@code union U}, or an abstract record (the union of its concrete extensions).
     * Its bits are a tag, the inline place and, when some alternative is not inline, a 32-bit end slot
     * (docs/record-format.md section 5).
     */
    record UnionRef(TestUnion union) implements TestType {}

    /**
     * {@code decimal} ({@code integer} false) or {@code integer} without bounds: variable-length data, a zigzag
     * LEB128 scale then two's-complement bytes (docs/record-format.md section 2.2).
     */
    record Unbounded(boolean integer) implements TestType {}

    /** {@code string}: UTF-8 after the fixed part, found through a 32-bit end slot (docs/record-format.md). */
    record Str() implements TestType {}

    /** {@code bytes}: a blob after the fixed part, found through a 32-bit end slot. */
    record Blob() implements TestType {}

    /**
     * {@code list<T>}: a 32-bit count then the elements packed at their width, or for strings an end-offset table
     * then their UTF-8; found through a 32-bit end slot like a string.
     */
    record ListOf(TestType element) implements TestType {
        /** A required field of the element type, named like the list, through which elements are generated. */
        TestField elementField(String listName) {
            return new TestField(listName, element, false, TestField.JavaAs.NONE, null);
        }
    }

    /**
     * Whether a field of this type keeps its data after the fixed part: a string, blob or list, or a record that
     * has such a field, directly or deeper (docs/record-format.md).
     */
    static boolean variableLength(TestType type) {
        return type instanceof Str || type instanceof Blob || type instanceof ListOf || type instanceof Unbounded
                || type instanceof RecordRef ref && ref.type().variableLength()
                || type instanceof UnionRef union && union.union().hasSlot();
    }

    /**
     * Whether a list of this element type has an end-offset table: elements of variable length, and unions, each
     * stored on its own (docs/record-format.md sections 3 and 5).
     */
    static boolean storedWithTable(TestType element) {
        return variableLength(element) || element instanceof UnionRef;
    }

    /** The type a list's elements (or a list of lists' elements) have in the end; the type itself otherwise. */
    static TestType innermost(TestType type) {
        return type instanceof ListOf list ? innermost(list.element()) : type;
    }

    /** {@code type} with its {@link #innermost} type replaced by {@code by}, as deep in lists as it was. */
    static TestType withInnermost(TestType type, TestType by) {
        return type instanceof ListOf list ? new ListOf(withInnermost(list.element(), by)) : by;
    }
}
