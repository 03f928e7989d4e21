package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.nio.ByteBuffer;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A spliterator over the records {@code [from, to)} of a store, fixed- or variable-size ({@link RecordChunks}). It
 * splits at the chunk boundary nearest the middle when its range spans chunks, and at the middle record otherwise,
 * so every split is a contiguous run of whole records and large stores split along chunks. Each split gets its own
 * reader from {@code readers}, so a reader that reuses one flyweight is confined to one split.
 */
final class RecordSpliterator<T> implements Spliterator<T> {
    private final RecordChunks store;
    /**
     * Whether readers are given each record's size ({@link RecordReader#read(ByteBuffer, int, int)}), as a store
     * of variable-size records does; a store of fixed-size records calls {@link RecordReader#read(ByteBuffer, int)}.
     */
    private final boolean sized;
    private final Supplier<RecordReader<T>> readers;
    private final RecordReader<T> reader;
    private long next;
    private final long end;

    RecordSpliterator(RecordChunks store, boolean sized, long from, long to, Supplier<RecordReader<T>> readers) {
        this.store = store;
        this.sized = sized;
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
        int c = chunkIndexOf(next);
        int j = (int) (next - store.chunkFirstRecord(c));
        int start = store.chunkRecordOffset(c, j);
        action.accept(read(store.chunk(c), start, store.chunkRecordOffset(c, j + 1), next));
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
            int start = store.chunkRecordOffset(c, (int) (next - first));
            for (; next < chunkEnd; next++) {
                int following = store.chunkRecordOffset(c, (int) (next - first) + 1);
                action.accept(read(chunk, start, following, next));
                start = following;
            }
        }
    }

    /** Record {@code index}, which starts at {@code start} of {@code chunk}; the next one starts at {@code following}. */
    private T read(ByteBuffer chunk, int start, int following, long index) {
        if (!sized) {
            return reader.read(chunk, start);
        }
        T record = reader.read(chunk, start, following - start);
        // The checks of get: a cursor moved to a record that says it is longer would read the next one.
        Flyweight.checkSize(record, following - start, index);
        return record;
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
            // The chunk boundary nearest the middle that leaves both halves non-empty (the lower one on a tie): the
            // start of the middle record's chunk, or of the chunk after it.
            int c = chunkIndexOf(middle);
            long below = c > firstChunk ? store.chunkFirstRecord(c) : -1;
            long above = c < lastChunk ? store.chunkFirstRecord(c + 1) : -1;
            split = below >= 0 && (above < 0 || middle - below <= above - middle) ? below : above;
        }
        RecordSpliterator<T> prefix = new RecordSpliterator<>(store, sized, next, split, readers);
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
