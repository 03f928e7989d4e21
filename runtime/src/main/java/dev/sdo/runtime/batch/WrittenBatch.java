package dev.sdo.runtime.batch;

/**
 * The records of a batch file and what the file says wrote them: the writer's identity (its schema version, its
 * fingerprints and its record size, which is the store's) for code of another version of the record, which reads
 * the records through views that know their writer.
 *
 * <p>A file of a later version's variable-size records (a version that added variable-length fields to this
 * fixed-width record) is read as the prefix of each record's fixed part that the reader's version has: the records
 * are then the reader's own, and {@code writer} is the reader's identity.
 *
 * @param writer the identity in the file's header, or the reader's for records converted as above
 * @param store the records, {@code writer.recordSize()} bytes each
 */
public record WrittenBatch(RecordIdentity writer, RecordStore store) {}
