package dev.sdo.runtime.batch;

/**
 * What the code of a record checks of the writer a file's header names, once the header is read and before any
 * block is: that it knows the writer's version with the record size the header gives ({@code RecordType.checkWriter}).
 * A header that says otherwise is refused as the incompatible file it is, rather than as blocks that do not hold the
 * records it claims.
 */
@FunctionalInterface
interface WriterCheck {
    /** Checks nothing more than the identities' compatibility: for callers that have only the identity. */
    WriterCheck NONE = (writer, source) -> { };

    /** Checks {@code writer}, the identity of the records read from {@code source}. */
    void check(RecordIdentity writer, String source) throws IncompatibleBatchException;
}
