package dev.sdo.runtime.batch;

/** The input does not start with the batch file magic number: it is not a batch file. */
public final class NotABatchFileException extends BatchFileException {
    private static final long serialVersionUID = 1L;

    /** See {@link BatchFileException#BatchFileException(String, String, int, long, String)}. */
    public NotABatchFileException(String source, String section, int block, long offset, String problem) {
        super(source, section, block, offset, problem);
    }
}
