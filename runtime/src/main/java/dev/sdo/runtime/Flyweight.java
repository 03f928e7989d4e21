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

    /**
     * The size in bytes of the record shown, as the record says it (a record with variable-length data: its last end
     * slot; a later version's record: the size it was moved to with), or -1 when the record does not say (records
     * of fixed size, the default). A store of variable-size records compares it with the size its offsets index
     * gives before it hands the cursor out, as {@code XSdo.wrap(buffer, offset, writer, size)} does, so that no
     * cursor reads the next record's bytes as this one's.
     */
    default int byteSize() {
        return -1;
    }

    /**
     * {@link #byteSize()}, after checking that the data of every variable-length field lies within the record (a
     * generated record: its end slots ascend from the writer's fixed part to the record's size), so that no getter
     * of the record shown reads bytes outside it, the next record's in a batch. What {@code XSdo.wrap} and a
     * store's cursors check before a record is read; the default, for records without such data, checks nothing.
     * Never negative for a record that says its size (a size of 2^31 or more is refused), so -1 still means that it
     * does not.
     *
     * @throws CorruptDataException naming the field whose data does not lie within the record
     */
    default int checkedByteSize() {
        return byteSize();
    }

    /**
     * Throws {@link CorruptDataException} when {@code record} (a cursor or view of record {@code index} of a store,
     * -1 when not known) says it takes other than the {@code size} bytes its container gives it, or the data of one
     * of its fields does not lie within it ({@link #checkedByteSize()}).
     */
    static void checkSize(Object record, int size, long index) {
        if (record instanceof Flyweight view) {
            String which = index >= 0 ? "record " + index + " (counted from 0)" : "a record";
            int own;
            try {
                own = view.checkedByteSize();
            } catch (CorruptDataException e) {
                throw new CorruptDataException(which + ": " + e.getMessage());
            }
            if (own >= 0 && own != size) {
                throw new CorruptDataException(which + " says it takes "
                        + Integer.toUnsignedString(own) + " bytes, but the offsets index gives it " + size
                        + ": its data would run into the next record");
            }
        }
    }
}
