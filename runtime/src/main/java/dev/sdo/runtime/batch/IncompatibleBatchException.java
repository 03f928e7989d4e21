package dev.sdo.runtime.batch;

/** A batch file of another record, another schema (fingerprint) or another record size than the caller expects. */
public final class IncompatibleBatchException extends BatchFileException {
    private static final long serialVersionUID = 1L;

    /** See {@link BatchFileException#BatchFileException(String, String, int, long, String)}. */
    public IncompatibleBatchException(String source, String section, int block, long offset, String problem) {
        super(source, section, block, offset, problem);
    }
}
