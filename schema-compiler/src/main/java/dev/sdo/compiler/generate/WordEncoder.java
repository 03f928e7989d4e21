package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The end of an encode that writes its record a 64-bit word at a time. Every field's value is checked and its
 * stored bits kept in a local first ({@link FieldWriter#storedBits}); then each word of the record is assembled
 * from the bits that fall in it ({@code BitFields.wordBits}) and written with one {@code BitFields.write}. That
 * is one read-modify-write of the buffer per word instead of one per field, and nothing is written unless every
 * value is valid.
 *
 * <p>It applies to a fixed-width record whose fields are all scalars of at most 64 bits (no nested record, no
 * {@code char} wider than a word) that between them cover every bit of the record, so that writing whole words
 * changes no bit that the field-by-field encode would have left alone.
 */
final class WordEncoder {
    /**
     * One run of bits to place in the record's words.
     *
     * @param value the expression of the bits (only the low {@code width} count)
     * @param offsetConstant the constant holding {@code offset}
     * @param widthConstant the expression of {@code width}
     * @param offset the bit offset of the run's least significant bit in the record
     * @param width the number of bits
     */
    record PlacedBits(CodeBlock value, String offsetConstant, CodeBlock widthConstant, long offset, long width) {}

    private WordEncoder() {}

    /** Whether {@code layout}'s encode can be written a word at a time. */
    static boolean applies(RecordLayout layout) {
        if (layout.hasVariableData()) {
            return false;
        }
        BitSet covered = new BitSet();
        for (FieldLayout field : layout.fields()) {
            if (!scalarOfOneWord(field)) {
                return false;
            }
            if (field.optional() && !cover(covered, field.presenceBit(), 1)) {
                return false;
            }
            if (!cover(covered, field.offset(), field.width())) {
                return false;
            }
        }
        return covered.cardinality() == layout.totalBits() && covered.length() == layout.totalBits();
    }

    /** Whether the field's value is a number of at most 64 bits that {@link FieldWriter#storedBits} can compute. */
    private static boolean scalarOfOneWord(FieldLayout field) {
        FieldType type = field.field().type();
        return type instanceof BoolType || type instanceof IntegerType || type instanceof RangeType
                || type instanceof FloatType || type instanceof DecimalType || type instanceof DateType
                || type instanceof TimeType || type instanceof TimestampType || type instanceof EnumRef
                || type instanceof CharType && field.width() <= Long.SIZE;
    }

    /** Marks bits {@code offset..offset + width - 1} covered; false if one of them was already. */
    private static boolean cover(BitSet covered, long offset, long width) {
        int from = Math.toIntExact(offset);
        int to = Math.toIntExact(offset + width);
        if (covered.get(from, to).cardinality() > 0) {
            return false;
        }
        covered.set(from, to);
        return true;
    }

    /** The statements that write the record's words, each the OR of the bits placed in it. */
    static CodeBlock writes(List<PlacedBits> placed, long totalBits, Constants constants) {
        int words = Math.toIntExact((totalBits + Long.SIZE - 1) / Long.SIZE);
        CodeBlock.Builder code = CodeBlock.builder();
        if (words > 0) {
            code.add("// All values are valid: write the record's $L of its fields' bits.\n",
                    words == 1 ? "word, made" : words + " words of 64 bits, each made");
        }
        for (int word = 0; word < words; word++) {
            long start = (long) word * Long.SIZE;
            long end = Math.min(totalBits, start + Long.SIZE);
            List<CodeBlock> parts = new ArrayList<>();
            for (PlacedBits bits : placed) {
                if (bits.width() > 0 && bits.offset() < end && bits.offset() + bits.width() > start) {
                    parts.add(CodeBlock.of("$T.wordBits($L, $L, $N, $L)", JavaTypes.BIT_FIELDS, bits.value(),
                            bits.widthConstant(), bits.offsetConstant(), word));
                }
            }
            CodeBlock wordOffset = word == 0 ? CodeBlock.of("bitOffset")
                    : CodeBlock.of("bitOffset + $L * Long.SIZE", word);
            CodeBlock bits = CodeBlock.join(parts, "\n| ");
            if (end - start == Long.SIZE) {
                code.addStatement("$T.writeWord(buffer, base, $L,\n$L)", JavaTypes.BIT_FIELDS, wordOffset, bits);
            } else {
                String width = constants.define("LAST_WORD_WIDTH", TypeName.INT, "$L", end - start);
                code.addStatement("$T.write(buffer, base, $L, $N,\n$L)", JavaTypes.BIT_FIELDS, wordOffset, width,
                        bits);
            }
        }
        return code.build();
    }
}
