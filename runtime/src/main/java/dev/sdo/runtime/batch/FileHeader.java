package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.HEADER_FIXED_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.MAGIC;
import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FIRST_VERSION;
import static dev.sdo.runtime.batch.BatchFormat.SECOND_VERSION;
import static dev.sdo.runtime.batch.BatchFormat.VERSION;
import static dev.sdo.runtime.batch.BatchFormat.VERSION_ENTRY_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.VERSION_TABLE_FIXED_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The file header: magic, format version, header length, record size, records per block, schema version, record
 * name, fingerprint, sync marker, the fingerprints of the writer's earlier versions (format 2), and a CRC32C of all
 * of it. A file of variable-size records (format 2 only) has {@link BatchFormat#VARIABLE_SIZE_FLAG} set in its
 * record size field, whose other bits are then the size of the records' fixed part, the least a record takes.
 * Format 3 adds the schema part after the header: the writer's {@link EmbeddedSchema} and its CRC32C, padded to a
 * multiple of 8, whose length the version table's second word holds (0 without a schema); the blocks start after
 * it ({@link #blocksStart}).
 */
record FileHeader(RecordIdentity identity, int recordsPerBlock, byte[] syncMarker, int length,
        boolean variableSize) {
    private static final String SECTION = "file header";
    private static final int VERSION_AT = 8;
    private static final int LENGTH_AT = 12;
    private static final int RECORD_SIZE_AT = 16;
    private static final int RECORDS_PER_BLOCK_AT = 20;
    private static final int SCHEMA_VERSION_AT = 24;
    private static final int NAME_LENGTH_AT = 28;
    private static final int FINGERPRINT_AT = 32;
    private static final int SYNC_AT = 40;
    private static final int PREFIX_BYTES = 16;
    private static final String SCHEMA_SECTION = "schema part";

    static FileHeader of(RecordIdentity identity, int recordsPerBlock, byte[] syncMarker, boolean variableSize) {
        int nameBytes = identity.recordName().getBytes(StandardCharsets.UTF_8).length;
        return new FileHeader(identity, recordsPerBlock, syncMarker.clone(),
                BatchFormat.align8(versionTableAt(nameBytes) + VERSION_TABLE_FIXED_BYTES
                        + VERSION_ENTRY_BYTES * identity.versionFingerprints().size() + Integer.BYTES),
                variableSize);
    }

    /** Where the version table starts: at the first 8-aligned offset after the record name. */
    private static int versionTableAt(int nameBytes) {
        return BatchFormat.align8(HEADER_FIXED_BYTES + nameBytes);
    }

    /** Where block 0 starts: after the header and the schema part, if any. */
    long blocksStart() {
        return length + BatchFormat.align8((long) schemaPartLength(identity.schema()));
    }

    /** The schema part's length without its padding: the stored descriptor and its CRC32C; 0 without a schema. */
    private static int schemaPartLength(EmbeddedSchema schema) {
        return schema == null ? 0 : schema.stored().length + Integer.BYTES;
    }

    /** The record size field as stored: the record size, with the variable-size flag when it applies. */
    int recordSizeField() {
        return variableSize ? identity.recordSize() | BatchFormat.VARIABLE_SIZE_FLAG : identity.recordSize();
    }

    /** What records of this file are called in messages. */
    String describeRecords() {
        return describeRecords(variableSize, identity.recordSize());
    }

    private static String describeRecords(boolean variableSize, int recordSize) {
        return variableSize ? "variable-size records of at least " + recordSize + " bytes"
                : recordSize + "-byte records";
    }

    /** The header, then the schema part with its padding (if the identity has a schema): the bytes before block 0. */
    ByteBuffer encode() {
        byte[] name = identity.recordName().getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = BatchFormat.littleEndian(Math.toIntExact(blocksStart()));
        buffer.put(0, MAGIC)
                .putInt(VERSION_AT, VERSION)
                .putInt(LENGTH_AT, length)
                .putInt(RECORD_SIZE_AT, recordSizeField())
                .putInt(RECORDS_PER_BLOCK_AT, recordsPerBlock)
                .putInt(SCHEMA_VERSION_AT, identity.schemaVersion())
                .putInt(NAME_LENGTH_AT, name.length)
                .putLong(FINGERPRINT_AT, identity.fingerprint())
                .put(SYNC_AT, syncMarker)
                .put(HEADER_FIXED_BYTES, name);
        int entryAt = versionTableAt(name.length);
        EmbeddedSchema schema = identity.schema();
        buffer.putInt(entryAt, identity.versionFingerprints().size())
                .putInt(entryAt + Integer.BYTES, schemaPartLength(schema));
        entryAt += VERSION_TABLE_FIXED_BYTES;
        for (Map.Entry<Integer, Long> entry : identity.versionFingerprints().entrySet()) {
            buffer.putInt(entryAt, entry.getKey()).putLong(entryAt + Long.BYTES, entry.getValue());
            entryAt += VERSION_ENTRY_BYTES;
        }
        buffer.putInt(length - Integer.BYTES, BatchFormat.crc32c(buffer, 0, length - Integer.BYTES));
        if (schema != null) {
            byte[] stored = schema.stored();
            buffer.put(length, stored);
            int crcAt = length + stored.length;
            buffer.putInt(crcAt, BatchFormat.crc32c(buffer, length, crcAt));
        }
        return buffer;
    }

    /** Reads and checks the header at the start of {@code in}. */
    static FileHeader read(ChannelInput in) throws IOException {
        String source = in.source();
        ByteBuffer prefix = BatchFormat.littleEndian(PREFIX_BYTES);
        int read = in.readUpTo(prefix);
        byte[] found = BatchFormat.bytes(prefix, 0, Math.min(read, MAGIC.length));
        if (!BatchFormat.isMagicPrefix(found, found.length)) {
            throw new NotABatchFileException(source, SECTION, -1, 0, "expected the batch file magic "
                    + hex(MAGIC) + ", found " + hex(found) + ": this is not a batch file");
        }
        if (read < PREFIX_BYTES) {
            throw new TruncatedBatchException(source, SECTION, -1, 0, "the file ends at byte offset " + read
                    + ", inside the " + PREFIX_BYTES + "-byte start of the header");
        }
        int version = prefix.getInt(VERSION_AT);
        if (version != VERSION && version != SECOND_VERSION && version != FIRST_VERSION) {
            throw new UnsupportedBatchVersionException(source, SECTION, -1, VERSION_AT, "format version "
                    + Integer.toUnsignedString(version) + "; this runtime reads format versions " + FIRST_VERSION
                    + " to " + VERSION);
        }
        int length = prefix.getInt(LENGTH_AT);
        if (length < BatchFormat.align8(HEADER_FIXED_BYTES + 1 + Integer.BYTES) || length % 8 != 0
                || length > BatchFormat.MAX_HEADER_BYTES) {
            throw new CorruptBatchException(source, SECTION, -1, LENGTH_AT, "header length "
                    + Integer.toUnsignedString(length) + " is not a multiple of 8 between 64 and "
                    + BatchFormat.MAX_HEADER_BYTES);
        }
        ByteBuffer header = BatchFormat.littleEndian(length);
        header.put(prefix.flip());
        in.readFully(header, SECTION, -1, 0);
        int crcAt = length - Integer.BYTES;
        int stored = header.getInt(crcAt);
        int computed = BatchFormat.crc32c(header, 0, crcAt);
        if (stored != computed) {
            throw new CorruptBatchException(source, SECTION, -1, 0, "CRC32C of bytes 0.." + crcAt + " is "
                    + hex(computed) + ", but " + hex(stored) + " is stored at byte offset " + crcAt);
        }
        return decodeChecked(header, source, version, in);
    }

    /** The fields of a header whose CRC matched; a writer bug rather than damage if these checks fail. */
    private static FileHeader decodeChecked(ByteBuffer header, String source, int formatVersion, ChannelInput in)
            throws IOException {
        int length = header.capacity();
        int sizeField = header.getInt(RECORD_SIZE_AT);
        boolean variableSize = (sizeField & BatchFormat.VARIABLE_SIZE_FLAG) != 0;
        if (variableSize && formatVersion == FIRST_VERSION) {
            throw new CorruptBatchException(source, SECTION, -1, RECORD_SIZE_AT, "format version "
                    + FIRST_VERSION + " with the variable-size flag in the record size field: only files of format "
                    + "version " + SECOND_VERSION + " and later hold variable-size records");
        }
        int recordSize = sizeField & ~BatchFormat.VARIABLE_SIZE_FLAG;
        int recordsPerBlock = header.getInt(RECORDS_PER_BLOCK_AT);
        if (recordSize <= 0 || recordsPerBlock <= 0
                || (long) recordSize * recordsPerBlock > BatchFormat.MAX_BLOCK_PAYLOAD) {
            throw new CorruptBatchException(source, SECTION, -1, RECORD_SIZE_AT, "record size " + recordSize
                    + " and records per block " + recordsPerBlock + " must be positive with at most "
                    + BatchFormat.MAX_BLOCK_PAYLOAD + " bytes per block");
        }
        int nameLength = header.getInt(NAME_LENGTH_AT);
        if (nameLength <= 0 || nameLength > length - HEADER_FIXED_BYTES - Integer.BYTES) {
            throw new CorruptBatchException(source, SECTION, -1, NAME_LENGTH_AT, "record name length "
                    + nameLength + " does not fit in a header of " + length + " bytes");
        }
        String name;
        try {
            name = StandardCharsets.UTF_8.newDecoder()
                    .decode(header.duplicate().position(HEADER_FIXED_BYTES).limit(HEADER_FIXED_BYTES + nameLength))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new CorruptBatchException(source, SECTION, -1, HEADER_FIXED_BYTES,
                    "the record name is not valid UTF-8");
        }
        int schemaVersion = header.getInt(SCHEMA_VERSION_AT);
        if (schemaVersion < 0) {
            throw new CorruptBatchException(source, SECTION, -1, SCHEMA_VERSION_AT, "schema version "
                    + Integer.toUnsignedString(schemaVersion) + " is beyond " + Integer.MAX_VALUE);
        }
        long fingerprint = header.getLong(FINGERPRINT_AT);
        NavigableMap<Integer, Long> versions = formatVersion == FIRST_VERSION
                ? new TreeMap<>(Map.of(schemaVersion, fingerprint))
                : versionTable(header, versionTableAt(nameLength), schemaVersion, fingerprint, source);
        EmbeddedSchema schema = formatVersion == VERSION
                ? schemaPart(in, header, versionTableAt(nameLength), fingerprint, source) : null;
        RecordIdentity identity = new RecordIdentity(name, schemaVersion, fingerprint, recordSize, versions, schema);
        return new FileHeader(identity, recordsPerBlock, BatchFormat.bytes(header, SYNC_AT, SYNC_BYTES), length,
                variableSize);
    }

    /**
     * Reads and checks the schema part that follows a format-3 header, whose length the header (checked by its CRC)
     * gives at {@code tableAt + 4}: the stored descriptor ({@link SchemaPacking}), its CRC32C, zero padding to a
     * multiple of 8; the descriptor's first 8 bytes must be the header's fingerprint. Null when the length is 0 (a
     * writer without a schema). The length is a claim: checked against the bytes left and read as they arrive
     * ({@link ChannelInput#readClaimed}).
     */
    private static EmbeddedSchema schemaPart(ChannelInput in, ByteBuffer header, int tableAt, long fingerprint,
            String source) throws IOException {
        int lengthAt = tableAt + Integer.BYTES;
        int partLength = header.getInt(lengthAt);
        if (partLength == 0) {
            return null;
        }
        long at = header.capacity();
        if (partLength < Long.BYTES + Integer.BYTES || partLength > EmbeddedSchema.MAX_BYTES + Integer.BYTES) {
            throw new CorruptBatchException(source, SECTION, -1, lengthAt, "schema part length "
                    + Integer.toUnsignedString(partLength) + " is neither 0 nor " + (Long.BYTES + Integer.BYTES) + ".."
                    + (EmbeddedSchema.MAX_BYTES + Integer.BYTES));
        }
        int padded = BatchFormat.align8(partLength);
        ByteBuffer part = in.readClaimed(padded, SCHEMA_SECTION, -1, at);
        int crcAt = partLength - Integer.BYTES;
        int stored = part.getInt(crcAt);
        int computed = BatchFormat.crc32c(part, 0, crcAt);
        if (stored != computed) {
            throw new CorruptBatchException(source, SCHEMA_SECTION, -1, at, "CRC32C of bytes " + at + ".."
                    + (at + crcAt) + " is " + hex(computed) + ", but " + hex(stored) + " is stored at byte offset "
                    + (at + crcAt));
        }
        int nonZero = BatchFormat.firstNonZero(part, partLength, padded);
        if (nonZero >= 0) {
            throw new CorruptBatchException(source, SCHEMA_SECTION, -1, at, "padding byte at byte offset "
                    + (at + nonZero) + " is not zero");
        }
        long described = part.getLong(0);
        if (described != fingerprint) {
            throw new CorruptBatchException(source, SCHEMA_SECTION, -1, at, "the schema describes records of "
                    + "fingerprint " + hex(described) + ", but the header's fingerprint is " + hex(fingerprint));
        }
        byte[] descriptor = new byte[crcAt];
        part.get(0, descriptor);
        try {
            return EmbeddedSchema.ofStored(descriptor);
        } catch (java.util.zip.DataFormatException e) {
            throw new CorruptBatchException(source, SCHEMA_SECTION, -1, at, e.getMessage());
        }
    }

    /**
     * The fingerprints of the writer's versions (format 2): a count, a reserved word, then per version its number, a
     * reserved word and its fingerprint, ascending, ending with the header's own version and fingerprint.
     */
    private static NavigableMap<Integer, Long> versionTable(ByteBuffer header, int at, int schemaVersion,
            long fingerprint, String source) throws CorruptBatchException {
        int end = header.capacity() - Integer.BYTES;
        int count = at + VERSION_TABLE_FIXED_BYTES <= end ? header.getInt(at) : -1;
        if (count < 1 || count > RecordIdentity.MAX_VERSIONS
                || at + VERSION_TABLE_FIXED_BYTES + (long) VERSION_ENTRY_BYTES * count > end) {
            throw new CorruptBatchException(source, SECTION, -1, at, "a version table of "
                    + Integer.toUnsignedString(count) + " entries does not fit in a header of " + header.capacity()
                    + " bytes");
        }
        NavigableMap<Integer, Long> versions = new TreeMap<>();
        int entryAt = at + VERSION_TABLE_FIXED_BYTES;
        for (int i = 0; i < count; i++, entryAt += VERSION_ENTRY_BYTES) {
            int version = header.getInt(entryAt);
            if (version < 0 || version > schemaVersion || (!versions.isEmpty() && version <= versions.lastKey())) {
                throw new CorruptBatchException(source, SECTION, -1, entryAt, "version "
                        + Integer.toUnsignedString(version) + " of the version table is not above the one before it"
                        + " and at most the schema version " + schemaVersion);
            }
            versions.put(version, header.getLong(entryAt + Long.BYTES));
        }
        if (versions.lastKey() != schemaVersion || versions.lastEntry().getValue() != fingerprint) {
            throw new CorruptBatchException(source, SECTION, -1, entryAt - VERSION_ENTRY_BYTES, "the version table "
                    + "ends with version " + versions.lastKey() + ", fingerprint "
                    + hex(versions.lastEntry().getValue()) + ", not with the header's version " + schemaVersion
                    + ", fingerprint " + hex(fingerprint));
        }
        return versions;
    }

    /**
     * Rejects a file whose records {@code expected} cannot read in place: another record, records of fixed size when
     * {@code expectVariableSize} asks for variable-size ones or the other way round, or a version of the record that
     * differs from the expected one other than by fields added with {@code @since} (see
     * {@link RecordIdentity#canRead}).
     */
    void checkMatches(RecordIdentity expected, boolean expectVariableSize, String source)
            throws IncompatibleBatchException {
        check(expected, expectVariableSize, false, source);
    }

    /**
     * {@link #checkMatches}, except that records of the other kind are accepted when {@link #convertible} to the
     * expected kind: a reader that copies the records converts them.
     */
    void checkReadable(RecordIdentity expected, boolean expectVariableSize, String source)
            throws IncompatibleBatchException {
        check(expected, expectVariableSize, true, source);
    }

    /**
     * Whether this file's records, of the other kind than {@code expectVariableSize} asks for, are those of another
     * version of the expected record that a copy converts: a later version that added variable-length fields to a
     * fixed-width record (code of the fixed-width version keeps each record's fixed part's prefix it knows), or an
     * earlier, fixed-width version of a record that has since gained variable-length fields (code of the later
     * version takes each record as one of the writer's version without variable-length data). Variable-size
     * records of the reader's own fixed-width version are what code of such a later version writes back after
     * reading a fixed-width file: each is its fixed part. A fixed-width version never follows a variable-size one.
     */
    boolean convertible(RecordIdentity expected, boolean expectVariableSize) {
        int order = Integer.compare(identity.schemaVersion(), expected.schemaVersion());
        return variableSize != expectVariableSize && (variableSize ? order >= 0 : order < 0);
    }

    private void check(RecordIdentity expected, boolean expectVariableSize, boolean convert, String source)
            throws IncompatibleBatchException {
        RecordIdentity found = identity;
        if (!found.recordName().equals(expected.recordName())) {
            throw new IncompatibleBatchException(source, SECTION, -1, HEADER_FIXED_BYTES, "the file holds "
                    + found.recordName() + " records, expected " + expected.recordName());
        }
        int common = Math.min(found.schemaVersion(), expected.schemaVersion());
        OptionalLong written = found.fingerprintOf(common);
        OptionalLong known = expected.fingerprintOf(common);
        if (written.isEmpty() || known.isEmpty() || written.getAsLong() != known.getAsLong()) {
            String versions = found.recordName() + " records of schema version " + found.schemaVersion()
                    + " (fingerprint " + hex(found.fingerprint()) + "), the reader is version "
                    + expected.schemaVersion() + " (fingerprint " + hex(expected.fingerprint()) + ")";
            Optional<String> difference = written.isPresent() && known.isPresent()
                    ? SchemaDifferences.firstDifference(found, expected, common) : Optional.empty();
            String problem = written.isPresent() && known.isPresent()
                    ? "they disagree on version " + common + " (" + hex(written.getAsLong()) + " in the file, "
                            + hex(known.getAsLong()) + " in the reader): " + difference.orElse("the record was changed "
                            + "other than by adding fields with @since after those of earlier versions")
                    : (written.isEmpty() ? "the file does not record" : "the reader does not know")
                            + " the fingerprint of version " + common + ", which both must agree on";
            throw new IncompatibleBatchException(source, SECTION, -1, FINGERPRINT_AT, "the file holds " + versions
                    + "; " + problem + "; read the file with code generated from the schema that wrote it"
                    + (difference.isPresent() ? ""
                            : " (sdoc compat OLD.sdo NEW.sdo names the field that differs)"));
        }
        if (variableSize != expectVariableSize && !(convert && convertible(expected, expectVariableSize))) {
            throw new IncompatibleBatchException(source, SECTION, -1, RECORD_SIZE_AT, "the file holds "
                    + describeRecords() + (variableSize ? " (format version " + SECOND_VERSION + ")" : "") + ", expected "
                    + describeRecords(expectVariableSize, expected.recordSize()) + " of " + expected.recordName()
                    + (convertible(expected, expectVariableSize)
                            ? " (schema version " + found.schemaVersion() + " wrote them, the reader is version "
                                    + expected.schemaVersion() + "): records of the other kind cannot be used in "
                                    + "place; read the file (XBatch.readFrom, BatchFileReader), which converts each "
                                    + "record"
                            : ""));
        }
        if (!expected.sizeFits(found)) {
            int order = Integer.compare(found.schemaVersion(), expected.schemaVersion());
            String what = variableSize ? "fixed part " : "record size ";
            throw new IncompatibleBatchException(source, SECTION, -1, RECORD_SIZE_AT, order == 0
                    ? what + found.recordSize() + " bytes, expected " + expected.recordSize() + " bytes of "
                            + expected.recordName()
                    : what + found.recordSize() + " bytes of schema version " + found.schemaVersion() + ", "
                            + (order > 0 ? "fewer" : "more") + " than the " + expected.recordSize() + " bytes of "
                            + expected.recordName() + " version " + expected.schemaVersion() + ", though "
                            + (order > 0 ? "a newer version only adds fields" : "an older version has no more fields"));
        }
    }

}
