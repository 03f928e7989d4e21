package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;

/**
 * The type of a field, as written in the schema and resolved against its declarations. Each type keeps the
 * positions of the tokens a diagnostic may have to point at.
 */
public sealed interface FieldType {

    /** The position of the type's first token. */
    SourcePosition position();

    <R> R accept(Visitor<R> visitor);

    /** Whether values of the type are lists. */
    default boolean isList() {
        return false;
    }

    /** The type of each value a field of this type holds: a list's element type; any other type itself. */
    default FieldType itemType() {
        return this;
    }

    /** The type inside every level of lists: {@code T} of {@code list<list<T>>}; any other type itself. */
    default FieldType innermostType() {
        return this;
    }

    /**
     * One method per type: a concern that handles every type implements all of them, and javac tells it when a type
     * is added.
     */
    interface Visitor<R> {
        R bool(BoolType type);

        R integer(IntegerType type);

        R range(RangeType type);

        R floating(FloatType type);

        R decimal(DecimalType type);

        R date(DateType type);

        R time(TimeType type);

        R timestamp(TimestampType type);

        R chars(CharType type);

        R enumeration(EnumRef type);

        R record(RecordRef type);

        R string(StringType type);

        R bytes(BytesType type);

        R list(ListType type);

        R union(UnionRef type);

        R bigDecimal(BigDecimalType type);

        R bigInteger(BigIntegerType type);
    }

    /** {@code bool}. */
    record BoolType(SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bool(this);
        }
    }

    /** {@code int8 .. int64}, {@code uint8 .. uint32}. */
    record IntegerType(IntegerKind kind, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.integer(this);
        }
    }

    /** {@code int(lo..hi)}. */
    record RangeType(long lo, long hi, SourcePosition position, SourcePosition loPosition, SourcePosition hiPosition)
            implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.range(this);
        }
    }

    /** {@code float32} (bits 32) or {@code float64} (bits 64). */
    record FloatType(int bits, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.floating(this);
        }
    }

    /** {@code decimal(p, s)} (signed) or {@code udecimal(p, s)}. */
    record DecimalType(boolean signed, int precision, int scale, SourcePosition position,
            SourcePosition precisionPosition, SourcePosition scalePosition) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.decimal(this);
        }
    }

    /**
     * {@code date} or {@code date(lo..hi)}. A plain {@code date} is the range 0001-01-01..9999-12-31 with
     * {@code bounded} false.
     */
    record DateType(LocalDate lo, LocalDate hi, boolean bounded, SourcePosition position,
            SourcePosition loPosition, SourcePosition hiPosition) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.date(this);
        }

        public static final LocalDate MIN = LocalDate.of(1, 1, 1);
        public static final LocalDate MAX = LocalDate.of(9999, 12, 31);
    }

    /** {@code time} (milliseconds since midnight) or {@code time(unit)}: units since midnight. */
    record TimeType(TimePrecision precision, SourcePosition position) implements FieldType {
        /** A plain {@code time}. */
        public TimeType(SourcePosition position) {
            this(TimePrecision.MILLIS, position);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.time(this);
        }
    }

    /**
     * {@code timestamp} (milliseconds since the epoch), {@code timestamp(unit)}, {@code timestamp(unit, lo..hi)}, or
     * a {@code localtimestamp} of the same forms ({@code local}: a {@code LocalDateTime}, units since
     * 1970-01-01T00:00). {@code lo} and {@code hi} are null without a range; with one, the values are every unit of
     * the days {@code lo} to {@code hi}, both included, in UTC.
     */
    record TimestampType(TimePrecision precision, boolean local, LocalDate lo, LocalDate hi, SourcePosition position,
            SourcePosition loPosition, SourcePosition hiPosition) implements FieldType {
        /** A plain {@code timestamp}. */
        public TimestampType(SourcePosition position) {
            this(TimePrecision.MILLIS, false, null, null, position, position, position);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.timestamp(this);
        }

        /** Whether the type has a range. */
        public boolean bounded() {
            return lo != null;
        }
    }

    /**
     * {@code char(n)} or {@code char(n, "alphabet")}. {@code alphabet} is the expanded alphabet in index order
     * (ranges expanded, written order kept; it may hold duplicates, which the check stage reports);
     * {@code alphabetSource} is the string as written, or null for the default printable ASCII alphabet.
     */
    record CharType(int length, String alphabet, String alphabetSource, SourcePosition position,
            SourcePosition lengthPosition, SourcePosition alphabetPosition) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.chars(this);
        }

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
    record EnumRef(QualifiedName name, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.enumeration(this);
        }
    }

    /** A reference to a declared record, stored inline. */
    record RecordRef(QualifiedName name, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.record(this);
        }
    }

    /** {@code string}: UTF-8, variable length. */
    record StringType(SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.string(this);
        }
    }

    /** {@code bytes}: an opaque blob, variable length. */
    record BytesType(SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bytes(this);
        }
    }

    /** {@code list<T>}. */
    record ListType(FieldType element, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.list(this);
        }

        @Override
        public boolean isList() {
            return true;
        }

        @Override
        public FieldType itemType() {
            return element;
        }

        @Override
        public FieldType innermostType() {
            return element.innermostType();
        }
    }

    /**
     * A reference to a declared union, or to an abstract record, which stands for the union of its concrete
     * extensions (docs/unions-and-extension.md).
     */
    record UnionRef(QualifiedName name, SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.union(this);
        }
    }

    /** {@code decimal} without precision and scale: any {@code BigDecimal}, variable length, its scale kept. */
    record BigDecimalType(SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bigDecimal(this);
        }
    }

    /** {@code integer}: any {@code BigInteger}, variable length. */
    record BigIntegerType(SourcePosition position) implements FieldType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bigInteger(this);
        }
    }
}
