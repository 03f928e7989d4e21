package dev.sdo.runtime.query;

import dev.sdo.runtime.BitFields;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A predicate compiled to tests on a record's stored bits: what {@link RecordPredicate} runs for every record. It
 * holds numbers only (byte indexes, masks, stored values), never generated classes, so that it can be sent to a
 * process that has none of them.
 *
 * <p>The factories simplify as they combine: constants fold, nested conjunctions flatten, and equality tests whose
 * bits lie within one 8-byte load merge into one masked compare. {@code currency1 == "EUR" && buySell == Buy} on a
 * trade is one load, one {@code and}, one compare, the loop a person would write by hand.
 */
public abstract class Match implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Matches every record. */
    public static final Match ALL = new Constant(true);
    /** Matches no record. */
    public static final Match NONE = new Constant(false);

    Match() {}

    /** Whether the record at byte {@code base} of {@code chunk} matches. */
    public abstract boolean test(ByteBuffer chunk, int base);

    /**
     * Writes this match in a compact form (a kind byte per test, then its numbers) that {@link #readFrom} reads back:
     * far smaller and faster than Java serialisation, for matches sent with every query to processes that run them.
     */
    public final void writeTo(DataOutput out) throws IOException {
        out.writeByte(kind());
        writeNumbers(out);
    }

    /**
     * The match {@link #writeTo} wrote.
     *
     * @throws IOException if the bytes are not a match's (an unknown kind, a field outside any record, nesting
     *     deeper than {@value #MAX_DEPTH} or more than {@value #MAX_PARTS} parts or values)
     */
    public static Match readFrom(DataInput in) throws IOException {
        return read(in, 0);
    }

    /** Deeper nesting than any predicate a program builds; a bound so that damaged bytes cannot exhaust the stack. */
    static final int MAX_DEPTH = 256;
    /** More parts or set values than any predicate a program builds; a bound on what damaged bytes may allocate. */
    static final int MAX_PARTS = 1 << 20;

    /** This test's kind byte in the form {@link #writeTo} writes. */
    abstract int kind();

    /** This test's numbers, after its kind byte. */
    abstract void writeNumbers(DataOutput out) throws IOException;

    private static Match read(DataInput in, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IOException("damaged match: nested deeper than " + MAX_DEPTH);
        }
        int kind = in.readUnsignedByte();
        return switch (kind) {
            case Constant.KIND_NONE -> NONE;
            case Constant.KIND_ALL -> ALL;
            case WordEquals.KIND -> new WordEquals(index(in), in.readLong(), in.readLong());
            case StoredRange.KIND -> new StoredRange(index(in), shift(in), in.readLong(),
                    in.readLong(), in.readLong());
            case KeyRange.KIND -> new KeyRange(FieldBits.read(in), KeyOrder.read(in), in.readLong(), in.readLong());
            case SmallSet.KIND -> new SmallSet(FieldBits.read(in), in.readLong());
            case SortedSet.KIND -> {
                FieldBits bits = FieldBits.read(in);
                long[] sorted = new long[count(in)];
                for (int i = 0; i < sorted.length; i++) {
                    sorted[i] = in.readLong();
                }
                yield new SortedSet(bits, sorted);
            }
            case DoubleRange.KIND -> new DoubleRange(FieldBits.read(in), in.readDouble(), in.readBoolean(),
                    in.readDouble(), in.readBoolean());
            case All.KIND, Any.KIND -> {
                Match[] parts = new Match[count(in)];
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = read(in, depth + 1);
                }
                yield kind == All.KIND ? new All(parts) : new Any(parts);
            }
            case Not.KIND -> new Not(read(in, depth + 1));
            default -> throw new IOException("damaged match: unknown kind " + kind);
        };
    }

    /** A byte index within a record (the first of an 8-byte load). */
    private static int index(DataInput in) throws IOException {
        int index = in.readInt();
        if (index < 0) {
            throw new IOException("damaged match: byte index " + index);
        }
        return index;
    }

    /** A field's first bit within its first byte. */
    private static int shift(DataInput in) throws IOException {
        int shift = in.readUnsignedByte();
        if (shift >= Byte.SIZE) {
            throw new IOException("damaged match: bit shift " + shift);
        }
        return shift;
    }

    private static int count(DataInput in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > MAX_PARTS) {
            throw new IOException("damaged match: " + count + " parts");
        }
        return count;
    }

    /** Whether this match is decided without reading a record: {@link #ALL} or {@link #NONE}. */
    public final boolean constant() {
        return this instanceof Constant;
    }

    /** {@code ALL} or {@code NONE}. */
    static Match of(boolean value) {
        return value ? ALL : NONE;
    }

    /** The bits of the 8 bytes at byte {@code index} selected by {@code mask} equal {@code value}. */
    static Match wordEquals(int index, long mask, long value) {
        return (value & ~mask) != 0 ? NONE : new WordEquals(index, mask, value);
    }

    /** A field's stored bits equal {@code raw}. */
    static Match rawEquals(FieldBits bits, long raw) {
        if ((raw & ~bits.mask()) != 0) {
            return NONE;
        }
        if (bits.oneLoad()) {
            return wordEquals(bits.index(), bits.mask() << bits.shift(), raw << bits.shift());
        }
        return new KeyRange(bits, KeyOrder.STORED, raw, 0);
    }

    /** A field's presence bit is set. */
    static Match present(FieldBits bits) {
        long bit = bits.presenceBit();
        return bit < 0 ? ALL : wordEquals((int) (bit >>> 3), 1L << (bit & 7), 1L << (bit & 7));
    }

    /** A field's key ({@code order} applied to its stored bits) is within {@code [lo, hi]}, signed. */
    static Match keyBetween(FieldBits bits, KeyOrder order, long lo, long hi) {
        if (lo > hi) {
            return NONE;
        }
        if (lo == hi && order.identity()) {
            return rawEquals(bits, lo);
        }
        return order.identity() && bits.oneLoad()
                ? new StoredRange(bits.index(), bits.shift(), bits.mask(), lo, hi - lo)
                : new KeyRange(bits, order, lo, hi - lo);
    }

    /** A field's stored bits are one of {@code raws}. */
    static Match rawIn(FieldBits bits, long[] raws) {
        long[] sorted = Arrays.stream(raws).filter(raw -> (raw & ~bits.mask()) == 0).sorted().distinct().toArray();
        if (sorted.length == 0) {
            return NONE;
        } else if (sorted.length == 1) {
            return rawEquals(bits, sorted[0]);
        } else if (bits.width() < Long.SIZE && bits.mask() < Long.SIZE) {
            long set = 0;
            for (long raw : sorted) {
                set |= 1L << raw;
            }
            return new SmallSet(bits, set);
        }
        return new SortedSet(bits, sorted);
    }

    /** A floating-point field's value {@code v} satisfies {@code lo <(=) v <(=) hi}, as Java's operators compare. */
    static Match doubleBetween(FieldBits bits, double lo, boolean loInclusive, double hi, boolean hiInclusive) {
        return new DoubleRange(bits, lo, loInclusive, hi, hiInclusive);
    }

    /** Both {@code a} and {@code b}. */
    static Match and(Match a, Match b) {
        List<Match> parts = new ArrayList<>();
        for (Match m : new Match[] {a, b}) {
            if (m instanceof All all) {
                parts.addAll(Arrays.asList(all.parts));
            } else {
                parts.add(m);
            }
        }
        List<Match> merged = new ArrayList<>();
        for (Match part : parts) {
            if (part == NONE) {
                return NONE;
            } else if (part == ALL) {
                continue;
            }
            Match combined = part;
            for (int i = 0; i < merged.size() && combined instanceof WordEquals word; i++) {
                if (merged.get(i) instanceof WordEquals other) {
                    Match both = other.with(word);
                    if (both == NONE) {
                        return NONE;
                    } else if (both != null) {
                        merged.remove(i);
                        combined = both;
                        i = -1;
                    }
                }
            }
            merged.add(combined);
        }
        return merged.isEmpty() ? ALL : merged.size() == 1 ? merged.get(0) : new All(merged.toArray(Match[]::new));
    }

    /** Either {@code a} or {@code b}. */
    static Match or(Match a, Match b) {
        if (a == ALL || b == ALL) {
            return ALL;
        } else if (a == NONE) {
            return b;
        } else if (b == NONE) {
            return a;
        }
        List<Match> parts = new ArrayList<>();
        for (Match m : new Match[] {a, b}) {
            if (m instanceof Any any) {
                parts.addAll(Arrays.asList(any.parts));
            } else {
                parts.add(m);
            }
        }
        return new Any(parts.toArray(Match[]::new));
    }

    /** Not {@code a}. */
    static Match not(Match a) {
        if (a instanceof Constant constant) {
            return of(!constant.value);
        } else if (a instanceof Not not) {
            return not.negated;
        }
        return new Not(a);
    }

    private static void writeParts(DataOutput out, Match[] parts) throws IOException {
        out.writeInt(parts.length);
        for (Match part : parts) {
            part.writeTo(out);
        }
    }

    private static final class Constant extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND_NONE = 0;
        static final int KIND_ALL = 1;

        private final boolean value;

        Constant(boolean value) {
            this.value = value;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return value;
        }

        private Object readResolve() {
            return of(value);
        }

        @Override
        public String toString() {
            return value ? "all" : "none";
        }

        @Override
        int kind() {
            return value ? KIND_ALL : KIND_NONE;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            // The kind byte says which constant.
        }
    }

    /** Masked bits of one 8-byte load equal a constant: any number of equalities and presence tests at once. */
    private static final class WordEquals extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 2;

        private final int index;
        private final long mask;
        private final long value;

        WordEquals(int index, long mask, long value) {
            this.index = index;
            this.mask = mask;
            this.value = value;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return (BitFields.getLong(chunk, base + index) & mask) == value;
        }

        /**
         * This test and {@code other} as one load, NONE when they contradict each other, or null when their bits
         * do not fit one load.
         */
        Match with(WordEquals other) {
            WordEquals low = index <= other.index ? this : other;
            WordEquals high = low == this ? other : this;
            int shift = (high.index - low.index) * Byte.SIZE;
            if (shift >= Long.SIZE || Long.numberOfLeadingZeros(high.mask) < shift) {
                return null;
            }
            long highMask = high.mask << shift;
            long highValue = high.value << shift;
            long common = low.mask & highMask;
            if ((low.value & common) != (highValue & common)) {
                return NONE;
            }
            return new WordEquals(low.index, low.mask | highMask, low.value | highValue);
        }

        @Override
        public String toString() {
            return "(word@" + index + " & 0x" + Long.toHexString(mask) + ") == 0x" + Long.toHexString(value);
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            out.writeInt(index);
            out.writeLong(mask);
            out.writeLong(value);
        }
    }

    /** A field's stored number, which is its key, within {@code [lo, lo + span]}: one load, one unsigned compare. */
    private static final class StoredRange extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 3;

        private final int index;
        private final int shift;
        private final long mask;
        private final long lo;
        private final long span;

        StoredRange(int index, int shift, long mask, long lo, long span) {
            this.index = index;
            this.shift = shift;
            this.mask = mask;
            this.lo = lo;
            this.span = span;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            long stored = (BitFields.getLong(chunk, base + index) >>> shift) & mask;
            return Long.compareUnsigned(stored - lo, span) <= 0;
        }

        @Override
        public String toString() {
            return "word@" + index + " bits " + shift + ".. in [" + lo + ", " + (lo + span) + "]";
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            out.writeInt(index);
            out.writeByte(shift);
            out.writeLong(mask);
            out.writeLong(lo);
            out.writeLong(span);
        }
    }

    /** A field's key within {@code [lo, lo + span]}. */
    private static final class KeyRange extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 4;

        private final FieldBits bits;
        private final KeyOrder order;
        private final long lo;
        private final long span;

        KeyRange(FieldBits bits, KeyOrder order, long lo, long span) {
            this.bits = bits;
            this.order = order;
            this.lo = lo;
            this.span = span;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return Long.compareUnsigned(order.key(bits.raw(chunk, base)) - lo, span) <= 0;
        }

        @Override
        public String toString() {
            return bits.name() + " key in [" + lo + ", " + (lo + span) + "]";
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            bits.write(out);
            order.write(out);
            out.writeLong(lo);
            out.writeLong(span);
        }
    }

    /** A field of at most 6 bits whose stored number is in a set: one bit of a 64-bit set per number. */
    private static final class SmallSet extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 5;

        private final FieldBits bits;
        private final long set;

        SmallSet(FieldBits bits, long set) {
            this.bits = bits;
            this.set = set;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return (set >>> bits.raw(chunk, base) & 1) != 0;
        }

        @Override
        public String toString() {
            return bits.name() + " in set 0x" + Long.toHexString(set);
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            bits.write(out);
            out.writeLong(set);
        }
    }

    /** A field whose stored number is in a sorted array. */
    private static final class SortedSet extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 6;

        private final FieldBits bits;
        private final long[] sorted;

        SortedSet(FieldBits bits, long[] sorted) {
            this.bits = bits;
            this.sorted = sorted;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return Arrays.binarySearch(sorted, bits.raw(chunk, base)) >= 0;
        }

        @Override
        public String toString() {
            return bits.name() + " in " + Arrays.toString(sorted);
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            bits.write(out);
            out.writeInt(sorted.length);
            for (long raw : sorted) {
                out.writeLong(raw);
            }
        }
    }

    /** A {@code float32} or {@code float64} field compared as Java compares doubles (NaN matches no bound). */
    private static final class DoubleRange extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 7;

        private final FieldBits bits;
        private final double lo;
        private final boolean loInclusive;
        private final double hi;
        private final boolean hiInclusive;

        DoubleRange(FieldBits bits, double lo, boolean loInclusive, double hi, boolean hiInclusive) {
            this.bits = bits;
            this.lo = lo;
            this.loInclusive = loInclusive;
            this.hi = hi;
            this.hiInclusive = hiInclusive;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            long raw = bits.raw(chunk, base);
            double value = bits.width() == Float.SIZE ? Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw);
            return (loInclusive ? value >= lo : value > lo) && (hiInclusive ? value <= hi : value < hi);
        }

        @Override
        public String toString() {
            return bits.name() + " in " + (loInclusive ? "[" : "(") + lo + ", " + hi + (hiInclusive ? "]" : ")");
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            bits.write(out);
            out.writeDouble(lo);
            out.writeBoolean(loInclusive);
            out.writeDouble(hi);
            out.writeBoolean(hiInclusive);
        }
    }

    private static final class All extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 8;

        private final Match[] parts;

        All(Match[] parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            for (Match part : parts) {
                if (!part.test(chunk, base)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return Arrays.toString(parts).replace(", ", " and ");
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            writeParts(out, parts);
        }
    }

    private static final class Any extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 9;

        private final Match[] parts;

        Any(Match[] parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            for (Match part : parts) {
                if (part.test(chunk, base)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return Arrays.toString(parts).replace(", ", " or ");
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            writeParts(out, parts);
        }
    }

    private static final class Not extends Match {
        private static final long serialVersionUID = 1L;
        static final int KIND = 10;

        private final Match negated;

        Not(Match negated) {
            this.negated = negated;
        }

        @Override
        public boolean test(ByteBuffer chunk, int base) {
            return !negated.test(chunk, base);
        }

        @Override
        public String toString() {
            return "not " + negated;
        }

        @Override
        int kind() {
            return KIND;
        }

        @Override
        void writeNumbers(DataOutput out) throws IOException {
            negated.writeTo(out);
        }
    }
}
