package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.util.ArrayList;
import java.util.List;

/**
 * The bits of a union (docs/record-format.md, section 5), wherever it is stored: a tag of ceil(log2(k + 1)) bits
 * (0: none, i: alternative i), then the inline place its small fixed-width alternatives share (as many bits as the
 * widest of them), then, when it has alternatives that are not small and fixed-width, one 32-bit end slot that
 * locates the present one's data in the variable part. Offsets are relative to the union's first bit.
 *
 * @param inlineBits the bits the inline alternatives share (0 when there are none)
 * @param hasSlot whether some alternative lives in the variable part behind the slot
 */
public record UnionLayout(UnionType union, int tagBits, long inlineBits, boolean hasSlot,
        List<AlternativeLayout> alternatives) {

    /** The widest alternative stored in the union's own bits; wider ones, and variable ones, go behind the slot. */
    public static final int MAX_INLINE_BITS = Long.SIZE;

    public UnionLayout {
        alternatives = List.copyOf(alternatives);
    }

    /**
     * Where one alternative lives.
     *
     * @param tag its tag: its index + 1
     * @param inline whether its bits are in the union's inline place; otherwise its data is behind the slot
     * @param width its value bits (inline), or the bits its data takes as a fixed-width value (behind the slot;
     *     -1 for a variable-length one)
     * @param encoding how its value is stored
     */
    public record AlternativeLayout(Field field, int tag, boolean inline, long width, Encoding encoding) {}

    /** The union's bits in the fixed part: tag, inline place and slot. */
    public long totalBits() {
        return tagBits + inlineBits + (hasSlot ? BitWidths.END_SLOT_BITS : 0);
    }

    /** The offset of the inline place, right after the tag. */
    public long inlineOffset() {
        return tagBits;
    }

    /** The offset of the end slot, after the inline place. */
    public long slotOffset() {
        return tagBits + inlineBits;
    }

    /** The bytes of the union's fixed bits when it is stored on its own (a list element): ceil(totalBits / 8). */
    public int standaloneBytes() {
        return Math.toIntExact((totalBits() + 7) / 8);
    }

    /** The layout of {@code union}, worked out on its own (the checker's view of a union's earlier versions). */
    public static UnionLayout of(UnionType union, Schema schema) {
        return new Encodings(schema).unionLayout(union);
    }

    static UnionLayout of(UnionType union, Encodings encodings) {
        int tagBits = BitWidths.bitsForCount(union.alternatives().size() + 1L);
        List<AlternativeLayout> alternatives = new ArrayList<>();
        long inlineBits = 0;
        boolean hasSlot = false;
        int tag = 1;
        for (Field alternative : union.alternatives()) {
            Encoding encoding = encodings.of(alternative.type());
            // A union alternative is stored standalone behind the slot: its tag is read where the data is.
            boolean variable = encoding instanceof Encoding.Union || encoding.variableLength();
            long width = variable ? -1 : encoding.bits();
            boolean inline = !variable && width <= MAX_INLINE_BITS;
            if (inline) {
                inlineBits = Math.max(inlineBits, width);
            } else {
                hasSlot = true;
            }
            alternatives.add(new AlternativeLayout(alternative, tag++, inline, width, encoding));
        }
        return new UnionLayout(union, tagBits, inlineBits, hasSlot, alternatives);
    }
}
