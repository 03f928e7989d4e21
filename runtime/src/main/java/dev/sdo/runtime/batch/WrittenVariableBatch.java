package dev.sdo.runtime.batch;

/**
 * The variable-size records of a batch file and what the file says wrote them: the writer's identity (its schema
 * version, its fingerprints and the size of its records' fixed part, which is the store's least record size) for
 * code of another version of the record, which reads the records through views that know their writer.
 *
 * <p>A file of an earlier, fixed-width version's records holds the same records: each is a record of that version
 * without variable-length data.
 *
 * @param writer the identity in the file's header
 * @param store the records, each at least {@code writer.recordSize()} bytes
 */
public record WrittenVariableBatch(RecordIdentity writer, VariableRecordStore store) {}
