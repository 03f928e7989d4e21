package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/** Where a growing {@link RecordStore} allocates its chunks. */
public enum ChunkAllocation {
    /** {@link ByteBuffer#allocate(int)}: on the Java heap. */
    HEAP {
        @Override
        ByteBuffer allocate(int capacity) {
            return ByteBuffer.allocate(capacity);
        }
    },
    /** {@link ByteBuffer#allocateDirect(int)}: outside the Java heap. */
    DIRECT {
        @Override
        ByteBuffer allocate(int capacity) {
            return ByteBuffer.allocateDirect(capacity);
        }
    };

    abstract ByteBuffer allocate(int capacity);
}
