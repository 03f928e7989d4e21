package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/**
 * What a store's chunks offer the code that walks them ({@link RecordSpliterator}): how many chunks, which records
 * each holds, and where in its chunk each record starts and ends. {@link RecordStore} computes it from its fixed
 * record size, {@link VariableRecordStore} reads it from its offsets index.
 */
interface RecordChunks {
    /** How many chunks hold records. */
    int chunkCount();

    /** Chunk {@code chunkIndex}. */
    ByteBuffer chunk(int chunkIndex);

    /** How many records chunk {@code chunkIndex} holds. */
    int chunkRecords(int chunkIndex);

    /** The index of the first record of chunk {@code chunkIndex}. */
    long chunkFirstRecord(int chunkIndex);

    /** The byte offset of the {@code j}-th record of chunk {@code chunkIndex} (j = its count: the end of its last). */
    int chunkRecordOffset(int chunkIndex, int j);

    /** The chunk that holds record {@code index}. */
    ByteBuffer chunkOf(long index);

    /** The byte offset of record {@code index} in {@link #chunkOf(long) its chunk}. */
    int offsetOf(long index);

    /** Whether the records can no longer change (a memory-mapped file). */
    boolean isReadOnly();
}
