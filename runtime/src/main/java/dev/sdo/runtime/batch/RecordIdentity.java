package dev.sdo.runtime.batch;

import java.nio.charset.StandardCharsets;

/**
 * What a batch file says its records are: written into the file header by {@link BatchFileWriter} and compared
 * with the caller's expectation by the readers, which accept a file only if its record name, fingerprint and
 * record size all equal the expected ones. The schema version is recorded and shown in messages.
 *
 * @param recordName the record's fully qualified name, for example {@code com.example.trade.Trade}
 * @param schemaVersion the record's schema version (the largest {@code @since}, 1 without any)
 * @param fingerprint the 64-bit schema fingerprint computed by the schema compiler
 * @param recordSize bytes per record
 */
public record RecordIdentity(String recordName, int schemaVersion, long fingerprint, int recordSize) {
    /** The longest record name a batch file holds, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 4096;

    public RecordIdentity {
        if (recordName == null || recordName.isEmpty()
                || recordName.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new IllegalArgumentException("a record name must have 1.." + MAX_NAME_BYTES + " UTF-8 bytes: "
                    + recordName);
        }
        if (schemaVersion < 0 || recordSize <= 0) {
            throw new IllegalArgumentException("schema version " + schemaVersion + " and record size "
                    + recordSize + ": the version must not be negative and the size must be positive");
        }
    }

    @Override
    public String toString() {
        return recordName + " (schema version " + schemaVersion + ", fingerprint " + BatchFormat.hex(fingerprint)
                + ", " + recordSize + "-byte records)";
    }
}
