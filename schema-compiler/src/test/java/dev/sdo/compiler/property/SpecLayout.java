package dev.sdo.compiler.property;

import java.math.BigInteger;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference layout, written from sections 2 and 3 of the schema-language spec and nothing else: the width of
 * each type from the spec's table, fields in declaration order from bit 0, a presence bit immediately before an
 * optional field's value bits, nested records inline; and, from docs/record-format.md, a 32-bit end slot in place
 * of each {@code string}, {@code bytes} or {@code list} field and of each nested record that has such a field;
 * from its section 5, a union's tag, inline place and end slot; from docs/unions-and-extension.md, a presence bit
 * before the value of a field with a default; from its section 8, the fixed part of a {@code @compact} record (slot
 * width code, slot bits, the other fields).
 */
final class SpecLayout {

    /** docs/record-format.md: a variable-length field's place in the fixed part is a 32-bit end slot. */
    static final int END_SLOT_BITS = 32;

    /** docs/record-format.md 8.1: a compact record's first two bits, its slot width code. */
    static final int SLOT_WIDTH_CODE_BITS = 2;

    /**
     * One field's place: presence bit (-1 when none), first value bit, value width (the bits the field takes in the
     * fixed part after its presence bit), and the bit where its 32-bit end slot is (-1 when it has none): its first
     * bit, or for a union the bits after its tag and inline place. In a compact record (section 8) a variable-length
     * field has no end slot in the fixed part but a {@code slotBit} (-1 for every other field): its presence bit,
     * when it has one, is that bit; a union keeps its tag and inline place at {@code offset}, any other
     * variable-length field takes no bits there ({@code width} 0).
     */
    record Slot(TestField field, long presenceBit, long offset, long width, long endSlot, long slotBit) {
        Slot(TestField field, long presenceBit, long offset, long width, long endSlot) {
            this(field, presenceBit, offset, width, endSlot, -1);
        }
    }

    private final Map<TestRecord, Long> totalBits = new IdentityHashMap<>();

    /** ceil(log2(count)): the bits that hold the values 0..count-1. */
    static int bitsForCount(BigInteger count) {
        return count.subtract(BigInteger.ONE).bitLength();
    }

    static int bitsForCount(long count) {
        return bitsForCount(BigInteger.valueOf(count));
    }

    /** Bits of one character code: ceil(log2(alphabet size + 1)). */
    static int charCodeBits(TestType.Chars chars) {
        return bitsForCount(chars.alphabet().length() + 1L);
    }

