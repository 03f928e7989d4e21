package dev.sdo.runtime.batch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** A buffered window on a file for scanning it forward: a few large reads instead of one per probe. */
final class FileWindow {
    private static final int MIN_WINDOW = 8 << 20;

    private final FileChannel channel;
    private final long fileSize;
    private ByteBuffer buffer = BatchFormat.littleEndian(0);
    private long start;

    FileWindow(FileChannel channel, long fileSize) {
        this.channel = channel;
        this.fileSize = fileSize;
    }

    /**
     * Makes bytes {@code [offset, offset + length)} of the file (which must exist) available and returns the
     * index of {@code offset} in {@link #buffer()}.
     */
    int cover(long offset, int length) throws IOException {
        if (offset < start || offset + length > start + buffer.limit()) {
            int size = (int) Math.min(Math.max(length, MIN_WINDOW), fileSize - offset);
            buffer = Footer.readAt(channel, offset, size);
            start = offset;
        }
        return (int) (offset - start);
    }

    /** The window's bytes, little-endian; index 0 is the file offset of the last {@link #cover} that moved it. */
    ByteBuffer buffer() {
        return buffer;
    }
}
