package dev.sdo.runtime.batch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;

/**
 * Reads a batch file forward from a channel, knowing the file offset of every byte it reads, and, for a channel that
 * knows its size, how many bytes are left. Lengths read from the file are claims: what this class allocates for
 * them is bounded by the bytes that are actually there ({@link #requireAvailable}, {@link #readClaimed}).
 */
final class ChannelInput {
    /** The first buffer {@link #readClaimed} allocates for a claimed length; it doubles as bytes arrive. */
    static final int FIRST_PIECE = 1 << 16;

    private final ReadableByteChannel channel;
    private final String source;
    /** The offset (counted as {@link #position} is) where the channel ends, or -1 when it cannot tell (a stream). */
    private final long size;
    private long position;

    ChannelInput(ReadableByteChannel channel, String source, long position) throws IOException {
        this.channel = channel;
        this.source = source;
        this.position = position;
        this.size = channel instanceof SeekableByteChannel seekable
                ? position + seekable.size() - seekable.position() : -1;
    }

    String source() {
        return source;
    }

    /** The file offset of the next byte. */
    long position() {
        return position;
    }

    /**
     * Throws a {@link TruncatedBatchException} when the channel knows its size and fewer than {@code bytes} bytes
     * are left: a part of the file ({@code section}, starting at {@code sectionOffset}) claims more bytes than the
     * file holds. Called before anything is allocated for the claim.
     */
    void requireAvailable(long bytes, String section, int block, long sectionOffset) throws TruncatedBatchException {
        if (size >= 0 && (bytes < 0 || bytes > size - position)) {
            throw new TruncatedBatchException(source, section, block, sectionOffset, "the file ends at byte offset "
                    + size + ", but " + section + " claims " + bytes + " more bytes from byte offset " + position);
        }
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
            throw truncated(wanted - read, section, block, sectionOffset);
        }
    }

    private TruncatedBatchException truncated(long missing, String section, int block, long sectionOffset) {
        return new TruncatedBatchException(source, section, block, sectionOffset, "the file ends at byte offset "
                + position + ", " + missing + " bytes short of the " + (position - sectionOffset + missing)
                + " bytes expected from the section's start");
    }

    /**
     * The next {@code length} bytes as a little-endian buffer whose index 0 is the current position: for lengths
     * this reader knows are small (a header, padding).
     */
    ByteBuffer read(int length, String section, int block, long sectionOffset) throws IOException {
        ByteBuffer buffer = BatchFormat.littleEndian(length);
        readFully(buffer, section, block, sectionOffset);
        return buffer.clear();
    }

    /**
     * {@link #read(int, String, int, long)} for a length the file claims: checked against the bytes left first, and
     * read into a buffer that starts at {@link #FIRST_PIECE} bytes and doubles as the bytes arrive, so that a
     * forged length in a short stream costs at most about twice the bytes the stream holds.
     */
    ByteBuffer readClaimed(long length, String section, int block, long sectionOffset) throws IOException {
        requireAvailable(length, section, block, sectionOffset);
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new CorruptBatchException(source, section, block, sectionOffset, "a length of " + length
                    + " bytes is more than one buffer holds");
        }
        int wanted = (int) length;
        ByteBuffer buffer = BatchFormat.littleEndian(Math.min(wanted, FIRST_PIECE));
        while (true) {
            readUpTo(buffer);
            if (buffer.hasRemaining()) {
                throw truncated(wanted - buffer.position(), section, block, sectionOffset);
            }
            if (buffer.capacity() == wanted) {
                return buffer.clear();
            }
            ByteBuffer grown = BatchFormat.littleEndian((int) Math.min(wanted, 2L * buffer.capacity()));
            grown.put(buffer.flip());
            buffer = grown;
        }
    }

    /** True if the input has no more bytes (reads one byte to find out). */
    boolean atEnd() throws IOException {
        return readUpTo(ByteBuffer.allocate(1)) == 0;
    }
}
