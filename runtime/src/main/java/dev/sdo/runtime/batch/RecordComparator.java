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

    /**
     * {@link #compare(ByteBuffer, int, ByteBuffer, int)} of records whose sizes a store of variable-size records
     * gives. By default the sizes are not needed.
     */
    default int compare(ByteBuffer leftChunk, int leftOffset, int leftSize, ByteBuffer rightChunk, int rightOffset,
            int rightSize) {
        return compare(leftChunk, leftOffset, rightChunk, rightOffset);
    }
}
