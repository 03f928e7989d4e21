package dev.sdo.runtime.batch;

/** A batch file written in a format version this runtime does not read. */
public final class UnsupportedBatchVersionException extends BatchFileException {
    private static final long serialVersionUID = 1L;

    /** See {@link BatchFileException#BatchFileException(String, String, int, long, String)}. */
    public UnsupportedBatchVersionException(String source, String section, int block, long offset, String problem) {
        super(source, section, block, offset, problem);
    }
}
