package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/**
 * Allocates on the heap, except that request number {@code failAt} (counting from 1) throws
 * {@link OutOfMemoryError}, as an allocation the heap cannot satisfy does: for tests that a store whose growth fails
 * stays as it was and usable.
 */
final class FailingAllocator implements Allocator {
    private final int failAt;
    private int requests;

    FailingAllocator(int failAt) {
        this.failAt = failAt;
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        if (++requests == failAt) {
            throw new OutOfMemoryError("Java heap space (request " + requests + " of " + capacity + " bytes)");
        }
        return ByteBuffer.allocate(capacity);
    }

    /** How many allocations were asked for, the failed one included. */
    int requests() {
        return requests;
    }
}
