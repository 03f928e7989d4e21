package dev.sdo.runtime;

import java.nio.ByteBuffer;

/**
 * What the generated code of every union shares (docs/record-format.md, section 5): telling which alternative a
 * value holds, and checking a stored tag.
 */
public final class UnionValues {
    private UnionValues() {}

    /**
     * The index of the one alternative of {@code values} that is not null, or -1 when all are null.
     *
     * @param field the union field as error messages name it ({@code Trade.product})
     * @param union the union's name
     * @param names the alternatives' names, in tag order
     * @param values each alternative's value as the union value's getters return it
     * @throws IllegalArgumentException naming the union and both alternatives when two are set
     */
    public static int present(String field, String union, String[] names, Object... values) {
        int present = -1;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                if (present >= 0) {
                    throw new IllegalArgumentException(field + ": union " + union + " holds at most one alternative,"
                            + " but both " + names[present] + " and " + names[i] + " are set");
                }
                present = i;
            }
        }
        return present;
    }

    /**
     * Reads a union's tag and checks it: 0 (none) only where the union is optional, otherwise the tag of one of its
     * {@code alternatives}.
     *
     * @return the tag: 0 for none, i for alternative i - 1
     * @throws CorruptDataException naming the field, the union and the stored tag
     */
    public static int tag(String field, String union, ByteBuffer buffer, int base, long bitOffset, int tagBits,
            int alternatives, boolean required) {
        int tag = (int) BitFields.read(buffer, base, bitOffset, tagBits);
        if (tag > alternatives) {
            throw new CorruptDataException(field + ": stored tag " + tag + " names no alternative of union " + union
                    + ", which has " + alternatives + " (data of a later version that added alternatives, or damage)");
        }
        if (tag == 0 && required) {
            throw new CorruptDataException(field + ": stored tag 0 (no alternative) in a required union " + union);
        }
        return tag;
    }

    /**
     * Checks that a fixed-width value's data, bytes {@code start .. end - 1} after {@code base}, lies within the
     * buffer and has exactly {@code bytes} bytes, and returns where it starts in the buffer.
     *
     * @throws CorruptDataException naming the field when it does not
     */
    public static int fixed(String field, ByteBuffer buffer, int base, int start, int end, int bytes) {
        int length = VariableData.length(field, buffer, base, start, end);
        if (length != bytes) {
            throw new CorruptDataException(field + ": holds " + length + " bytes where its value takes " + bytes);
        }
        return base + start;
    }
}
