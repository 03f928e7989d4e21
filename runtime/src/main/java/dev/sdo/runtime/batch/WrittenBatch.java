package dev.sdo.runtime.batch;

/**
 * The records of a batch file and what the file says wrote them: the writer's identity (its schema version, its
 * fingerprints and its record size, which is the store's) for code of another version of the record, which reads
 * the records through views that know their writer.
 *
 * @param writer the identity in the file's header
 * @param store the records, {@code writer.recordSize()} bytes each
 */
public record WrittenBatch(RecordIdentity writer, RecordStore store) {}
