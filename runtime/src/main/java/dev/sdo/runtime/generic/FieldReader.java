package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.SharedStrings;
import dev.sdo.runtime.VariableData;
import java.math.BigDecimal;
import java.math.BigInteger;
import dev.sdo.runtime.text.XmlViews;
import java.nio.ByteBuffer;

/**
 * How one field of a {@link RecordShape} is read, by where its value lives (docs/record-format.md): a scalar's bits,
 * a record of fixed width stored inline (its own shape, shifted to the field's bits), a union's tag and inline place
 * and slot, or variable-length data between the previous variable-length field's end slot and its own (in a compact
 * record, docs/record-format.md section 8: the slots of its slot table that the slot bits up to its own count).
 */
final class FieldReader {
    /** Where the value lives. */
    enum Kind { SCALAR, INLINE_RECORD, DATA, UNION }

    private final FieldDescriptor field;
    private final String label;
    private final Kind kind;
    /** The presence bit (shifted), -1 for none. */
    private final long presence;
    /** The field's end slot (shifted), -1 for none. */
    private final long slot;
    /** The previous variable-length field's end slot (shifted), where this field's data starts; -1: the fixed part. */
    private final long previousSlot;
    /** In a compact record, the field's index among its variable-length fields (its slot bit's); -1 otherwise. */
    private final int compactIndex;
    private final ScalarField scalar;
    private final RecordShape inline;
    private final DataReader data;
    private final UnionReader union;
    /** The value a variable-length field with a default holds when its presence bit is 0; null otherwise. */
    private final Object defaultValue;
    /**
     * Whether the field is a required string, bytes or list of a compact record: empty when its slot bit is 0
     * (docs/record-format.md, section 8.1).
     */
    private final boolean emptyWithoutSlot;
    /** Whether the field is a string of a compact record, whose data may be a reference (section 8.6). */
    private final boolean sharedText;

    FieldReader(String record, FieldDescriptor field, long shift, long previousSlot, Readers readers) {
        this.field = field;
        this.label = record + "." + field.name();
        this.presence = field.presenceBit() < 0 ? -1 : shift + field.presenceBit();
        this.slot = field.slotOffset() < 0 ? -1 : shift + field.slotOffset();
        this.previousSlot = previousSlot;
        this.compactIndex = field.compactSlot() ? field.slotIndex() : -1;
        FieldType type = field.type();
        if (type.scalar()) {
            kind = Kind.SCALAR;
            scalar = new ScalarField(record, shifted(field, shift));
            inline = null;
            data = null;
            union = null;
        } else if (type instanceof FieldType.Union u) {
            kind = Kind.UNION;
            scalar = null;
            inline = null;
            data = null;
            // A required union holding no alternative is damage; a version-1 descriptor's unions read as optional.
            union = readers.union(u.union(), shift + field.offset(), false, !field.optional());
        } else if (type instanceof FieldType.Nested n && !n.variableLength()) {
            kind = Kind.INLINE_RECORD;
            scalar = null;
            inline = readers.shape(n.record(), shift + field.offset());
            data = null;
            union = null;
        } else {
            kind = Kind.DATA;
            scalar = null;
            inline = null;
            data = new DataReader(label, type, readers);
            union = null;
        }
        this.defaultValue = field.defaultText() == null || kind != Kind.DATA ? null : defaultOf(type,
                field.defaultText());
        this.emptyWithoutSlot = emptyWithoutSlot(field);
        this.sharedText = compactIndex >= 0 && field.type() instanceof FieldType.Text;
    }

    /**
     * Whether {@code field} is a required string, bytes or list of a compact record (no presence bit, no default):
     * its slot bit is 0 exactly when it is empty, without slot or data (docs/record-format.md, section 8.1).
     */
    static boolean emptyWithoutSlot(FieldDescriptor field) {
        FieldType type = field.type();
        return field.compactSlot() && field.presenceBit() < 0 && field.defaultText() == null
                && (type instanceof FieldType.Text || type instanceof FieldType.Blob
                        || type instanceof FieldType.ListOf);
    }

