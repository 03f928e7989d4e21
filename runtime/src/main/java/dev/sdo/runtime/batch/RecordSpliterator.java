package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A spliterator over the records {@code [from, to)} of a {@link RecordStore}. It splits at the chunk boundary
 * nearest the middle when its range spans chunks, and at the middle record otherwise, so every split is a
 * contiguous run of whole records and large stores split along chunks. Each split gets its own reader from
 * {@code readers}, so a reader that reuses one flyweight is confined to one split.
 */
final class RecordSpliterator<T> implements Spliterator<T> {
    private final RecordStore store;
    private final Supplier<RecordReader<T>> readers;
    private final RecordReader<T> reader;
    private long next;
    private final long end;

    RecordSpliterator(RecordStore store, long from, long to, Supplier<RecordReader<T>> readers) {
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
        action.accept(reader.read(store.chunkOf(next), store.offsetOf(next)));
        next++;
        return true;
    }

    @Override
    public void forEachRemaining(Consumer<? super T> action) {
        int recordSize = store.recordSize();
        int perChunk = store.recordsPerChunk();
        while (next < end) {
            ByteBuffer chunk = store.chunkOf(next);
            long chunkEnd = Math.min(end, (next / perChunk + 1) * perChunk);
            int offset = store.offsetOf(next);
            for (; next < chunkEnd; next++, offset += recordSize) {
                action.accept(reader.read(chunk, offset));
            }
        }
    }

    @Override
    public Spliterator<T> trySplit() {
        long remaining = end - next;
        if (remaining < 2) {
            return null;
        }
        long middle = next + remaining / 2;
        int perChunk = store.recordsPerChunk();
        long firstChunk = next / perChunk;
        long lastChunk = (end - 1) / perChunk;
        long split = middle;
        if (firstChunk != lastChunk) {
            long boundaryBelow = middle / perChunk * perChunk;
            long boundaryAbove = boundaryBelow + perChunk;
            split = boundaryBelow > next && (middle - boundaryBelow <= boundaryAbove - middle || boundaryAbove >= end)
                    ? boundaryBelow
                    : boundaryAbove;
        }
        RecordSpliterator<T> prefix = new RecordSpliterator<>(store, next, split, readers);
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
