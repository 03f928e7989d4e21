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

        @Override
        public long min() {
            return signed ? -(1L << (bits - 1)) : 0;
        }

        @Override
        public long max() {
            return signed ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (1L << bits) - 1;
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

    record Time() implements TestType {}

    record Timestamp() implements TestType {}

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