    /** The field as a scalar read {@code shift} bits further on. */
    static FieldDescriptor shifted(FieldDescriptor field, long shift) {
        return new FieldDescriptor(field.name(), field.index(), field.since(),
                field.presenceBit() < 0 ? -1 : field.presenceBit() + shift, field.offset() + shift,
                field.slotOffset() < 0 ? -1 : field.slotOffset() + shift, field.type(), field.defaultText(),
                field.optional(), field.alias(), field.defaultLiteral(), field.slotBit());
    }

    private static Object defaultOf(FieldType type, String text) {
        if (type instanceof FieldType.AnyDecimal) {
            return new BigDecimal(text);
        } else if (type instanceof FieldType.AnyInteger) {
            return new BigInteger(text);
        }
        return text;
    }

    FieldDescriptor descriptor() {
        return field;
    }

    String label() {
        return label;
    }

    Kind kind() {
        return kind;
    }

    ScalarField scalar() {
        return scalar;
    }

    /** Whether the value's presence bit says it is stored (always, without one). */
    private boolean stored(ByteBuffer buffer, int base) {
        return presence < 0 || BitFields.read(buffer, base, presence, 1) != 0;
    }

    /**
     * Whether the field certainly holds nothing, told without its value: an optional one not stored (no default),
     * a union holding no alternative. False where reading the value would find the record damaged (a compact
     * record's union without an alternative but with its slot bit set), so that the read that follows says so.
     */
    boolean absent(ByteBuffer buffer, int base) {
        return !has(buffer, base)
                && (kind != Kind.UNION || compactIndex < 0 || !CompactSlots.hasSlot(buffer, base, compactIndex));
    }

    /** Whether the field holds a value: a stored one or its default; a union, an alternative. */
    boolean has(ByteBuffer buffer, int base) {
        return switch (kind) {
            case SCALAR -> scalar.present(buffer, base);
            case INLINE_RECORD -> stored(buffer, base);
            case DATA -> defaultValue != null || stored(buffer, base);
            case UNION -> union.tag(label, buffer, base) != 0;
        };
    }

    /**
     * The value as {@link GenericRecord#get} gives it; null when absent. With {@code views}, a nested record, list or
     * union is the view kept at {@code depth} ({@link Views}).
     */
    Object value(RecordShape shape, ByteBuffer buffer, int base, int size, XmlViews views, int depth) {
        // Tested in turn rather than switched on: a switch on an enum loads a table of its own.
        Kind kind = this.kind;
        if (kind == Kind.DATA) {
            return data(shape, buffer, base, size, views, depth);
        } else if (kind == Kind.SCALAR) {
            return scalar.value(buffer, base);
        } else if (kind == Kind.UNION) {
            if (compactIndex >= 0) {
                return union.compactValue(label, buffer, base, size, shape, compactIndex, views, depth);
            }
            return union.value(label, buffer, base, shape.dataStart(buffer, base, previousSlot), views, depth);
        }
        return stored(buffer, base) ? Views.record(inline, buffer, base, inline.record().fixedBytes(), views, depth)
                : null;
    }

    /** The value of a variable-length field, from its data. */
    private Object data(RecordShape shape, ByteBuffer buffer, int base, int size, XmlViews views, int depth) {
        long span = dataSpan(shape, buffer, base, size);
        if (span == NOT_STORED) {
            return defaultValue;
        } else if (span == EMPTY) {
            // A required string, bytes or list without its slot: empty, no data (not even a list's count).
            return data.empty();
        }
        int start = base + spanStart(span);
        int end = base + spanEnd(span);
        // A compact record's list keeps its count and end offsets as wide as the record's slots (section 8.5).
        return compactIndex >= 0 ? data.readInCompact(buffer, start, end, CompactSlots.width(buffer, base), views,
                depth) : data.read(buffer, start, end, views, depth);
    }

