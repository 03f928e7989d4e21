package dev.sdo.runtime.generic;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Where a {@link GenericWriter} encodes a record in one pass (each compact record written once, at the slot width
 * its encoder guesses, and laid out again at the right one only when the guess was wrong) before it copies the
 * record where it goes: a growing heap buffer, and a stack of the end offsets of the compact records being written
 * (their slots written at a width too narrow may have lost their high bytes).
 *
 * <p>One per thread, reused: {@link #take} it, and close it (try-with-resources) once the record is copied out or
 * refused.
 * A thread that takes one while its own is taken (a value whose {@code List} or {@code toString} encodes another
 * record with a {@code GenericWriter}) gets a new one, so that the record being written is not overwritten.
 */
final class EncodeScratch implements AutoCloseable {
    /** The most bytes a record is encoded into here; a larger one is encoded by sizing it first. */
    static final int MAX_BYTES = 1 << 26;
    private static final int INITIAL_BYTES = 1 << 15;
    /** The most bytes a thread's buffer keeps between records. */
    private static final int KEPT_BYTES = 1 << 20;
    private static final ThreadLocal<EncodeScratch> SCRATCH = ThreadLocal.withInitial(EncodeScratch::new);

    ByteBuffer buffer = ByteBuffer.allocate(INITIAL_BYTES);
    /** The end offsets of the data of the fields with an end slot, of the compact records being written. */
    int[] ends = new int[256];
    /** The first free entry of {@link #ends}. */
    int top;
    /**
     * The shared strings of the document of compact records being written (docs/record-format.md, section 8.6); null
     * outside one (a record that is not compact, whose compact records are documents of their own).
     */
    OnePassSharing sharing;
    /** The sharing this scratch lends its documents, reused; null while lent. */
    private OnePassSharing spareSharing = new OnePassSharing(true);
    /** Whether a write holds this scratch: taken and not given back. */
    private boolean taken;

    /** The thread's scratch, or a new one while the thread's is taken; empty. */
    static EncodeScratch take() {
        EncodeScratch scratch = SCRATCH.get();
        if (scratch.taken) {
            scratch = new EncodeScratch();
        }
        scratch.taken = true;
        scratch.top = 0;
        scratch.sharing = null;
        return scratch;
    }

    /**
     * Ends a {@link #take}: lets a buffer grown past {@link #KEPT_BYTES} go (and a sharing grown as large), and the
     * thread take this one again.
     */
    @Override
    public void close() {
        if (buffer.capacity() > KEPT_BYTES) {
            buffer = ByteBuffer.allocate(INITIAL_BYTES);
        }
        if (spareSharing != null && spareSharing.large()) {
            spareSharing = new OnePassSharing(true);
        }
        taken = false;
    }

    /**
     * An empty sharing for a document about to be written (docs/record-format.md, section 8.6): the scratch's own when
     * it is not lent to a document being written already (a compact record in a record that is not compact, in a
     * compact document), else a new one.
     */
    OnePassSharing takeSharing(boolean shares) {
        OnePassSharing taken = spareSharing;
        if (taken == null) {
            return new OnePassSharing(shares);
        }
        spareSharing = null;
        taken.reset(shares);
        return taken;
    }

    /** Gives back a sharing {@link #takeSharing} lent, for the next document. */
    void giveBack(OnePassSharing lent) {
        spareSharing = lent;
    }

    /** Entries {@code from .. from + count - 1} of {@link #ends}, made room for. */
    void reserveEnds(int from, int count) {
        if (from + count > ends.length) {
            ends = Arrays.copyOf(ends, Math.max(2 * ends.length, from + count));
        }
    }

    /** Whether the buffer could grow (it doubles); false when it holds {@link #MAX_BYTES} already. */
    boolean grow() {
        if (buffer.capacity() >= MAX_BYTES) {
            return false;
        }
        buffer = ByteBuffer.allocate(Math.min(MAX_BYTES, 2 * buffer.capacity()));
        return true;
    }

    /** Copies {@code length} bytes at {@code from} to {@code to} of the buffer (the two ranges may overlap). */
    void move(int from, int to, int length) {
        System.arraycopy(buffer.array(), from, buffer.array(), to, length);
    }
}
