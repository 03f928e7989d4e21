package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;

/**
 * A view of one record that can be moved to another record without allocating: the cursor of a batch.
 *
 * <p>A generated {@code XSdo} implements this interface: its only state is the buffer and the base offset of the
 * record it shows, and {@link #moveTo} sets both. A batch hands the same instance out for every record it
 * visits ({@link RecordStore#forEach(Flyweight, java.util.function.Consumer)},
 * {@link RecordStore#iterator(RecordReader)} with {@link #reader(Flyweight)}), so an application that keeps a
 * record beyond the visit must copy it (for example with {@code toBean()} or {@code XSdo.wrap}).
 */
public interface Flyweight {
    /**
     * Shows the record that starts at byte {@code offset} of {@code chunk}. The buffer's position, limit and byte
     * order are neither read nor changed; at least 8 bytes follow the record in the buffer.
     */
    void moveTo(ByteBuffer chunk, int offset);

    /** A reader that moves {@code cursor} to the record asked for and returns it: no allocation per record. */
    static <C extends Flyweight> RecordReader<C> reader(C cursor) {
        return (chunk, offset) -> {
            cursor.moveTo(chunk, offset);
            return cursor;
        };
    }
}
