package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.IntegerKind;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;

/**
 * How the values of a schema type are stored: the layout stage's resolution of a field's type against its schema
 * (docs/record-format.md), with every width computed and every reference resolved. The generators read encodings,
 * never the schema's syntax types, and dispatch on them through {@link Visitor}, whose completeness javac checks: a
 * new encoding breaks the build of every concern that does not handle it yet.
 */
public sealed interface Encoding {

    /**
     * The value's bits in the fixed part, without any presence bit: the value itself, a variable-length value's end
     * slot, or a union's tag, inline place and slot.
     */
    long bits();

    /** Whether values have data after the fixed part, which an end slot in the fixed part locates. */
    default boolean variableLength() {
        return false;
    }

    /**
     * Whether values are single numbers, characters or constants of fixed width (not records, unions or
     * variable-length values): read and written as one run of bits.
     */
    default boolean scalar() {
        return !(this instanceof Nested || this instanceof Union || variableLength());
    }

    /** For a variable-length value, the offset of its end slot within its {@link #bits()}. */
    default long slotOffset() {
        return 0;
    }

    <R> R accept(Visitor<R> visitor);

    /** One method per encoding: a concern that generates code for every kind of value implements all of them. */
    interface Visitor<R> {
        R bool(Bool encoding);

        R integer(Int encoding);

        R range(Range encoding);

        R floating(Floating encoding);

        R decimal(Decimal encoding);

        R date(Date encoding);

        R time(Time encoding);

        R timestamp(Timestamp encoding);

        R chars(Chars encoding);

        R enumeration(Enumeration encoding);

        R record(Nested encoding);

        R string(Text encoding);

        R bytes(Blob encoding);

        R list(ListOf encoding);

        R union(Union encoding);

        R bigDecimal(AnyDecimal encoding);

        R bigInteger(AnyInteger encoding);
    }

    /** {@code bool}: one bit. */
    record Bool() implements Encoding {
        @Override
        public long bits() {
            return 1;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bool(this);
        }
    }

    /** {@code int8 .. int64}, {@code uint8 .. uint32}: the kind's bits, two's complement when signed. */
    record Int(IntegerKind kind) implements Encoding {
        @Override
        public long bits() {
            return kind.bits();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.integer(this);
        }
    }

    /** {@code int(lo..hi)}: value - lo in ceil(log2(hi - lo + 1)) bits. */
    record Range(long lo, long hi, long bits) implements Encoding {
        /** The largest number stored: hi - lo, unsigned (a range of all 64-bit values stores up to 2^64 - 1). */
        public long maxStored() {
            return hi - lo;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.range(this);
        }
    }

