package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/** An order of records compared in place, without materialising them. */
@FunctionalInterface
public interface RecordComparator {
    /**
     * Negative, zero or positive as the record at {@code leftOffset} of {@code leftChunk} sorts before, with or
     * after the record at {@code rightOffset} of {@code rightChunk}.
     */
    int compare(ByteBuffer leftChunk, int leftOffset, ByteBuffer rightChunk, int rightOffset);
}
