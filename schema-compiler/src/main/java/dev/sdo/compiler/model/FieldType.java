package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.time.LocalDate;

/**
 * The type of a field, as written in the schema and resolved against its declarations. Each type keeps the
 * positions of the tokens a diagnostic may have to point at.
 */
public sealed interface FieldType {

    /** The position of the type's first token. */
    SourcePosition position();

    /** {@code bool}. */
    record BoolType(SourcePosition position) implements FieldType {}

    /** {@code int8 .. int64}, {@code uint8 .. uint32}. */
    record IntegerType(IntegerKind kind, SourcePosition position) implements FieldType {}

    /** {@code int(lo..hi)}. */
    record RangeType(long lo, long hi, SourcePosition position, SourcePosition loPosition, SourcePosition hiPosition)
            implements FieldType {}

    /** {@code float32} (bits 32) or {@code float64} (bits 64). */
    record FloatType(int bits, SourcePosition position) implements FieldType {}

    /** {@code decimal(p, s)} (signed) or {@code udecimal(p, s)}. */
    record DecimalType(boolean signed, int precision, int scale, SourcePosition position,
            SourcePosition precisionPosition, SourcePosition scalePosition) implements FieldType {}

    /**
     * {@code date} or {@code date(lo..hi)}. A plain {@code date} is the range 0001-01-01..9999-12-31 with
     * {@code bounded} false.
     */
    record DateType(LocalDate lo, LocalDate hi, boolean bounded, SourcePosition position,
            SourcePosition loPosition, SourcePosition hiPosition) implements FieldType {
        public static final LocalDate MIN = LocalDate.of(1, 1, 1);
        public static final LocalDate MAX = LocalDate.of(9999, 12, 31);
    }

    /** {@code time}: milliseconds since midnight. */
    record TimeType(SourcePosition position) implements FieldType {}

    /** {@code timestamp}: milliseconds since the epoch. */
    record TimestampType(SourcePosition position) implements FieldType {}

    /**
     * {@code char(n)} or {@code char(n, "alphabet")}. {@code alphabet} is the expanded alphabet in index order
     * (ranges expanded, written order kept; it may hold duplicates, which the check stage reports);
     * {@code alphabetSource} is the string as written, or null for the default printable ASCII alphabet.
     */
    record CharType(int length, String alphabet, String alphabetSource, SourcePosition position,
            SourcePosition lengthPosition, SourcePosition alphabetPosition) implements FieldType {
        /** Printable ASCII, 0x20..0x7E: the alphabet of {@code char(n)}. */
        public static final String PRINTABLE_ASCII;

        static {
            StringBuilder chars = new StringBuilder();
            for (char c = 0x20; c <= 0x7E; c++) {
                chars.append(c);
            }
            PRINTABLE_ASCII = chars.toString();
        }
    }

    /** A reference to a declared enum. */
    record EnumRef(QualifiedName name, SourcePosition position) implements FieldType {}

    /** A reference to a declared record, stored inline. */
    record RecordRef(QualifiedName name, SourcePosition position) implements FieldType {}

    /** {@code string}: UTF-8, variable length. */
    record StringType(SourcePosition position) implements FieldType {}

    /** {@code bytes}: an opaque blob, variable length. */
    record BytesType(SourcePosition position) implements FieldType {}

    /** {@code list<T>}. */
    record ListType(FieldType element, SourcePosition position) implements FieldType {}

    /**
     * A reference to a declared union, or to an abstract record, which stands for the union of its concrete
     * extensions (docs/unions-and-extension.md).
     */
    record UnionRef(QualifiedName name, SourcePosition position) implements FieldType {}

    /** {@code decimal} without precision and scale: any {@code BigDecimal}, variable length, its scale kept. */
    record BigDecimalType(SourcePosition position) implements FieldType {}

    /** {@code integer}: any {@code BigInteger}, variable length. */
    record BigIntegerType(SourcePosition position) implements FieldType {}
}
