package dev.sdo.compiler.cli;

import dev.sdo.runtime.batch.RecordIdentity;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a batch file's header says it holds (docs/batch-file-format.md: record size at byte 16, schema version at
 * 24, name length at 28, fingerprint at 32, name at 56; little-endian), read without checking the header's CRC:
 * a hint to pick the schema's record, or what to recover when no schema is given. The reader and the recovery
 * check the whole header themselves. Bit 31 of the record size flags a file of variable-size records (format
 * version 2), whose other bits are the records' fixed part.
 */
final class BatchHeaderPeek {
    private static final int RECORD_SIZE_AT = 16;
    private static final int VARIABLE_SIZE_FLAG = 0x8000_0000;
    private static final int SCHEMA_VERSION_AT = 24;
    private static final int NAME_LENGTH_AT = 28;
    private static final int FINGERPRINT_AT = 32;
    private static final int NAME_AT = 56;

    private BatchHeaderPeek() {}

    /** The identity the header gives, or empty when it is too damaged to tell. */
    static Optional<RecordIdentity> of(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            ByteBuffer prefix = ByteBuffer.allocate(NAME_AT).order(ByteOrder.LITTLE_ENDIAN);
            if (channel.read(prefix, 0) < NAME_AT) {
                return Optional.empty();
            }
            int length = prefix.getInt(NAME_LENGTH_AT);
            if (length < 1 || length > RecordIdentity.MAX_NAME_BYTES) {
                return Optional.empty();
            }
            ByteBuffer name = ByteBuffer.allocate(length);
            if (channel.read(name, NAME_AT) < length) {
                return Optional.empty();
            }
            return Optional.of(new RecordIdentity(new String(name.array(), StandardCharsets.UTF_8),
                    prefix.getInt(SCHEMA_VERSION_AT), prefix.getLong(FINGERPRINT_AT), prefix.getInt(RECORD_SIZE_AT) & ~VARIABLE_SIZE_FLAG));
        } catch (IllegalArgumentException damaged) {
            // RecordIdentity refuses a size or version that no writer writes: the header is damaged.
            return Optional.empty();
        }
    }

    /** True if the header flags variable-size records; false for fixed-size ones or a header too short to tell. */
    static boolean holdsVariableSize(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            ByteBuffer size = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            return channel.read(size, RECORD_SIZE_AT) == Integer.BYTES && (size.getInt(0) & VARIABLE_SIZE_FLAG) != 0;
        }
    }
}
