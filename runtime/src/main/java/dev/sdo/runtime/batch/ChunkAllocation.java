package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/** Where a growing {@link RecordStore} or {@link VariableRecordStore} allocates its chunks. */
public enum ChunkAllocation implements Allocator {
    /** {@link ByteBuffer#allocate(int)}: on the Java heap. */
    HEAP {
        @Override
        public ByteBuffer allocate(int capacity) {
            return ByteBuffer.allocate(capacity);
        }
    },
    /** {@link ByteBuffer#allocateDirect(int)}: outside the Java heap. */
    DIRECT {
        @Override
        public ByteBuffer allocate(int capacity) {
            return ByteBuffer.allocateDirect(capacity);
        }
    };

    /** A new zeroed buffer of {@code capacity} bytes of this kind. */
    @Override
    public abstract ByteBuffer allocate(int capacity);

    /**
     * The room, in any unit, that a growing buffer of room {@code current} takes on when it needs {@code needed}:
     * at least twice {@code current} (so that appends copy each byte a bounded number of times), at most
     * {@code max} unless {@code needed} is more.
     */
    static int grownRoom(int needed, int current, int max) {
        return (int) Math.max(needed, Math.min(max, 2L * current));
    }
}
