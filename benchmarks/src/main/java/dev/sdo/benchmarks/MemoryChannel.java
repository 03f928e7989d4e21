package dev.sdo.benchmarks;

import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A channel over one preallocated buffer: written from the start, then read back from the start. It stands in
 * for a socket or a file in page cache without the kernel's cost, so that what a benchmark over it measures is
 * the format's own work.
 */
final class MemoryChannel implements WritableByteChannel, ReadableByteChannel {
    private final ByteBuffer buffer;
    private int readPosition;

    MemoryChannel(int capacity) {
        buffer = ByteBuffer.allocateDirect(capacity);
    }

    /** Forgets what was written, for the next write. */
    MemoryChannel clear() {
        buffer.clear();
        readPosition = 0;
        return this;
    }

    /** Reads from the start of what was written, for the next read. */
    MemoryChannel rewind() {
        readPosition = 0;
        return this;
    }

    @Override
    public int write(ByteBuffer source) {
        int length = source.remaining();
        buffer.put(source);
        return length;
    }

    @Override
    public int read(ByteBuffer target) {
        int available = buffer.position() - readPosition;
        if (available == 0) {
            return -1;
        }
        int length = Math.min(available, target.remaining());
        target.put(target.position(), buffer, readPosition, length);
        target.position(target.position() + length);
        readPosition += length;
        return length;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
        // nothing to release: the buffer lives as long as the benchmark's state
    }
}
