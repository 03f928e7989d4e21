package dev.sdo.runtime.batch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/** Reads a batch file forward from a channel, knowing the file offset of every byte it reads. */
final class ChannelInput {
    private final ReadableByteChannel channel;
    private final String source;
    private long position;

    ChannelInput(ReadableByteChannel channel, String source, long position) {
        this.channel = channel;
        this.source = source;
        this.position = position;
    }

    String source() {
        return source;
    }

    /** The file offset of the next byte. */
    long position() {
        return position;
    }

    /** Reads until {@code target} is full or the input ends; returns the bytes read. */
    int readUpTo(ByteBuffer target) throws IOException {
        int read = 0;
        while (target.hasRemaining()) {
            int n = channel.read(target);
            if (n < 0) {
                break;
            }
            read += n;
        }
        position += read;
        return read;
    }

    /**
     * Fills {@code target}, or throws naming the part of the file being read ({@code section}, which starts at
     * {@code sectionOffset}) when the input ends first.
     */
    void readFully(ByteBuffer target, String section, int block, long sectionOffset) throws IOException {
        int wanted = target.remaining();
        int read = readUpTo(target);
        if (read < wanted) {
            throw new TruncatedBatchException(source, section, block, sectionOffset, "the file ends at byte offset "
                    + position + ", " + (wanted - read) + " bytes short of the " + (position - sectionOffset
                    + wanted - read) + " bytes expected from the section's start");
        }
    }

    /** The next {@code length} bytes as a little-endian buffer whose index 0 is the current position. */
    ByteBuffer read(int length, String section, int block, long sectionOffset) throws IOException {
        ByteBuffer buffer = BatchFormat.littleEndian(length);
        readFully(buffer, section, block, sectionOffset);
        return buffer.clear();
    }

    /** True if the input has no more bytes (reads one byte to find out). */
    boolean atEnd() throws IOException {
        return readUpTo(ByteBuffer.allocate(1)) == 0;
    }
}
