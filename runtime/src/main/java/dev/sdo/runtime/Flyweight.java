package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * A view of one record that can be moved to another record without allocating: the cursor of a batch.
 *
 * <p>A generated {@code XSdo} implements this interface: its only state is the buffer and the base offset of the
 * record it shows, and {@link #moveTo} sets both. A batch hands the same instance out for every record it
 * visits ({@code RecordStore.forEach(cursor, action)}, {@code RecordStore.iterator(RecordReader.moving(cursor))}
 * in {@code dev.sdo.runtime.batch}), so an application that keeps a record beyond the visit must copy it (for
 * example with {@code toBean()} or {@code XSdo.wrap}). Not only batches move views: anything that holds records
 * back to back in a buffer can.
 */
public interface Flyweight {
    /**
     * Shows the record that starts at byte {@code offset} of {@code chunk}. The buffer's position, limit and byte
     * order are neither read nor changed; at least 8 bytes follow the record in the buffer.
     */
    void moveTo(ByteBuffer chunk, int offset);

    /**
     * Shows the record of {@code size} bytes that starts at byte {@code offset} of {@code chunk}: how a store of
     * variable-size records, which knows each record's size from its offsets index, moves a cursor. A record that
     * finds its own size ignores {@code size} (the default); code of an older version than the record's writer
     * cannot find it, and keeps it.
     */
    default void moveTo(ByteBuffer chunk, int offset, int size) {
        moveTo(chunk, offset);
    }
}
