package dev.sdo.runtime.text;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The ids a record's read has met ({@link XmlIdentity#ID}) and the references to them ({@link XmlIdentity#IDREF}):
 * an id met twice is refused as it is met; the references of a record that is the whole document are checked when
 * its element ends, as a reference may come before the element whose id it names (an FpML trade's party references,
 * its parties after it). Open addressing over a power-of-two table of ids, with where each was; the references in
 * the order met.
 */
final class XmlIds {
    private String[] ids = new String[16];
    private long[] idPositions = new long[16];
    private int idCount;
    private String[] refs = new String[8];
    private long[] refPositions = new long[8];
    /**
     * Where each reference is, for its message: its record at the top, the field (or list) that holds it (null for
     * the record at the top) and its own field; the holder's whole path would be a string made for every reference,
     * where a message is rare.
     */
    private String[] refRoots = new String[8];
    private String[] refHolders = new String[8];
    private String[] refFields = new String[8];
    private int refCount;
    /** Values that references may name besides the ids: those of raw XML's attributes; null while none. */
    private Set<String> looseIds;

    /** Forgets the ids and references of the record read before. */
    void clear() {
        if (idCount > 0) {
            Arrays.fill(ids, null);
            idCount = 0;
        }
        Arrays.fill(refs, 0, refCount, null);
        Arrays.fill(refRoots, 0, refCount, null);
        Arrays.fill(refHolders, 0, refCount, null);
        Arrays.fill(refFields, 0, refCount, null);
        refCount = 0;
        looseIds = null;
    }

    /** Notes a value of raw XML that references may name, which may repeat ({@link XmlTreeReader#looseIds}). */
    void looseId(String value) {
        if (looseIds == null) {
            looseIds = new HashSet<>();
        }
        looseIds.add(value);
    }

    /** Notes id {@code id} of field {@code field} at {@code at}; refused when the record has it already. */
    void id(String id, long at, FieldPath path, String field, XmlTreeReader in) throws TextInputException {
        if (2 * (idCount + 1) > ids.length) {
            grow();
        }
        int mask = ids.length - 1;
        int slot = id.hashCode() & mask;
        for (String known; (known = ids[slot]) != null; slot = slot + 1 & mask) {
            if (known.equals(id)) {
                long first = idPositions[slot];
                throw in.error(at, path.field(field, -1) + ": the id \"" + id + "\" is already the id of the element"
                        + " at line " + XmlTreeReader.line(first) + ", column " + XmlTreeReader.column(first)
                        + "; the ids of a record are each other's to tell apart (xsd:ID)");
            }
        }
        ids[slot] = id;
        idPositions[slot] = at;
        idCount++;
    }

    /** Notes reference {@code ref} of field {@code field} at {@code at}, checked by {@link #check}. */
    void ref(String ref, long at, FieldPath path, String field) {
        if (refCount == refs.length) {
            int grown = 2 * refCount;
            refs = Arrays.copyOf(refs, grown);
            refPositions = Arrays.copyOf(refPositions, grown);
            refRoots = Arrays.copyOf(refRoots, grown);
            refHolders = Arrays.copyOf(refHolders, grown);
            refFields = Arrays.copyOf(refFields, grown);
        }
        refs[refCount] = ref;
        refPositions[refCount] = at;
        refRoots[refCount] = path.rootName();
        refHolders[refCount] = path.depth() == 0 ? null : path.lastName();
        refFields[refCount] = field;
        refCount++;
    }

    /** Refuses the first reference that is the id of no element of the record, at its line and column. */
    void check(XmlTreeReader in) throws TextInputException {
        for (int i = 0; i < refCount; i++) {
            if (!has(refs[i]) && (looseIds == null || !looseIds.contains(refs[i]))) {
                // The path's middle is not kept: "DataDocument...payerPartyReference.href".
                String at = refHolders[i] == null ? refRoots[i] : refRoots[i] + "..." + refHolders[i];
                throw in.error(refPositions[i], at + "." + refFields[i] + ": \"" + refs[i]
                        + "\" is the id of no element of the record (xsd:IDREF)");
            }
        }
    }

    private boolean has(String id) {
        int mask = ids.length - 1;
        for (int slot = id.hashCode() & mask; ids[slot] != null; slot = slot + 1 & mask) {
            if (ids[slot].equals(id)) {
                return true;
            }
        }
        return false;
    }

    private void grow() {
        String[] oldIds = ids;
        long[] oldPositions = idPositions;
        ids = new String[2 * oldIds.length];
        idPositions = new long[2 * oldIds.length];
        int mask = ids.length - 1;
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != null) {
                int slot = oldIds[i].hashCode() & mask;
                while (ids[slot] != null) {
                    slot = slot + 1 & mask;
                }
                ids[slot] = oldIds[i];
                idPositions[slot] = oldPositions[i];
            }
        }
    }
}
