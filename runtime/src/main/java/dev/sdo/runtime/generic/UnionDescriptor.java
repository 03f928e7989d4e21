package dev.sdo.runtime.generic;

import java.util.List;

/**
 * A described union (docs/record-format.md, section 5): a tag of {@code tagBits} bits (0 for none, i for the i-th
 * alternative), an inline place of {@code inlineBits}, and a 32-bit end slot when {@code hasSlot}.
 *
 * @param fromAbstract whether the union stands for an abstract record's concrete extensions
 */
public record UnionDescriptor(String name, boolean fromAbstract, int tagBits, long inlineBits, boolean hasSlot,
        List<Alternative> alternatives) {

    public UnionDescriptor {
        alternatives = List.copyOf(alternatives);
    }

    /**
     * One alternative: its name, whether it is stored in the inline place, its width there, its type, and the schema
     * version that added it ({@code @since}; 1 in a version-1 descriptor, which does not say).
     */
    public record Alternative(String name, boolean inline, long width, FieldType type, int since) {
        /** An alternative of the union's first version. */
        public Alternative(String name, boolean inline, long width, FieldType type) {
            this(name, inline, width, type, 1);
        }
    }

    /** The union's bits wherever it is stored: tag, inline place, and the slot if any. */
    public long totalBits() {
        return tagBits + inlineBits + (hasSlot ? 32 : 0);
    }
}
