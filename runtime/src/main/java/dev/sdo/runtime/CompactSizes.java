package dev.sdo.runtime;

import java.util.Arrays;

/**
 * The sizes of the compact records of one value being encoded by generated code (docs/record-format.md, section 8),
 * so that each is sized once: the sizing pass logs each compact record's size and slot count in pre-order (a
 * record's entry before those of the compact records it holds), and the writing pass, which visits them in the same
 * order, reads them back instead of sizing each subtree again at every level of nesting.
 *
 * <p>It also holds which strings each document shares (docs/record-format.md, section 8.6): a compact record sized
 * while no other is being sized starts a document, whose string fields its sizing pass decides through
 * {@link #sharing()} and whose writing pass, reaching that record's entry, writes through the same. A log may hold
 * several documents one after the other (a union's or a list's compact records held by a record that is not compact,
 * each a document of its own).
 *
 * <p>For generated code. One per thread, reused: {@link #take} it, and close it (try-with-resources) once the value is
 * written or refused. A thread that takes one while its own is taken (a getter of the value being encoded that
 * encodes another record itself) gets a new one, so that the log being read is not overwritten.
 */
public final class CompactSizes implements AutoCloseable {
    private static final int INITIAL_ENTRIES = 64;
    /** The most entries a thread's log keeps between values. */
    private static final int KEPT_ENTRIES = 1 << 16;
    private static final ThreadLocal<CompactSizes> LOG = ThreadLocal.withInitial(CompactSizes::new);

    /** Two ints per compact record: its size, then its slot count (as {@code CompactSlots.widthFor} takes it). */
    private int[] entries = new int[2 * INITIAL_ENTRIES];
    /** The ints logged. */
    private int length;
    /** The next int the writing pass reads. */
    private int cursor;
    /** Whether an encode holds this log: taken and not given back. */
    private boolean taken;
    /** How many compact records are being sized: 0 between documents. */
    private int depth;
    /** The documents logged, in order: their sharing. */
    private StringSharing[] documents = new StringSharing[4];
    /** The documents logged. */
    private int documentCount;
    /** The next document the writing pass reads. */
    private int documentCursor;
    /** The sharing of the document being sized or written. */
    private StringSharing sharing;
    /** Whether the next document is sized without sharing: the same document was too large with it. */
    private boolean unshared;

    private CompactSizes() {}

    /** The thread's log, or a new one while the thread's is taken; empty. */
    public static CompactSizes take() {
        CompactSizes sizes = LOG.get();
        if (sizes.taken) {
            sizes = new CompactSizes();
        }
        sizes.taken = true;
        sizes.length = 0;
        sizes.cursor = 0;
        sizes.depth = 0;
        sizes.documentCount = 0;
        sizes.documentCursor = 0;
        sizes.sharing = null;
        sizes.unshared = false;
        return sizes;
    }

    /** Ends a {@link #take}: lets a log grown past {@link #KEPT_ENTRIES} go, and the thread take this one again. */
    @Override
    public void close() {
        if (entries.length > 2 * KEPT_ENTRIES) {
            entries = new int[2 * INITIAL_ENTRIES];
        }
        Arrays.fill(documents, 0, documentCount, null);
        sharing = null;
        taken = false;
    }

    /**
     * Starts the entry of a compact record being sized, before those of the compact records it holds; returns it for
     * {@link #set}.
     */
    public int start() {
        if (length == entries.length) {
            entries = Arrays.copyOf(entries, 2 * entries.length);
        }
        int entry = length;
        length += 2;
        if (depth++ == 0) {
            // The top of a document: its strings shared from here.
            if (documentCount == documents.length) {
                documents = Arrays.copyOf(documents, 2 * documentCount);
            }
            sharing = new StringSharing(!unshared);
            unshared = false;
            documents[documentCount++] = sharing;
            entries[entry + 1] = TOP;
        } else {
            entries[entry + 1] = 0;
        }
        return entry;
    }

    /** The flag of a document's top entry, in its slot count's high bit. */
    private static final int TOP = Integer.MIN_VALUE;

    /** Logs the {@code size} and {@code slots} of the record whose entry {@link #start} gave; returns the size. */
    public int set(int entry, int size, int slots) {
        entries[entry] = size;
        entries[entry + 1] |= slots;
        depth--;
        return size;
    }

    /**
     * Whether the record of entry {@code entry}, sized at {@code size} bytes, is logged for good: false when it is the
     * top of a document that shares strings and is too large for their references (docs/record-format.md, section
     * 8.6), whose entries are then dropped for the caller to size it again, sharing nothing.
     */
    public boolean kept(int entry, int size) {
        if ((entries[entry + 1] & TOP) == 0 || sharing.keep(size)) {
            return true;
        }
        length = entry;
        documentCount--;
        unshared = true;
        return false;
    }

    /** For generated code: which strings the document being sized or written shares. */
    public StringSharing sharing() {
        return sharing;
    }

    /**
     * The size logged for the next compact record the writing pass writes, {@code record}, which has {@code slots}
     * slots (counted again as its slot bits are written).
     *
     * @throws IllegalStateException naming {@code record} when the log has no entry left or its entry has another
     *     slot count: the two passes visited different records (a value changed between them), and the size would
     *     be another record's
     */
    public int next(String record, int slots) {
        if (cursor == length) {
            throw new IllegalStateException(record + ": no size logged for it; the value changed while it was encoded"
                    + " or its sizing and writing passes visit different records");
        }
        int size = entries[cursor];
        int logged = entries[cursor + 1];
        if ((logged & ~TOP) != slots) {
            throw new IllegalStateException(record + ": " + slots + " slots written where its sizing pass logged "
                    + (logged & ~TOP) + "; the value changed while it was encoded or its sizing and writing passes"
                    + " visit different records");
        }
        if ((logged & TOP) != 0) {
            sharing = documents[documentCursor++];
        }
        cursor += 2;
        return size;
    }

    /**
     * Checks that the writing pass of {@code record}, the value encoded, read every size its sizing pass logged.
     *
     * @throws IllegalStateException naming {@code record} otherwise
     */
    public void finish(String record) {
        if (cursor != length) {
            throw new IllegalStateException(record + ": " + (length - cursor) / 2 + " of the " + length / 2
                    + " compact record sizes logged left unread; the value changed while it was encoded or its sizing"
                    + " and writing passes visit different records");
        }
    }
}
