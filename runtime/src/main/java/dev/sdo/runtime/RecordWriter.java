package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * Where a generated writer ({@code XWriter}, docs/generated-writer.md) puts a record's bits, whatever the record: a
 * new record's into the words it holds of it ({@link RecordWords}), stored to the buffer at once by {@link #store};
 * an existing record's (a record changed in place, or a new one once stored) straight into the buffer, each
 * change visible as it is made. The generated writer keeps what is its record's own: the setters with their checks
 * and constants, and which required fields it has set. {@link FixedRecordWriter} and {@link DataRecordWriter}
 * add how a record is finished and appended to a batch.
 *
 * <p>Why held in words: field by field, a record's fields are read-modify-writes of overlapping 8-byte windows of
 * the buffer, each load waiting for the store before it to reach the cache; bits set in whole, aligned words load
 * what the previous setter stored, or stay in registers once the JIT inlines the setters, and {@link #store}
 * writes the record with plain stores, reading nothing. The methods the setters call are small and final, so that
 * the JIT inlines them into each setter.
 */
public abstract class RecordWriter {
    /** The buffer that holds the record. */
    protected ByteBuffer buffer;
    /** The record's first byte in {@link #buffer}. */
    protected int base;
    /** The bits of a new record, set here and stored by {@link #store}; made for the first new record. */
    private long[] words;
    /** Whether the setters write {@link #words}, not yet the buffer. */
    private boolean held;

    /** A writer on no record yet. */
    protected RecordWriter() {}

    /**
     * The bytes of the record's fixed part, its {@code XSdo.BYTES}: a constant the generated writer returns, not a
     * field, so that where the JIT inlines {@link #hold} and {@link #store} into code on a writer of known class
     * (every generated writer is final) the record's size and its number of words are constants, and the loops
     * over its words unroll into plain stores. Read from a field, they were loops and branches over a size the JIT
     * did not know, 8 ns of the 45 that {@code WriterBenchmark} took to write a trade.
     */
    protected abstract int fixedBytes();

    /**
     * Checks that a new record's fixed part may be written at byte {@code offset} of {@code buffer}.
     *
     * @throws IndexOutOfBoundsException if the fixed part's bytes do not lie within the buffer's limit
     * @throws ReadOnlyBufferException if the buffer is read-only
     */
    protected final void checkWritable(ByteBuffer buffer, int offset) {
        Objects.checkFromIndexSize(offset, fixedBytes(), buffer.limit());
        if (buffer.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
    }

    /**
     * Puts the writer on a new record at byte {@code offset} of {@code buffer}, its bits held in the writer, all 0,
     * until {@link #store}.
     */
    protected final void hold(ByteBuffer buffer, int offset) {
        int count = RecordWords.wordsFor(fixedBytes());
        if (words == null) {
            words = new long[count];
        } else {
            RecordWords.zero(words, count);
        }
        held = true;
        this.buffer = buffer;
        this.base = offset;
    }

    /**
     * Puts the writer on the existing record at byte {@code offset} of {@code buffer}: each setter rewrites its
     * field's bits in the buffer.
     *
     * @throws IndexOutOfBoundsException if the fixed part's bytes do not lie within the buffer's limit
     */
    protected final void place(ByteBuffer buffer, int offset) {
        Objects.checkFromIndexSize(offset, fixedBytes(), buffer.limit());
        held = false;
        this.buffer = buffer;
        this.base = offset;
    }

    /** Writes the low {@code width} bits (1..64) of {@code bits} at bit {@code offset} of the record. */
    protected final void putBits(long offset, int width, long bits) {
        if (held) {
            RecordWords.set(words, offset, width, bits);
        } else {
            BitFields.write(buffer, base, offset, width, bits);
        }
    }

    /** Writes one bit of the record: {@code 1} for true. */
    protected final void putBit(long offset, boolean bit) {
        putBits(offset, 1, bit ? 1 : 0);
    }

    /** Sets {@code bits} bits of the record (any number) from bit {@code offset} to 0. */
    protected final void putZeros(long offset, long bits) {
        if (held) {
            RecordWords.clear(words, offset, bits);
        } else {
            BitFields.clear(buffer, base, offset, bits);
        }
    }

    /**
     * Stores the words held of a new record to its fixed part, all of them at once; the setters write the buffer
     * from then on. Setters whose values are written by code that writes the buffer itself (a nested record, a
     * {@code char} wider than 64 bits, a union) call it first, so that the words land before them.
     */
    protected final void store() {
        if (held) {
            RecordWords.store(words, buffer, base, fixedBytes());
            held = false;
        }
    }

    /**
     * The required fields not set yet, as {@code done()} names them ({@code "Trade.id, Trade.amount1"}), or null
     * when every one is set: none, unless the generated writer's record has required fields, whose writer keeps
     * which it has set.
     */
    protected String missingRequired() {
        return null;
    }
}
