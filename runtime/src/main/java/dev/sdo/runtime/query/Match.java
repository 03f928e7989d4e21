package dev.sdo.runtime.query;

import dev.sdo.runtime.BitFields;
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

    private static final class Constant extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** Masked bits of one 8-byte load equal a constant: any number of equalities and presence tests at once. */
    private static final class WordEquals extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** A field's stored number, which is its key, within {@code [lo, lo + span]}: one load, one unsigned compare. */
    private static final class StoredRange extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** A field's key within {@code [lo, lo + span]}. */
    private static final class KeyRange extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** A field of at most 6 bits whose stored number is in a set: one bit of a 64-bit set per number. */
    private static final class SmallSet extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** A field whose stored number is in a sorted array. */
    private static final class SortedSet extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    /** A {@code float32} or {@code float64} field compared as Java compares doubles (NaN matches no bound). */
    private static final class DoubleRange extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    private static final class All extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    private static final class Any extends Match {
        private static final long serialVersionUID = 1L;
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
    }

    private static final class Not extends Match {
        private static final long serialVersionUID = 1L;
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
    }
}
