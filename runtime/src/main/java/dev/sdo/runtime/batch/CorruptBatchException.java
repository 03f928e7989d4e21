package dev.sdo.runtime.batch;

/**
 * Bytes of a batch file that fail their check: a CRC32C mismatch, a missing sync marker, a value that contradicts
 * the layout, non-zero padding.
 */
public final class CorruptBatchException extends BatchFileException {
    private static final long serialVersionUID = 1L;

    /** See {@link BatchFileException#BatchFileException(String, String, int, long, String)}. */
    public CorruptBatchException(String source, String section, int block, long offset, String problem) {
        super(source, section, block, offset, problem);
    }
}
