package dev.sdo.runtime.query;

import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * The accumulators of a batch's queries: a count, an exact sum of keys, the smallest and largest key, and counts and
 * sums per group. Sums of keys are kept in 128 bits (two longs), so no sum of up to 2^63 records of 64-bit keys
 * overflows; the field turns a sum of keys into a sum of values.
 */
public final class Aggregates {
    private Aggregates() {}

    /** Counts the matching records. */
    public static final class Count implements RecordAccumulator<Count> {
        private long count;

        @Override
        public void accept(ByteBuffer chunk, int base) {
            count++;
        }

        @Override
        public void merge(Count other) {
            count += other.count;
        }

        /** How many records matched. */
        public long count() {
            return count;
        }
    }

    /** Adds up a field's keys over the matching records that have a value. */
    public static final class KeySum implements RecordAccumulator<KeySum> {
        private final KeyReader field;
        private final Sum128 sum = new Sum128();
        private long count;

        public KeySum(KeyReader field) {
            this.field = field;
        }

        @Override
        public void accept(ByteBuffer chunk, int base) {
            if (field.has(chunk, base)) {
                sum.add(field.key(field.raw(chunk, base)));
                count++;
            }
        }

        @Override
        public void merge(KeySum other) {
            sum.add(other.sum);
            count += other.count;
        }

        /** The sum of the keys. */
        public BigInteger keySum() {
            return sum.value();
        }

        /** How many keys were added. */
        public long count() {
            return count;
        }
    }

    /** Finds the smallest and largest key of a field over the matching records that have a value. */
    public static final class Extremes implements RecordAccumulator<Extremes> {
        private final KeyReader field;
        private boolean any;
        private long minKey;
        private long minRaw;
        private long maxKey;
        private long maxRaw;

        public Extremes(KeyReader field) {
            this.field = field;
        }

        @Override
        public void accept(ByteBuffer chunk, int base) {
            if (field.has(chunk, base)) {
                long raw = field.raw(chunk, base);
                take(field.key(raw), raw, field.key(raw), raw);
            }
        }

        private void take(long lowKey, long lowRaw, long highKey, long highRaw) {
            if (!any || lowKey < minKey) {
                minKey = lowKey;
                minRaw = lowRaw;
            }
            if (!any || highKey > maxKey) {
                maxKey = highKey;
                maxRaw = highRaw;
            }
            any = true;
        }

        @Override
        public void merge(Extremes other) {
            if (other.any) {
                take(other.minKey, other.minRaw, other.maxKey, other.maxRaw);
            }
        }

        /** Whether any record had a value. */
        public boolean any() {
            return any;
        }

        /** The stored bits of the smallest value. */
        public long minRaw() {
            return minRaw;
        }

        /** The stored bits of the largest value. */
        public long maxRaw() {
            return maxRaw;
        }
    }

    /**
     * Counts, and optionally sums a second field's keys, per stored value of a field of at most
     * {@link #MAX_GROUP_BITS} bits: an array indexed by the stored bits, so grouping costs no hashing.
     */
    public static final class Groups implements RecordAccumulator<Groups> {
        /** The widest field grouped by: 2^16 groups. */
        public static final int MAX_GROUP_BITS = 16;

        private final KeyReader group;
        private final KeyReader summed;
        private final long[] counts;
        private final Sum128[] sums;
        /** Records without a value in the grouped field. */
        private long absentCount;
        private final Sum128 absentSum = new Sum128();

        /** Groups by {@code group}, summing {@code summed}'s keys (null to count only). */
        public Groups(KeyReader group, KeyReader summed) {
            if (group.width() > MAX_GROUP_BITS) {
                throw new IllegalArgumentException("a field of " + group.width() + " bits has too many values to group"
                        + " by: at most " + MAX_GROUP_BITS + " bits");
            }
            this.group = group;
            this.summed = summed;
            this.counts = new long[1 << group.width()];
            this.sums = summed == null ? null : new Sum128[counts.length];
        }

        @Override
        public void accept(ByteBuffer chunk, int base) {
            if (summed != null && !summed.has(chunk, base)) {
                return;
            }
            if (!group.has(chunk, base)) {
                absentCount++;
                if (summed != null) {
                    absentSum.add(summed.key(summed.raw(chunk, base)));
                }
                return;
            }
            int index = (int) group.raw(chunk, base);
            counts[index]++;
            if (summed != null) {
                Sum128 sum = sums[index];
                if (sum == null) {
                    sum = sums[index] = new Sum128();
                }
                sum.add(summed.key(summed.raw(chunk, base)));
            }
        }

        @Override
        public void merge(Groups other) {
            for (int i = 0; i < counts.length; i++) {
                counts[i] += other.counts[i];
                if (sums != null && other.sums[i] != null) {
                    if (sums[i] == null) {
                        sums[i] = new Sum128();
                    }
                    sums[i].add(other.sums[i]);
                }
            }
            absentCount += other.absentCount;
            absentSum.add(other.absentSum);
        }

        /** How many groups there are room for: 2^width of the grouped field; group i holds stored bits i. */
        public int groupCount() {
            return counts.length;
        }

        /** How many records fell into group {@code i}. */
        public long count(int i) {
            return counts[i];
        }

        /** The sum of the summed field's keys in group {@code i}. */
        public BigInteger keySum(int i) {
            return sums[i] == null ? BigInteger.ZERO : sums[i].value();
        }

        /** How many records had no value in the grouped field. */
        public long absentCount() {
            return absentCount;
        }

        /** The sum of the summed field's keys over records with no value in the grouped field. */
        public BigInteger absentKeySum() {
            return absentSum.value();
        }
    }

    /** A signed 128-bit sum: a long that never overflows for any realistic number of records. */
    static final class Sum128 {
        private long low;
        private long high;

        void add(long value) {
            long sum = low + value;
            // The carry out of the low word, as unsigned addition; the value's sign extends into the high word.
            high += (value >> 63) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
            low = sum;
        }

        void add(Sum128 other) {
            long sum = low + other.low;
            high += other.high + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
            low = sum;
        }

        BigInteger value() {
            return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
        }
    }
}
