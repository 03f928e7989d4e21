package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/**
 * Where a growing store gets its buffers: one of the {@link ChunkAllocation} kinds, or, in tests, an allocator that
 * fails on demand, to show that a store whose allocation fails ({@code OutOfMemoryError}) stays as it was and
 * usable.
 */
interface Allocator {
    /** A new zeroed buffer of {@code capacity} bytes. */
    ByteBuffer allocate(int capacity);

    /**
     * A new buffer of {@code capacity} bytes, in {@code old}'s byte order, holding a copy of the first {@code keep}
     * bytes of {@code old}: a store's chunk or index grown (or trimmed) in place of {@code old}, which the caller
     * replaces only once this returns.
     */
    default ByteBuffer resized(ByteBuffer old, int capacity, int keep) {
        ByteBuffer resized = allocate(capacity).order(old.order());
        resized.put(0, old, 0, keep);
        return resized;
    }
}
