package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * What both batch file writers ({@link BatchFileWriter}, {@link VariableBatchFileWriter}) do with their channel:
 * write the header, then whole blocks, remembering each for the footer, then the footer and the trailer; and refuse
 * to go on once finished or after a write that failed midway (the file then holds only the blocks before it).
 */
final class BlockOutput {
    private final WritableByteChannel out;
    private final FileHeader header;
    private final BlockIndex index = new BlockIndex();
    private long position;
    private boolean finished;
    /** Set while a write is under way; still set if it failed, which makes the writer refuse to go on. */
    private boolean writing;

    private BlockOutput(WritableByteChannel out, FileHeader header) {
        this.out = out;
        this.header = header;
    }

    /**
     * An output to {@code out} of a file of {@code identity}'s records, whose header it writes at once. The writer
     * has checked its arguments ({@link #checkSyncMarker}).
     */
    static BlockOutput open(WritableByteChannel out, RecordIdentity identity, int recordsPerBlock, byte[] syncMarker,
            boolean variableSize) throws IOException {
        BlockOutput output = new BlockOutput(out, FileHeader.of(identity, recordsPerBlock, syncMarker, variableSize));
        output.writeFully(output.header.encode());
        return output;
    }

    /** @throws IllegalArgumentException if {@code syncMarker} is not 16 bytes */
    static void checkSyncMarker(byte[] syncMarker) {
        if (syncMarker.length != SYNC_BYTES) {
            throw new IllegalArgumentException("a sync marker is " + SYNC_BYTES + " bytes, not " + syncMarker.length);
        }
    }

    FileHeader header() {
        return header;
    }

    /** Refuses a finished file or one whose earlier write failed. */
    void checkUsable() {
        if (finished) {
            throw new IllegalStateException("the batch file is finished");
        }
        if (writing) {
            throw new IllegalStateException("an earlier write failed: the file holds only the blocks before it");
        }
    }

    /** Starts a write, {@link #checkUsable() if the file is usable}; until {@link #endWrite} it counts as failed. */
    void beginWrite() {
        checkUsable();
        writing = true;
    }

    /** Ends a write that succeeded. */
    void endWrite() {
        writing = false;
    }

    /**
     * Writes the next block, of {@code records} records whose payload of {@code payloadLength} bytes has the CRC32C
     * {@code payloadCrc}: its header, then {@code parts} (the payload, then the padding to the block's end).
     */
    void writeBlock(int records, long payloadLength, int payloadCrc, ByteBuffer... parts) throws IOException {
        BlockHeader block = new BlockHeader(index.blocks(), records, payloadLength, payloadCrc);
        long blockAt = position;
        writeFully(block.encode(header.syncMarker()));
        for (ByteBuffer part : parts) {
            writeFully(part);
        }
        index.add(blockAt, records, payloadCrc);
    }

    /** Writes the footer and the trailer, ending a write begun by {@link #beginWrite} and the file. */
    void finish() throws IOException {
        finished = true;
        Footer footer = index.footer(header);
        ByteBuffer encoded = footer.encode();
        long footerAt = position;
        writeFully(encoded.duplicate());
        writeFully(footer.encodeTrailer(footerAt, encoded));
        writing = false;
    }

    private void writeFully(ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            position += out.write(buffer);
        }
    }
}
