package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.nio.ByteBuffer;

/**
 * Makes the object that stands for the record at byte {@code offset} of {@code chunk}: for a generated record
 * {@code X} this is {@code XSdo::wrap}, or a {@link Flyweight} moved there.
 *
 * @param <T> the record's Java type
 */
@FunctionalInterface
public interface RecordReader<T> {
    /** The record at {@code offset} of {@code chunk}. */
    T read(ByteBuffer chunk, int offset);

    /**
     * The record of {@code size} bytes at {@code offset} of {@code chunk}: what a store of variable-size records
     * calls, since it knows each record's size. By default the size is not needed (a record finds its own).
     */
    default T read(ByteBuffer chunk, int offset, int size) {
        return read(chunk, offset);
    }

    /** A reader that moves {@code cursor} to the record asked for and returns it: no allocation per record. */
    static <C extends Flyweight> RecordReader<C> moving(C cursor) {
        return new RecordReader<>() {
            @Override
            public C read(ByteBuffer chunk, int offset) {
                cursor.moveTo(chunk, offset);
                return cursor;
            }

            @Override
            public C read(ByteBuffer chunk, int offset, int size) {
                cursor.moveTo(chunk, offset, size);
                return cursor;
            }
        };
    }

    /**
     * A reader for a store of variable-size records that needs each record's size: {@code reader}, given it by
     * {@link VariableRecordStore}; a store of fixed-size records, which passes no size, is refused.
     */
    static <T> RecordReader<T> sized(SizedRecordReader<T> reader) {
        return new RecordReader<>() {
            @Override
            public T read(ByteBuffer chunk, int offset) {
                throw new UnsupportedOperationException("this reader needs the record's size, which only a store of"
                        + " variable-size records gives");
            }

            @Override
            public T read(ByteBuffer chunk, int offset, int size) {
                return reader.read(chunk, offset, size);
            }
        };
    }

    /** Makes the object that stands for the record of {@code size} bytes at {@code offset} of {@code chunk}. */
    @FunctionalInterface
    interface SizedRecordReader<T> {
        /** The record of {@code size} bytes at {@code offset} of {@code chunk}. */
        T read(ByteBuffer chunk, int offset, int size);
    }
}