    /** The value width of a type, from the spec's table. */
    long width(TestType type) {
        if (type instanceof TestType.Bool) {
            return 1;
        } else if (type instanceof TestType.FixedInt t) {
            return t.bits();
        } else if (type instanceof TestType.Range t) {
            return bitsForCount(t.count());
        } else if (type instanceof TestType.Floating t) {
            return t.bits();
        } else if (type instanceof TestType.Decimal t) {
            BigInteger tenToP = BigInteger.TEN.pow(t.precision());
            return t.signed() ? bitsForCount(tenToP.multiply(BigInteger.TWO).subtract(BigInteger.ONE))
                    : bitsForCount(tenToP);
        } else if (type instanceof TestType.Date t) {
            return t.bounded() ? bitsForCount(ChronoUnit.DAYS.between(t.lo(), t.hi()) + 1) : 22;
        } else if (type instanceof TestType.Time t) {
            return bitsForCount(BigInteger.valueOf(t.perDay()));
        } else if (type instanceof TestType.Timestamp t) {
            return t.bounded() ? bitsForCount(BigInteger.valueOf(t.hiCount()).subtract(BigInteger.valueOf(t.loCount()))
                    .add(BigInteger.ONE)) : 64;
        } else if (type instanceof TestType.Chars t) {
            return (long) t.length() * charCodeBits(t);
        } else if (type instanceof TestType.EnumRef t) {
            return Math.max(1, bitsForCount(t.type().constants().size()));
        } else if (type instanceof TestType.UnionRef t) {
            return unionBits(t.union());
        } else if (TestType.variableLength(type)) {
            return END_SLOT_BITS;
        } else if (type instanceof TestType.RecordRef t) {
            return totalBits(t.type());
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    /** The record's fields, in order, with their places. */
    List<Slot> slots(TestRecord record) {
        if (record.compactLayout()) {
            return compactSlots(record);
        }
        List<Slot> slots = new ArrayList<>();
        long next = 0;
        for (TestField field : record.fields()) {
            long presence = field.hasPresenceBit() ? next++ : -1;
            long width = width(field.type());
            long endSlot = -1;
            if (field.type() instanceof TestType.UnionRef union) {
                endSlot = union.union().hasSlot() ? next + tagBits(union.union()) + inlineBits(union.union()) : -1;
            } else if (TestType.variableLength(field.type())) {
                endSlot = next;
            }
            slots.add(new Slot(field, presence, next, width, endSlot));
            next += width;
        }
        return slots;
    }

    /**
     * docs/record-format.md 8.1: whether {@code field}, a variable-length field of a compact record, is a required
     * string, bytes or list (not optional, no default), whose slot bit is 0 exactly when its value is empty: no slot
     * and no data then, not even a list's count. Every other required variable-length field always has its slot.
     */
    static boolean emptyWithoutSlot(TestField field) {
        return !field.optional() && !field.hasDefault() && (field.type() instanceof TestType.Str
                || field.type() instanceof TestType.Blob || field.type() instanceof TestType.ListOf);
    }

    /**
     * docs/record-format.md 8.1: bits 0..1 the slot width code, then one slot bit per variable-length field (field
     * j at bit 2 + j), then every other field's bits in declaration order: a fixed-width field with its presence
     * bit, a union with a slot its tag and inline place; any other variable-length field nothing (its presence bit,
     * if it has one, is its slot bit).
     */
    private List<Slot> compactSlots(TestRecord record) {
        List<Slot> slots = new ArrayList<>();
        long variable = variableFields(record).size();
        long next = SLOT_WIDTH_CODE_BITS + variable;
        int j = 0;
        for (TestField field : record.fields()) {
            if (TestType.variableLength(field.type())) {
                long slotBit = SLOT_WIDTH_CODE_BITS + j++;
                long width = field.type() instanceof TestType.UnionRef union
                        ? tagBits(union.union()) + inlineBits(union.union()) : 0;
                slots.add(new Slot(field, field.hasPresenceBit() ? slotBit : -1, next, width, -1, slotBit));
                next += width;
            } else {
                long presence = field.hasPresenceBit() ? next++ : -1;
                long width = width(field.type());
                slots.add(new Slot(field, presence, next, width, -1, -1));
                next += width;
            }
        }
        return slots;
    }

    /** The record's variable-length fields in declaration order: field j of section 8 is the j-th of them. */
    static List<TestField> variableFields(TestRecord record) {
        return record.fields().stream().filter(f -> TestType.variableLength(f.type())).toList();
    }

    long totalBits(TestRecord record) {
        Long known = totalBits.get(record);
        if (known == null) {
            long bits = 0;
            if (record.compactLayout()) {
                for (Slot slot : compactSlots(record)) {
                    bits = Math.max(bits, slot.offset() + slot.width());
                }
                bits = Math.max(bits, SLOT_WIDTH_CODE_BITS + variableFields(record).size());
            } else {
                for (TestField field : record.fields()) {
                    bits += (field.hasPresenceBit() ? 1 : 0) + width(field.type());
                }
            }
            known = bits;
            totalBits.put(record, known);
        }
        return known;
    }

    /** A union's tag: ceil(log2(k + 1)) bits for k alternatives, 0 meaning none. */
    static int tagBits(TestUnion union) {
        return bitsForCount(union.alternatives().size() + 1L);
    }

    /** The union's inline place: as many bits as its widest inline alternative (0 when none is inline). */
    long inlineBits(TestUnion union) {
        long bits = 0;
        for (TestField alternative : union.alternatives()) {
            if (union.inline(alternative.type())) {
                bits = Math.max(bits, width(alternative.type()));
            }
        }
        return bits;
    }

    /** Tag, inline place, and a 32-bit end slot when some alternative is not inline. */
    long unionBits(TestUnion union) {
        return tagBits(union) + inlineBits(union) + (union.hasSlot() ? END_SLOT_BITS : 0);
    }

    /** A union stored on its own (a list element): its bits from bit 0, padded to whole bytes. */
    int unionBytes(TestUnion union) {
        return Math.toIntExact((unionBits(union) + 7) / 8);
    }

    /** ceil(bits / 8). */
    int bytes(TestRecord record) {
        return Math.toIntExact((totalBits(record) + 7) / 8);
    }
}
