package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.HEADER_FIXED_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.MAGIC;
import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.VERSION;
import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * The file header: magic, format version, header length, record size, records per block, schema version, record
 * name, fingerprint, sync marker, and a CRC32C of all of it. A file of variable-size records (format version 2)
 * has the same header with {@link BatchFormat#VARIABLE_SIZE_FLAG} set in its record size field, whose other bits
 * are then the size of the records' fixed part, the least a record takes.
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

    static FileHeader of(RecordIdentity identity, int recordsPerBlock, byte[] syncMarker, boolean variableSize) {
        int nameBytes = identity.recordName().getBytes(StandardCharsets.UTF_8).length;
        return new FileHeader(identity, recordsPerBlock, syncMarker.clone(),
                BatchFormat.align8(HEADER_FIXED_BYTES + nameBytes + Integer.BYTES), variableSize);
    }

    /** The format version of this header's file: 2 for variable-size records, else 1. */
    int version() {
        return variableSize ? BatchFormat.VARIABLE_VERSION : VERSION;
    }

    /** The record size field as stored: the record size, with the variable-size flag when it applies. */
    int recordSizeField() {
        return variableSize ? identity.recordSize() | BatchFormat.VARIABLE_SIZE_FLAG : identity.recordSize();
    }

    /** What records of this file are called in messages. */
    String describeRecords() {
        return variableSize ? "variable-size records of at least " + identity.recordSize() + " bytes"
                : identity.recordSize() + "-byte records";
    }

    ByteBuffer encode() {
        byte[] name = identity.recordName().getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = BatchFormat.littleEndian(length);
        buffer.put(0, MAGIC)
                .putInt(VERSION_AT, version())
                .putInt(LENGTH_AT, length)
                .putInt(RECORD_SIZE_AT, recordSizeField())
                .putInt(RECORDS_PER_BLOCK_AT, recordsPerBlock)
                .putInt(SCHEMA_VERSION_AT, identity.schemaVersion())
                .putInt(NAME_LENGTH_AT, name.length)
                .putLong(FINGERPRINT_AT, identity.fingerprint())
                .put(SYNC_AT, syncMarker)
                .put(HEADER_FIXED_BYTES, name);
        buffer.putInt(length - Integer.BYTES, BatchFormat.crc32c(buffer, 0, length - Integer.BYTES));
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
        if (version != VERSION && version != BatchFormat.VARIABLE_VERSION) {
            throw new UnsupportedBatchVersionException(source, SECTION, -1, VERSION_AT, "format version "
                    + Integer.toUnsignedString(version) + "; this runtime reads format versions " + VERSION
                    + " and " + BatchFormat.VARIABLE_VERSION);
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
        return decodeChecked(header, source);
    }

    /** The fields of a header whose CRC matched; a writer bug rather than damage if these checks fail. */
    private static FileHeader decodeChecked(ByteBuffer header, String source) throws CorruptBatchException {
        int length = header.capacity();
        int sizeField = header.getInt(RECORD_SIZE_AT);
        boolean variableSize = (sizeField & BatchFormat.VARIABLE_SIZE_FLAG) != 0;
        if (variableSize != (header.getInt(VERSION_AT) == BatchFormat.VARIABLE_VERSION)) {
            throw new CorruptBatchException(source, SECTION, -1, RECORD_SIZE_AT, "format version "
                    + header.getInt(VERSION_AT) + (variableSize ? " with" : " without")
                    + " the variable-size flag in the record size field: version " + BatchFormat.VARIABLE_VERSION
                    + " files, and only they, hold variable-size records");
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
        RecordIdentity identity = new RecordIdentity(name, schemaVersion, header.getLong(FINGERPRINT_AT), recordSize);
        return new FileHeader(identity, recordsPerBlock, BatchFormat.bytes(header, SYNC_AT, SYNC_BYTES), length,
                variableSize);
    }

    /**
     * Rejects a file whose records are not the {@code expected} ones, of variable size if
     * {@code expectVariableSize}, else of fixed size.
     */
    void checkMatches(RecordIdentity expected, boolean expectVariableSize, String source)
            throws IncompatibleBatchException {
        RecordIdentity found = identity;
        if (!found.recordName().equals(expected.recordName())) {
            throw new IncompatibleBatchException(source, SECTION, -1, HEADER_FIXED_BYTES, "the file holds "
                    + found.recordName() + " records, expected " + expected.recordName());
        }
        if (found.fingerprint() != expected.fingerprint()) {
            throw new IncompatibleBatchException(source, SECTION, -1, FINGERPRINT_AT, "schema fingerprint "
                    + hex(found.fingerprint()) + " (" + found.recordName() + " schema version "
                    + found.schemaVersion() + "), expected " + hex(expected.fingerprint()) + " (schema version "
                    + expected.schemaVersion() + "): the record was changed incompatibly between the schema that "
                    + "wrote the file and the one reading it");
        }
        if (found.recordSize() != expected.recordSize() || variableSize != expectVariableSize) {
            String wanted = expectVariableSize ? "variable-size records of at least " + expected.recordSize()
                    + " bytes" : expected.recordSize() + "-byte records";
            throw new IncompatibleBatchException(source, SECTION, -1, RECORD_SIZE_AT, "the file holds "
                    + describeRecords() + " (format version " + version() + "), expected " + wanted + " of "
                    + expected.recordName());
        }
    }
}
