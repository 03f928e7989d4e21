package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Sorts the records of a {@link RecordStore} or a {@link VariableRecordStore} without materialising them: the
 * result is a permutation of record indexes (record {@code order[k]} sorts k-th), which {@code permuted(int[])}
 * turns into a sorted copy, {@link #applyInPlace(RecordStore, int[])} applies to a fixed-size store itself, or a
 * caller reads through directly. Both sorts are stable: records with equal keys keep their order.
 */
public final class RecordSort {
    private static final int RADIX_BITS = 8;
    private static final int RADIX = 1 << RADIX_BITS;

    private RecordSort() {}

    /**
     * The stable order of the records by ascending signed {@code key}, by an LSD radix sort of (key, index) pairs:
     * O(n) time, 24 bytes of scratch memory per record, one key read per record.
     */
    public static int[] byKey(RecordStore store, RecordKey key) {
        int n = checkedSize(store);
        long[] keys = new long[n];
        int[] order = new int[n];
        int index = 0;
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            int end = store.chunkRecords(c) * store.recordSize();
            for (int offset = 0; offset < end; offset += store.recordSize()) {
                // Flipping the sign bit makes signed order the unsigned order the radix passes sort by.
                keys[index] = key.key(chunk, offset) ^ Long.MIN_VALUE;
                order[index] = index;
                index++;
            }
        }
        radixSort(keys, order);
        return order;
    }

    /** {@link #byKey(RecordStore, RecordKey)} for records of variable size, read where they are. */
    public static int[] byKey(VariableRecordStore store, RecordKey key) {
        int n = checkedSize(store.size());
        long[] keys = new long[n];
        int[] order = new int[n];
        int index = 0;
        for (int c = 0; c < store.chunkCount(); c++) {
            ByteBuffer chunk = store.chunk(c);
            for (int j = 0; j < store.chunkRecords(c); j++) {
                int start = store.chunkRecordOffset(c, j);
                keys[index] = key.key(chunk, start, store.chunkRecordOffset(c, j + 1) - start) ^ Long.MIN_VALUE;
                order[index] = index;
                index++;
            }
        }
        radixSort(keys, order);
        return order;
    }

    private static void radixSort(long[] keys, int[] order) {
        int n = keys.length;
        long[] keysScratch = new long[n];
        int[] orderScratch = new int[n];
        int[] counts = new int[RADIX];
        for (int shift = 0; shift < Long.SIZE; shift += RADIX_BITS) {
            Arrays.fill(counts, 0);
            for (long k : keys) {
                counts[(int) (k >>> shift) & (RADIX - 1)]++;
            }
            if (isSingleBucket(counts, n)) {
                continue; // every key has the same digit here: this pass would not move anything
            }
            int total = 0;
            for (int digit = 0; digit < RADIX; digit++) {
                int count = counts[digit];
                counts[digit] = total;
                total += count;
            }
            for (int i = 0; i < n; i++) {
                int target = counts[(int) (keys[i] >>> shift) & (RADIX - 1)]++;
                keysScratch[target] = keys[i];
                orderScratch[target] = order[i];
            }
            System.arraycopy(keysScratch, 0, keys, 0, n);
            System.arraycopy(orderScratch, 0, order, 0, n);
        }
    }

    private static boolean isSingleBucket(int[] counts, int n) {
        for (int count : counts) {
            if (count != 0) {
                return count == n;
            }
        }
        return true;
    }

    /** The stable order of the records by {@code comparator}, by a merge sort of record indexes. */
    public static int[] byComparator(RecordStore store, RecordComparator comparator) {
        return mergeSort(checkedSize(store), (left, right) -> comparator.compare(store.chunkOf(left),
                store.offsetOf(left), store.chunkOf(right), store.offsetOf(right)));
    }

    /** {@link #byComparator(RecordStore, RecordComparator)} for records of variable size, read where they are. */
    public static int[] byComparator(VariableRecordStore store, RecordComparator comparator) {
        return mergeSort(checkedSize(store.size()), (left, right) -> comparator.compare(store.chunkOf(left),
                store.offsetOf(left), store.recordSize(left), store.chunkOf(right), store.offsetOf(right),
                store.recordSize(right)));
    }

    /** Compares the records of two indexes. */
    @FunctionalInterface
    private interface IndexComparator {
        int compare(int left, int right);
    }

    private static int[] mergeSort(int n, IndexComparator comparator) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] scratch = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int from = 0; from < n - width; from += 2 * width) {
                merge(comparator, order, scratch, from, from + width, Math.min(from + 2 * width, n));
            }
        }
        return order;
    }

    private static void merge(IndexComparator comparator, int[] order, int[] scratch, int from, int middle, int to) {
        System.arraycopy(order, from, scratch, from, to - from);
        int left = from;
        int right = middle;
        for (int target = from; target < to; target++) {
            if (right >= to || (left < middle && comparator.compare(scratch[left], scratch[right]) <= 0)) {
                order[target] = scratch[left++];
            } else {
                order[target] = scratch[right++];
            }
        }
    }

    /**
     * Rearranges the records of {@code store} in place so that record k becomes the old record {@code order[k]},
     * following the permutation's cycles with one spare record: for sorting a store too large to copy. Needs
     * {@code size / 8} bytes of scratch memory.
     *
     * @throws IllegalArgumentException if {@code order} is not a permutation of the store's record indexes
     */
    public static void applyInPlace(RecordStore store, int[] order) {
        int n = checkedSize(store);
        if (order.length != n) {
            throw new IllegalArgumentException("a permutation of " + order.length + " indexes for a store of " + n
                    + " records");
        }
        BitSet seen = new BitSet(n);
        for (int index : order) {
            if (index < 0 || index >= n || seen.get(index)) {
                throw new IllegalArgumentException("not a permutation: index " + index + " is out of range or "
                        + "repeated");
            }
            seen.set(index);
        }
        int recordSize = store.recordSize();
        ByteBuffer spare = ByteBuffer.allocate(recordSize);
        BitSet placed = new BitSet(n);
        for (int start = 0; start < n; start++) {
            if (placed.get(start) || order[start] == start) {
                continue;
            }
            spare.put(0, store.chunkOf(start), store.offsetOf(start), recordSize);
            int target = start;
            while (order[target] != start) {
                int source = order[target];
                store.chunkOf(target).put(store.offsetOf(target), store.chunkOf(source), store.offsetOf(source),
                        recordSize);
                placed.set(target);
                target = source;
            }
            store.chunkOf(target).put(store.offsetOf(target), spare, 0, recordSize);
            placed.set(target);
        }
    }

    private static int checkedSize(RecordStore store) {
        return checkedSize(store.size());
    }

    private static int checkedSize(long size) {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot sort " + size + " records: at most "
                    + (Integer.MAX_VALUE - 8) + " fit in a permutation");
        }
        return (int) size;
    }
}
