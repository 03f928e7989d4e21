package dev.sdo.runtime;

import java.nio.ByteBuffer;
import java.util.HashMap;

/**
 * Which string fields of one document of compact records an encoder stores as references to an earlier equal one
 * (docs/record-format.md, section 8.6), so that every encoder makes the same bytes of the same values. One is made per
 * document: the compact record an encoder is asked to write and every compact record it holds, through fields, lists
 * and unions, but not through a record that is not compact, which starts documents of its own.
 *
 * <p>The encoder sizes the document first, each string field through {@link #dataBytes} in the order of the data
 * (declaration order, a nested record's fields where its data lies), then asks {@link #keep} whether the sharing
 * stands (the document, so sized, is at most {@link SharedStrings#MAX_DISTANCE} bytes; if not, it sizes the document
 * again, nothing shared), then writes it in the same order through {@link #write}. A string of
 * {@link SharedStrings#MIN_LENGTH} to {@link SharedStrings#MAX_LENGTH} UTF-8 bytes equal to an earlier one is then
 * written as a reference to the first.
 */
public final class StringSharing {
    /** The strings seen: while sizing, their lengths; while writing, also where the first one's bytes are. */
    private HashMap<String, Long> seen;
    private boolean sharing;
    private boolean writing;
    /** How many strings the sizing pass found to be references. */
    private int references;

    /** A new sharing for one document, sizing first. */
    public StringSharing() {
        this(true);
    }

    /** A new sharing for one document, sizing first; one that shares nothing when {@code sharing} is false. */
    public StringSharing(boolean sharing) {
        this.sharing = sharing;
    }

    /**
     * The bytes string field {@code field} takes with value {@code value}: {@link SharedStrings#REFERENCE_BYTES} when
     * an equal string came before it in the document, else its UTF-8 length.
     *
     * @throws IllegalArgumentException naming {@code field} when {@code value} is not well-formed Unicode
     */
    public int dataBytes(String field, String value) {
        int length = VariableData.utf8Length(field, value);
        if (!sharing || length < SharedStrings.MIN_LENGTH || length > SharedStrings.MAX_LENGTH) {
            return length;
        }
        if (seen == null) {
            seen = new HashMap<>();
        }
        if (seen.putIfAbsent(value, (long) length) == null) {
            return length;
        }
        references++;
        return SharedStrings.REFERENCE_BYTES;
    }

    /**
     * Whether the document, sized at {@code size} bytes with its strings shared, keeps them shared: when it has no
     * reference, or is at most {@link SharedStrings#MAX_DISTANCE} bytes. When it does not, nothing is shared and the
     * document must be sized again. Either way its strings are then written with {@link #write}.
     */
    public boolean keep(long size) {
        if (seen != null) {
            seen.clear();
        }
        if (references > 0 && size > SharedStrings.MAX_DISTANCE) {
            sharing = false;
            return false;
        }
        writing = references > 0;
        return true;
    }

    /**
     * Writes string field {@code field}'s value {@code value} at byte {@code at} of {@code buffer}, the document's
     * buffer: a reference when an equal string was written before it, else its UTF-8 bytes; returns the bytes written.
     *
     * @throws IllegalArgumentException naming {@code field} when {@code value} is not well-formed Unicode
     */
    public int write(String field, ByteBuffer buffer, int at, String value) {
        // A string of under 2 chars has at most 3 bytes, one of over MAX_LENGTH chars more than MAX_LENGTH.
        if (!writing || value.length() < 2 || value.length() > SharedStrings.MAX_LENGTH) {
            return VariableData.writeString(field, buffer, at, value);
        }
        if (seen == null) {
            seen = new HashMap<>();
        }
        Long first = seen.get(value);
        if (first != null) {
            int target = (int) (first >>> Integer.SIZE);
            return SharedStrings.writeReference(buffer, at, (int) (long) first, at - target);
        }
        int length = VariableData.writeString(field, buffer, at, value);
        if (length >= SharedStrings.MIN_LENGTH && length <= SharedStrings.MAX_LENGTH) {
            seen.put(value, (long) at << Integer.SIZE | length);
        }
        return length;
    }
}
