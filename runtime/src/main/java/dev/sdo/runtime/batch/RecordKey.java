package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/**
 * A {@code long} sort key of the record at byte {@code offset} of {@code chunk}, read in place (for a generated
 * record, typically a raw field read such as an unscaled decimal or an epoch day). Keys compare as signed longs.
 */
@FunctionalInterface
public interface RecordKey {
    /** The key of the record at {@code offset} of {@code chunk}. */
    long key(ByteBuffer chunk, int offset);

    /**
     * The key of the record of {@code size} bytes at {@code offset} of {@code chunk}: what a store of variable-size
     * records calls, since it knows each record's size. By default the size is not needed.
     */
    default long key(ByteBuffer chunk, int offset, int size) {
        return key(chunk, offset);
    }
}
