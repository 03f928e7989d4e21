package dev.sdo.runtime.batch;

/**
 * A batch file that ends early: cut short, or left by a writer that did not finish (its complete blocks can be
 * recovered with {@link BatchFileRecovery}).
 */
public final class TruncatedBatchException extends BatchFileException {
    private static final long serialVersionUID = 1L;

    /** See {@link BatchFileException#BatchFileException(String, String, int, long, String)}. */
    public TruncatedBatchException(String source, String section, int block, long offset, String problem) {
        super(source, section, block, offset, problem);
    }
}
