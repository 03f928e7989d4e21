package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.util.Iterator;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a batch asks of its store, whichever kind it is: {@link RecordStore} for fixed-size records,
 * {@link VariableRecordStore} for records of variable size. {@link RecordBatch} reads, walks and measures its records
 * through this; what differs between the two (adding a record, a record's size, sorting, files) stays in
 * {@link FixedBatch} and {@link VariableBatch}.
 */
interface BatchStore extends RecordChunks {
    /** The number of records. */
    long size();

    /** The size in bytes of record {@code index}. */
    int recordSize(long index);

    /** The bytes of record data. */
    long recordBytes();

    /** The bytes the store's buffers take. */
    long allocatedBytes();

    /** Releases the room beyond the records. */
    void trimToSize();

    /** Visits every record in order with one cursor. */
    <C extends Flyweight> void forEach(C cursor, Consumer<? super C> action);

    /** An iterator over the records present now, each made by {@code reader}. */
    <T> Iterator<T> iterator(RecordReader<? extends T> reader);

    /** A stream of the records present now, each made by {@code reader}; parallel if asked. */
    <T> Stream<T> stream(RecordReader<T> reader, boolean parallel);
}