    /** What {@link #dataSpan} gives for a field that is not stored (absent, or holding its default). */
    static final long NOT_STORED = -1;
    /** What {@link #dataSpan} gives for a required string, bytes or list of a compact record without its slot. */
    static final long EMPTY = -2;

    /**
     * Where a variable-length field's data lies in the record of {@code size} bytes at {@code base}, checked to lie
     * within the buffer, as
     * {@link #data} finds it (for a compact record's string that is a reference, the bytes it refers to, which may lie
     * before {@code base}): its start (from {@code base}) in the high 32 bits, its end in the low
     * ({@link #spanStart}, {@link #spanEnd}); {@link #NOT_STORED} or {@link #EMPTY} when it has none: for
     * {@link #data}, and for the XML writer's values ({@link GenericValueText}), which read strings and unbounded
     * numbers from their bytes.
     */
    long dataSpan(RecordShape shape, ByteBuffer buffer, int base, int size) {
        if (!stored(buffer, base)) {
            return NOT_STORED;
        }
        int start;
        int end;
        if (compactIndex >= 0) {
            if (emptyWithoutSlot && !CompactSlots.hasSlot(buffer, base, compactIndex)) {
                return EMPTY;
            }
            long span = shape.compactSpan(label, buffer, base, size, compactIndex);
            start = CompactSlots.spanStart(span);
            end = CompactSlots.spanEnd(span);
        } else {
            start = shape.dataStart(buffer, base, previousSlot);
            end = RecordShape.slot(buffer, base, slot);
        }
        VariableData.length(label, buffer, base, start, end);
        if (sharedText) {
            // A reference: the span of the string it refers to, before the record's first byte perhaps.
            long shared = SharedStrings.resolve(label, buffer, base + start, end - start);
            start = SharedStrings.spanStart(shared) - base;
            end = start + SharedStrings.spanLength(shared);
        }
        return (long) start << Integer.SIZE | end & 0xFFFF_FFFFL;
    }

    static int spanStart(long span) {
        return (int) (span >>> Integer.SIZE);
    }

    static int spanEnd(long span) {
        return (int) span;
    }

    /** The alternative a union field holds: 0 for none, i for the i-th (from 1). */
    int tag(ByteBuffer buffer, int base) {
        return union.tag(label, buffer, base);
    }

    /** What {@link #alternativePlace} gives for an alternative stored in the union's inline place. */
    static final long INLINE = -3;

    /**
     * Where alternative {@code i} (from 0), which the union field holds, lies: {@link #INLINE} in the union's inline
     * place ({@link #alternativeScalar} reads a scalar there), else its data's span as {@link #dataSpan} gives it,
     * behind the slot of a compact record's union; {@link #NOT_STORED} where it is found only the way
     * {@link #value} finds it (a record that is not compact, or a slot bit that does not agree with the alternative,
     * which that way reports). For the XML writer's values ({@link GenericValueText}).
     */
    long alternativePlace(RecordShape shape, ByteBuffer buffer, int base, int size, int i) {
        boolean behindSlot = union.behindSlot(i);
        if (compactIndex < 0) {
            return behindSlot ? NOT_STORED : INLINE;
        } else if (CompactSlots.hasSlot(buffer, base, compactIndex) != behindSlot) {
            return NOT_STORED;
        } else if (!behindSlot) {
            return INLINE;
        }
        long span = shape.compactSpan(label, buffer, base, size, compactIndex);
        VariableData.length(label, buffer, base, CompactSlots.spanStart(span), CompactSlots.spanEnd(span));
        return span;
    }

    /** The reader of union alternative {@code i} (from 0) where it is a scalar in the inline place; else null. */
    ScalarField alternativeScalar(int i) {
        return union.inlineScalar(i);
    }
}
