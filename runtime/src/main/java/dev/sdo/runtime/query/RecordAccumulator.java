package dev.sdo.runtime.query;

import java.nio.ByteBuffer;

/**
 * What a query collects from the records that match its predicate, one record at a time and without allocating:
 * a count, a sum, extremes, groups. A parallel query gives each part of the records an accumulator of its own and
 * merges them.
 *
 * @param <A> the accumulator's own class, which {@link #merge} takes
 */
public interface RecordAccumulator<A extends RecordAccumulator<A>> {
    /** Takes the matching record at byte {@code base} of {@code chunk}. */
    void accept(ByteBuffer chunk, int base);

    /** Adds what {@code other} collected to this accumulator. */
    void merge(A other);
}
