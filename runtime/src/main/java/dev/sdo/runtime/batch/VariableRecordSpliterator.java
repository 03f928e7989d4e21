package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A spliterator over the records {@code [from, to)} of a {@link VariableRecordStore}. It splits at the chunk
 * boundary nearest the middle when its range spans chunks, and at the middle record otherwise, so every split is
 * a contiguous run of whole records. Each split gets its own reader from {@code readers}, so a reader that reuses
 * one flyweight is confined to one split.
 */
final class VariableRecordSpliterator<T> implements Spliterator<T> {
    private final VariableRecordStore store;
    private final Supplier<RecordReader<T>> readers;
    private final RecordReader<T> reader;
    private long next;
    private final long end;

    VariableRecordSpliterator(VariableRecordStore store, long from, long to, Supplier<RecordReader<T>> readers) {
        this.store = store;
        this.readers = readers;
        this.reader = readers.get();
        this.next = from;
        this.end = to;
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
        if (next >= end) {
            return false;
        }
        action.accept(reader.read(store.chunkOf(next), store.offsetOf(next), store.recordSize(next)));
        next++;
        return true;
    }

    @Override
    public void forEachRemaining(Consumer<? super T> action) {
        while (next < end) {
            int c = chunkIndexOf(next);
            ByteBuffer chunk = store.chunk(c);
            long first = store.chunkFirstRecord(c);
            long chunkEnd = Math.min(end, first + store.chunkRecords(c));
            for (; next < chunkEnd; next++) {
                int j = (int) (next - first);
                int start = store.chunkRecordOffset(c, j);
                action.accept(reader.read(chunk, start, store.chunkRecordOffset(c, j + 1) - start));
            }
        }
    }

    /** The chunk of record {@code index}, by a search of the chunks' first records. */
    private int chunkIndexOf(long index) {
        int low = 0;
        int high = store.chunkCount() - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (store.chunkFirstRecord(middle) <= index) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return low;
    }

    @Override
    public Spliterator<T> trySplit() {
        long remaining = end - next;
        if (remaining < 2) {
            return null;
        }
        long middle = next + remaining / 2;
        int firstChunk = chunkIndexOf(next);
        int lastChunk = chunkIndexOf(end - 1);
        long split = middle;
        if (firstChunk != lastChunk) {
            // The chunk boundary nearest the middle that leaves both halves non-empty.
            long best = -1;
            for (int c = firstChunk + 1; c <= lastChunk; c++) {
                long boundary = store.chunkFirstRecord(c);
                if (best < 0 || Math.abs(boundary - middle) < Math.abs(best - middle)) {
                    best = boundary;
                }
            }
            split = best;
        }
        VariableRecordSpliterator<T> prefix = new VariableRecordSpliterator<>(store, next, split, readers);
        next = split;
        return prefix;
    }

    @Override
    public long estimateSize() {
        return end - next;
    }

    @Override
    public int characteristics() {
        int always = ORDERED | SIZED | SUBSIZED | NONNULL;
        return store.isReadOnly() ? always | IMMUTABLE : always;
    }
}
