package dev.sdo.runtime.batch;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What a batch file says its records are: written into the file header by {@link BatchFileWriter} and compared
 * with the caller's expectation by the readers. A file is readable when its record name is the expected one and
 * both agree on the fingerprint of the older of the two schema versions (see {@link #canRead}): code of one
 * version of a record reads files written by older and newer versions, as long as the record changed only by
 * fields added with {@code @since}.
 *
 * @param recordName the record's fully qualified name, for example {@code com.example.trade.Trade}
 * @param schemaVersion the record's schema version (the largest {@code @since}, 1 without any)
 * @param fingerprint the 64-bit layout fingerprint of version {@code schemaVersion}, computed by the schema compiler
 * @param recordSize bytes per record
 * @param versionFingerprints the fingerprint of version 1 and of every version that added fields, up to
 *     {@code schemaVersion} (whose fingerprint is {@code fingerprint}); a version not listed has the fingerprint of
 *     the listed one before it. Only {@code schemaVersion} itself when the earlier ones are not known.
 * @param schema the writer's schema, which files of format version 3 carry (docs/batch-file-format.md), so that a
 *     reader without generated code reads the records; null when unknown (older files, a writer without one). It
 *     travels with the identity because it describes exactly the records of this version: a batch that reads a
 *     file of another version and writes it back writes that version's schema with its records.
 */
public record RecordIdentity(String recordName, int schemaVersion, long fingerprint, int recordSize,
        NavigableMap<Integer, Long> versionFingerprints, EmbeddedSchema schema) {
    /** The longest record name a batch file holds, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 4096;
    /** The most versions whose fingerprints a batch file records. */
    public static final int MAX_VERSIONS = 4096;

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
        versionFingerprints = Collections.unmodifiableNavigableMap(new TreeMap<>(versionFingerprints));
        if (versionFingerprints.isEmpty() || versionFingerprints.size() > MAX_VERSIONS
                || versionFingerprints.firstKey() < 0 || versionFingerprints.lastKey() != schemaVersion
                || versionFingerprints.lastEntry().getValue() != fingerprint) {
            throw new IllegalArgumentException("the version fingerprints " + versionFingerprints + " of "
                    + recordName + " must be at most " + MAX_VERSIONS + ", and end with version " + schemaVersion
                    + "'s, " + BatchFormat.hex(fingerprint));
        }
        if (schema != null && schema.fingerprint() != fingerprint) {
            throw new IllegalArgumentException("the schema descriptor of " + recordName + " is of fingerprint "
                    + BatchFormat.hex(schema.fingerprint()) + ", not " + BatchFormat.hex(fingerprint));
        }
    }

    /** An identity without a schema. */
    public RecordIdentity(String recordName, int schemaVersion, long fingerprint, int recordSize,
            NavigableMap<Integer, Long> versionFingerprints) {
        this(recordName, schemaVersion, fingerprint, recordSize, versionFingerprints, null);
    }

    /** This identity carrying {@code schema}, the descriptor of its records (whose fingerprint must be this one's). */
    public RecordIdentity withSchema(EmbeddedSchema schema) {
        return new RecordIdentity(recordName, schemaVersion, fingerprint, recordSize, versionFingerprints, schema);
    }

    /** An identity that knows only the fingerprint of its own version. */
    public RecordIdentity(String recordName, int schemaVersion, long fingerprint, int recordSize) {
        this(recordName, schemaVersion, fingerprint, recordSize, Map.of(schemaVersion, fingerprint));
    }

    /** {@link #RecordIdentity(String, int, long, int, NavigableMap)} from any map of versions to fingerprints. */
    public RecordIdentity(String recordName, int schemaVersion, long fingerprint, int recordSize,
            Map<Integer, Long> versionFingerprints) {
        this(recordName, schemaVersion, fingerprint, recordSize, new TreeMap<>(versionFingerprints));
    }

    /** The fingerprint of {@code version}, if this identity knows it (a version up to its own). */
    public OptionalLong fingerprintOf(int version) {
        Map.Entry<Integer, Long> entry = version > schemaVersion ? null : versionFingerprints.floorEntry(version);
        return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.getValue());
    }

    /**
     * Whether code of this identity's version can read records {@code written} by another version: the same record,
     * the same fingerprint of the older version of the two, and a record size that version's layout allows (the
     * same for the same version; at least this one's for a newer writer; at most for an older one). For records of
     * variable size the sizes are their fixed parts, which grow the same way. Generated code reads every record this
     * accepts as its writer wrote it: fields it shares with the writer, at the writer's fixed size and, for a newer
     * writer of variable-size records, at the record size the container gives (docs/record-format.md, section 7).
     * An identity does not say whether its records are of fixed or variable size: the readers also check the kind.
     * {@link BatchFileReader} converts the records of a later version that added variable-length fields to a
     * fixed-width record for the fixed-width versions' code, and the other way round; the mapper refuses them.
     */
    public boolean canRead(RecordIdentity written) {
        int common = Math.min(schemaVersion, written.schemaVersion());
        OptionalLong ours = fingerprintOf(common);
        OptionalLong theirs = written.fingerprintOf(common);
        return recordName.equals(written.recordName()) && ours.isPresent() && theirs.isPresent()
                && ours.getAsLong() == theirs.getAsLong() && sizeFits(written);
    }

    /**
     * Whether the record size of {@code written} fits its version: this size for this version, a newer version's
     * records at least as large (fields are only added), an older one's at most.
     */
    boolean sizeFits(RecordIdentity written) {
        int order = Integer.compare(written.schemaVersion(), schemaVersion);
        int sizes = Integer.compare(written.recordSize(), recordSize);
        return order == 0 ? sizes == 0 : order > 0 ? sizes >= 0 : sizes <= 0;
    }

    @Override
    public String toString() {
        return recordName + " (schema version " + schemaVersion + ", fingerprint " + BatchFormat.hex(fingerprint)
                + ", " + recordSize + "-byte records)";
    }
}
