package dev.sdo.runtime.batch;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator over the first {@code end} records of a store, fixed- or variable-size ({@link RecordChunks}), each
 * made by {@code reader}: walks the chunks in order, so finding the next record takes no search.
 */
final class RecordIterator<T> implements Iterator<T> {
    private final RecordChunks store;
    /** Whether {@code reader} is given each record's size, as in {@link RecordSpliterator}. */
    private final boolean sized;
    private final RecordReader<? extends T> reader;
    private final long end;
    private long next;
    private int chunk;
    /** The index of the next record in {@link #chunk}. */
    private int inChunk;

    RecordIterator(RecordChunks store, boolean sized, RecordReader<? extends T> reader, long end) {
        this.store = store;
        this.sized = sized;
        this.reader = reader;
        this.end = end;
    }

    @Override
    public boolean hasNext() {
        return next < end;
    }

    @Override
    public T next() {
        if (next >= end) {
            throw new NoSuchElementException("all " + end + " records visited");
        }
        while (inChunk == store.chunkRecords(chunk)) {
            chunk++;
            inChunk = 0;
        }
        int start = store.chunkRecordOffset(chunk, inChunk);
        T record;
        if (sized) {
            int size = store.chunkRecordOffset(chunk, inChunk + 1) - start;
            record = reader.read(store.chunk(chunk), start, size);
            // The checks of get: a cursor moved to a record that says it is longer would read the next one.
            dev.sdo.runtime.Flyweight.checkSize(record, size, next);
        } else {
            record = reader.read(store.chunk(chunk), start);
        }
        inChunk++;
        next++;
        return record;
    }
}
