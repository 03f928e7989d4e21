package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/** Where a growing {@link RecordStore} or {@link VariableRecordStore} allocates its chunks. */
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

    /**
     * A new buffer of {@code capacity} bytes, in {@code old}'s byte order, holding a copy of the first {@code keep}
     * bytes of {@code old}: a store's chunk or index grown (or trimmed) in place of {@code old}.
     */
    ByteBuffer resized(ByteBuffer old, int capacity, int keep) {
        ByteBuffer resized = allocate(capacity).order(old.order());
        resized.put(0, old, 0, keep);
        return resized;
    }

    /**
     * The room, in any unit, that a growing buffer of room {@code current} takes on when it needs {@code needed}:
     * at least twice {@code current} (so that appends copy each byte a bounded number of times), at most
     * {@code max} unless {@code needed} is more.
     */
    static int grownRoom(int needed, int current, int max) {
        return (int) Math.max(needed, Math.min(max, 2L * current));
    }
}