    /** {@code float32}, {@code float64}: the IEEE 754 bits. */
    record Floating(long bits) implements Encoding {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.floating(this);
        }
    }

    /**
     * {@code decimal(p, s)}, {@code udecimal(p, s)}: the unscaled value, biased by 10^p - 1 when signed so that the
     * smallest value is stored as 0.
     */
    record Decimal(boolean signed, int precision, int scale, long bits) implements Encoding {
        /** The largest number stored: 2 * (10^p - 1) for decimal, 10^p - 1 for udecimal. */
        public long maxStored() {
            long largest = BitWidths.powerOfTen(precision) - 1;
            return signed ? 2 * largest : largest;
        }

        /** The bias added to a signed decimal's unscaled value: 10^p - 1 (0 for udecimal). */
        public long bias() {
            return signed ? BitWidths.powerOfTen(precision) - 1 : 0;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.decimal(this);
        }
    }

    /** {@code date(lo..hi)} (a plain {@code date} is 0001-01-01..9999-12-31): days since {@code lo}. */
    record Date(LocalDate lo, LocalDate hi, long bits) implements Encoding {
        /** The largest number stored: the days from lo to hi. */
        public long maxStored() {
            return hi.toEpochDay() - lo.toEpochDay();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.date(this);
        }
    }

    /**
     * {@code time} or {@code time(unit)}: units since midnight in the fewest bits that hold a day's (27 for
     * milliseconds, {@link BitWidths#TIME_BITS}; 37 for microseconds; 47 for nanoseconds).
     */
    record Time(TimePrecision precision) implements Encoding {
        @Override
        public long bits() {
            return BitWidths.bitsForCount(precision.perDay());
        }

        /** Whether this is a plain {@code time}, in milliseconds. */
        public boolean millis() {
            return precision == TimePrecision.MILLIS;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.time(this);
        }
    }

    /**
     * {@code timestamp} (milliseconds since the epoch, 64 bits), {@code timestamp(unit)} (units since the epoch, 64
     * bits, two's complement) or {@code timestamp(unit, range)}: the offset of the units since the epoch from
     * {@code lo}, the range's first count, in the fewest bits that hold {@code hi - lo}. {@code local}: a
     * {@code localtimestamp}, counted alike from 1970-01-01T00:00. Without a range, {@code lo} and {@code hi} are
     * {@code Long.MIN_VALUE} and {@code Long.MAX_VALUE}.
     */
    record Timestamp(TimePrecision precision, boolean local, long lo, long hi) implements Encoding {
        /** A plain {@code timestamp}. */
        public static final Timestamp MILLIS = new Timestamp(TimePrecision.MILLIS, false, Long.MIN_VALUE,
                Long.MAX_VALUE);

        @Override
        public long bits() {
            return bounded() ? Long.SIZE - Long.numberOfLeadingZeros(hi - lo) : BitWidths.TIMESTAMP_BITS;
        }

        /** Whether the type has a range, and stores the offset from {@code lo}. */
        public boolean bounded() {
            return lo != Long.MIN_VALUE;
        }

        /** What the stored number counts from: {@code lo} with a range, the epoch without. */
        public long origin() {
            return bounded() ? lo : 0;
        }

        /** The largest number stored, unsigned: {@code hi - lo}, or all 64 bits without a range. */
        public long maxStored() {
            return bounded() ? hi - lo : -1;
        }

        /** Whether this is a plain {@code timestamp}: milliseconds since the epoch, no range, an {@code Instant}. */
        public boolean plain() {
            return equals(MILLIS);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.timestamp(this);
        }
    }

    /**
     * {@code char(n, alphabet)}: n codes of {@code codeBits} bits each, code 0 ending a shorter string, code i the
     * alphabet's character i - 1.
     *
     * @param alphabet the expanded alphabet, in index order
     */
    record Chars(int length, String alphabet, int codeBits) implements Encoding {
        @Override
        public long bits() {
            return (long) length * codeBits;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.chars(this);
        }
    }

    /** An enum: the constant's ordinal, in at least one bit. */
    record Enumeration(EnumType type, long bits) implements Encoding {
        /** The enum's name. */
        public QualifiedName name() {
            return type.name();
        }

        /** Whether every value the bits can hold is a constant's ordinal, so that a read needs no check. */
        public boolean everyOrdinalValid() {
            return type.constants().size() == 1L << bits;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.enumeration(this);
        }
    }

    /**
     * A record held by a field: inline (its fixed bits here), or when it has variable-length data, its whole
     * encoding in the variable part behind a slot.
     */
    record Nested(RecordType record, boolean variableLength, long bits) implements Encoding {
        /** The record's name. */
        public QualifiedName name() {
            return record.name();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.record(this);
        }
    }

    /** A value stored whole in the variable part: its bits in the fixed part are the 32-bit end slot that finds it. */
    sealed interface InVariablePart extends Encoding {
        @Override
        default long bits() {
            return BitWidths.END_SLOT_BITS;
        }

        @Override
        default boolean variableLength() {
            return true;
        }
    }

    /** {@code string}: UTF-8 in the variable part. */
    record Text() implements InVariablePart {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.string(this);
        }
    }

    /** {@code bytes}: an opaque blob in the variable part. */
    record Blob() implements InVariablePart {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bytes(this);
        }
    }

    /** {@code list<T>}: its elements in the variable part, each stored as {@code element} says. */
    record ListOf(Encoding element) implements InVariablePart {
        /** The form of the list's data. */
        public ListForm form() {
            if (element instanceof Text) {
                return ListForm.STRINGS;
            } else if (element instanceof Union || element.variableLength()) {
                // A union element is its standalone encoding (docs/record-format.md, section 5): variable in size.
                return ListForm.VARIABLE;
            } else if (element instanceof Nested) {
                return ListForm.RECORDS;
            }
            return element.bits() > Long.SIZE ? ListForm.WIDE : ListForm.PACKED;
        }

        /** Whether the elements are blobs, at any depth of lists: their Java values compare by content. */
        public boolean holdsBlobs() {
            return element instanceof Blob || element instanceof ListOf inner && inner.holdsBlobs();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.list(this);
        }
    }

    /** A union, or an abstract record (the union of its concrete extensions): tag, inline place, slot. */
    record Union(UnionType union, UnionLayout layout) implements Encoding {
        /** The union's name (an abstract record's, for the union of its extensions). */
        public QualifiedName name() {
            return union.name();
        }

        /** Whether the union stands for an abstract record, whose Java type is then the record's interface. */
        public boolean fromAbstract() {
            return union.fromAbstract();
        }

        @Override
        public long bits() {
            return layout.totalBits();
        }

        @Override
        public boolean variableLength() {
            return layout.hasSlot();
        }

        @Override
        public long slotOffset() {
            return layout.slotOffset();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.union(this);
        }
    }

    /** {@code decimal} without bounds: scale and unscaled value in the variable part. */
    record AnyDecimal() implements InVariablePart {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bigDecimal(this);
        }
    }

    /** {@code integer}: two's complement bytes in the variable part. */
    record AnyInteger() implements InVariablePart {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bigInteger(this);
        }
    }
}
