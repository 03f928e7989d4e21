package dev.sdo.runtime.batch;

import java.io.IOException;

/**
 * A batch file ({@code .sdob}) that cannot be read as asked. The message names the file (or stream), the part of
 * the file (the file header, a block by number, the footer or the trailer), the byte offset in the file, and what
 * was expected and found. Subclasses say what kind of problem it is.
 */
public class BatchFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String section;
    private final int block;
    private final long offset;

    /**
     * @param source the file or stream, as the user named it
     * @param section the part of the file: "file header", "block 3", "footer", ...
     * @param block the block number, or -1 when the problem is not in a block
     * @param offset the byte offset in the file where the problem is
     * @param problem what was expected and what was found
     */
    protected BatchFileException(String source, String section, int block, long offset, String problem) {
        super(source + ": " + section + " at byte offset " + offset + ": " + problem);
        this.source = source;
        this.section = section;
        this.block = block;
        this.offset = offset;
    }

    /** The file or stream, as named by the caller. */
    public String source() {
        return source;
    }

    /** The part of the file: "file header", "block 3", "footer", "trailer". */
    public String section() {
        return section;
    }

    /** The number of the damaged block, or -1 when the problem is outside the blocks. */
    public int block() {
        return block;
    }

    /** The byte offset in the file where the problem is. */
    public long offset() {
        return offset;
    }
}
