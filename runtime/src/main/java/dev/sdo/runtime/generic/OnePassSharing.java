package dev.sdo.runtime.generic;

import dev.sdo.runtime.SharedStrings;
import dev.sdo.runtime.VariableData;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The shared strings (docs/record-format.md, section 8.6) of one document written in one pass
 * ({@link RecordEncoder#encodeOne}): the same strings as {@link dev.sdo.runtime.StringSharing} shares, but written
 * before the document's records have their final places, since a compact record written at a slot width too narrow
 * or too wide is laid out again, its data moved. So each string field of 4 to 67 bytes is kept as an event (where its
 * bytes or its reference are, and for a reference which event it refers to), every move of a record's data moves the
 * events within it ({@link #moved}), and the references' distances are written once the document is done
 * ({@link #finish}). A reference's size is 3 bytes wherever it lands, so no size waits for a distance.
 */
final class OnePassSharing {
    /**
     * For each string written in full so far, the event of its bytes: an open-addressing table of the strings
     * ({@link #keys}, null for a free place) and their events, so that a document allocates nothing here once the
     * thread's sharing has grown to its size (one is reused per thread, {@link EncodeScratch#takeSharing}).
     */
    private String[] keys = new String[64];
    private int[] firstEvent = new int[64];
    /** The strings in {@link #keys}. */
    private int keyCount;
    /** Whether strings are shared: not in a document too large for a reference's distance, written again without. */
    private boolean sharing;
    /** Where each event's bytes (a string's or a reference's) are in the scratch buffer. */
    private int[] at = new int[32];
    /** For a reference, the event it refers to; -1 for a string written in full. */
    private int[] target = new int[32];
    /** The UTF-8 length of each event's string. */
    private int[] length = new int[32];
    /** For a string written in full, its value: what {@link #discard} forgets. */
    private String[] value = new String[32];
    /** The number of events. */
    private int count;
    /** Whether any event is a reference. */
    private boolean references;

    OnePassSharing(boolean sharing) {
        this.sharing = sharing;
    }

    /** The most strings a reused sharing keeps room for between documents. */
    private static final int KEPT_STRINGS = 1 << 12;

    /** Whether this sharing grew past what a thread keeps between documents ({@link #KEPT_STRINGS}). */
    boolean large() {
        return keys.length > 2 * KEPT_STRINGS || at.length > KEPT_STRINGS;
    }

    /** Empties this sharing for a new document, sharing or not. */
    void reset(boolean sharing) {
        if (keyCount > 0) {
            Arrays.fill(keys, null);
            keyCount = 0;
        }
        Arrays.fill(value, 0, count, null);
        count = 0;
        references = false;
        this.sharing = sharing;
    }

    /** The event of the string equal to {@code string} written in full, or -1. */
    private int find(String string) {
        int mask = keys.length - 1;
        for (int i = string.hashCode() & mask; ; i = i + 1 & mask) {
            String key = keys[i];
            if (key == null) {
                return -1;
            } else if (key.equals(string)) {
                return firstEvent[i];
            }
        }
    }

    /** Notes that {@code string}, not in the table, was written in full as event {@code event}. */
    private void put(String string, int event) {
        if (2 * (keyCount + 1) > keys.length) {
            String[] oldKeys = keys;
            int[] oldEvents = firstEvent;
            keys = new String[2 * oldKeys.length];
            firstEvent = new int[2 * oldKeys.length];
            keyCount = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    put(oldKeys[i], oldEvents[i]);
                }
            }
        }
        int mask = keys.length - 1;
        int i = string.hashCode() & mask;
        while (keys[i] != null) {
            i = i + 1 & mask;
        }
        keys[i] = string;
        firstEvent[i] = event;
        keyCount++;
    }

    /** Removes {@code string} from the table: its event was discarded. */
    private void remove(String string) {
        // Rebuilt without it: a record written again is rare, and open addressing cannot just clear a place.
        String[] oldKeys = keys;
        int[] oldEvents = firstEvent;
        keys = new String[oldKeys.length];
        firstEvent = new int[oldKeys.length];
        keyCount = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null && !oldKeys[i].equals(string)) {
                put(oldKeys[i], oldEvents[i]);
            }
        }
    }

    /**
     * Writes string field {@code label}'s {@code string} at byte {@code index} of the scratch {@code buffer}: its
     * UTF-8 bytes, or a reference (its distance written by {@link #finish}) when an equal string of 4 to 67 bytes
     * came before it in the document; returns the bytes written.
     */
    int write(String label, ByteBuffer buffer, int index, String string) {
        // A string of under 2 chars has at most 3 bytes, one of over MAX_LENGTH chars more than MAX_LENGTH.
        if (!sharing || string.length() < 2 || string.length() > SharedStrings.MAX_LENGTH) {
            return VariableData.writeString(label, buffer, index, string);
        }
        int earlier = find(string);
        if (earlier >= 0) {
            int bytes = length[earlier];
            add(index, earlier, bytes, null);
            references = true;
            return SharedStrings.writeReference(buffer, index, bytes, 0);
        }
        int bytes = VariableData.writeString(label, buffer, index, string);
        if (bytes >= SharedStrings.MIN_LENGTH && bytes <= SharedStrings.MAX_LENGTH) {
            put(string, count);
            add(index, -1, bytes, string);
        }
        return bytes;
    }

    private void add(int index, int refersTo, int bytes, String string) {
        if (count == at.length) {
            int grown = 2 * count;
            at = Arrays.copyOf(at, grown);
            target = Arrays.copyOf(target, grown);
            length = Arrays.copyOf(length, grown);
            value = Arrays.copyOf(value, grown);
        }
        at[count] = index;
        target[count] = refersTo;
        length[count] = bytes;
        value[count] = string;
        count++;
    }

    /** The number of events so far: where the events of a record about to be written start. */
    int mark() {
        return count;
    }

    /** Forgets the events from {@code mark} on: a record written again. */
    void discard(int mark) {
        for (int i = count - 1; i >= mark; i--) {
            if (target[i] < 0) {
                remove(value[i]);
            }
            value[i] = null;
        }
        count = mark;
    }

    /**
     * The data at bytes {@code from .. to - 1} of the scratch buffer moved by {@code by} bytes: the events from
     * {@code event} on that lie there move with it. Events lie in the order of their bytes; returns the first event
     * at or after {@code to}, where the next range's events start.
     */
    int moved(int event, int from, int to, int by) {
        int e = event;
        while (e < count && at[e] < from) {
            e++;
        }
        for (; e < count && at[e] < to; e++) {
            at[e] += by;
        }
        return e;
    }

    /**
     * Writes the distance of every reference of the document of {@code size} bytes, done in the scratch
     * {@code buffer}; false, writing nothing, when it has references and is too large for them (over
     * {@link SharedStrings#MAX_DISTANCE} bytes): the document is then written again without sharing.
     */
    boolean finish(ByteBuffer buffer, int size) {
        if (!references) {
            return true;
        }
        if (size > SharedStrings.MAX_DISTANCE) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (target[i] >= 0) {
                SharedStrings.writeReference(buffer, at[i], length[i], at[i] - at[target[i]]);
            }
        }
        return true;
    }
}
