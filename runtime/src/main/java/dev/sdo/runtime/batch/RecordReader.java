package dev.sdo.runtime.batch;

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
}
