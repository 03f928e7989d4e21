package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.StringSharing;
import dev.sdo.runtime.VariableData;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * How a {@link RecordEncoder} writes one field, by where its value lives (docs/record-format.md): a scalar's bits
 * (characters wider than 64 bits code by code), a record of fixed width inline at the field's bits, a union's tag,
 * inline place and slot, or variable-length data after the data before it, ended by the field's slot. A field with a
 * default stores nothing, its presence bit 0, when it holds its default or null (docs/unions-and-extension.md); an
 * optional field absent stores nothing; a required one absent is refused as generated code refuses it.
 */
final class FieldEncoder {
    /** Where the value lives. */
    private enum Kind { SCALAR, WIDE_SCALAR, INLINE_RECORD, DATA, UNION }

    private final String label;
    private final Kind kind;
    /** The presence bit, -1 for none. */
    private final long presence;
    private final long offset;
    /** The end slot, -1 for none. */
    private final long slot;
    /** Whether the field may be absent (null): it has a presence bit, or is a union (tag 0 is none). */
    private final boolean mayBeAbsent;
    private final boolean hasDefault;
    private final ScalarEncoder scalar;
    /** A scalar's default as stored bits (at most 64 bits). */
    private final long defaultBits;
    /** The default of wide characters or of a variable-length field, as its value; null without one. */
    private final Object defaultValue;
    private final RecordEncoder inline;
    private final DataEncoder data;
    private final UnionEncoder union;
    /**
     * Whether the field is a union that must hold an alternative: a version-2 descriptor says so; a version-1 one
     * does not, and its union fields are taken as optional.
     */
    private final boolean requiredUnion;
    /** For a variable-length field of a compact record, its slot bit; -1 otherwise. */
    private final long slotBit;
    /**
     * Whether the field is a required string, bytes or list of a compact record: its slot bit is 0, and it has no
     * slot and no data, when its value is empty (docs/record-format.md, section 8.1).
     */
    private final boolean emptyWithoutSlot;
    /** Whether the field is a list of a compact record whose count (and end offsets) take the slot width (8.5). */
    private final boolean countWithinData;
    /** Whether the field is a string of a compact record, which may share its document's strings (8.6). */
    private final boolean sharedText;

    FieldEncoder(String record, FieldDescriptor field, Encoders encoders) {
        this.label = record + "." + field.name();
        this.presence = field.presenceBit();
        this.offset = field.offset();
        this.slot = field.slotOffset();
        this.slotBit = field.slotBit();
        this.hasDefault = field.defaultText() != null;
        FieldType type = field.type();
        this.mayBeAbsent = field.presenceBit() >= 0 || type instanceof FieldType.Union;
        this.requiredUnion = type instanceof FieldType.Union && !field.optional();
        ScalarEncoder scalarEncoder = null;
        long defaultStored = 0;
        Object defaultOf = null;
        RecordEncoder inlineRecord = null;
        DataEncoder dataEncoder = null;
        UnionEncoder unionEncoder = null;
        if (type.scalar()) {
            scalarEncoder = new ScalarEncoder((FieldType.Scalar) type, encoders.schema());
            kind = scalarEncoder.wide() ? Kind.WIDE_SCALAR : Kind.SCALAR;
            if (hasDefault) {
                // The default's bits as the reader finds them: the same text read by the same binding.
                ScalarField reader = new ScalarField(record, new FieldDescriptor(field.name(), field.index(),
                        field.since(), -1, 0, -1, type, field.defaultText()));
                if (kind == Kind.SCALAR) {
                    defaultStored = reader.defaultStored();
                } else {
                    defaultOf = reader.defaultValue();
                }
            }
        } else if (type instanceof FieldType.Union u) {
            kind = Kind.UNION;
            unionEncoder = encoders.union(u.union());
        } else if (type instanceof FieldType.Nested n && !n.variableLength()) {
            kind = Kind.INLINE_RECORD;
            inlineRecord = encoders.record(n.record());
        } else {
            kind = Kind.DATA;
            dataEncoder = DataEncoder.of(type, encoders);
            if (hasDefault) {
                defaultOf = type instanceof FieldType.AnyDecimal ? new BigDecimal(field.defaultText())
                        : type instanceof FieldType.AnyInteger ? new BigInteger(field.defaultText())
                        : field.defaultText();
            }
        }
        this.scalar = scalarEncoder;
        this.defaultBits = defaultStored;
        this.defaultValue = defaultOf;
        this.inline = inlineRecord;
        this.data = dataEncoder;
        this.union = unionEncoder;
        this.countWithinData = slotBit >= 0 && kind == Kind.DATA && dataEncoder instanceof ListEncoder list
                && list.countWithinData();
        this.sharedText = slotBit >= 0 && kind == Kind.DATA && type instanceof FieldType.Text;
        this.emptyWithoutSlot = slotBit >= 0 && presence < 0 && !hasDefault && (type instanceof FieldType.Text
                || type instanceof FieldType.Blob || type instanceof FieldType.ListOf);
    }

    /**
     * Whether {@code value} of a required string, bytes or list field of a compact record is empty, which it stores
     * as a slot bit 0 (section 8.1); false for a value of another type, which the data's encoder refuses.
     */
    private boolean emptyWithoutSlot(Object value) {
        return emptyWithoutSlot && (value instanceof String text && text.isEmpty()
                || value instanceof byte[] blob && blob.length == 0
                || value instanceof java.util.List<?> list && list.isEmpty());
    }

    /**
     * The bytes of data {@code value} takes in the record's variable part (0 for a field without data, an absent
     * one, or one holding its default): the sizing pass, with its checks.
     */
    long dataBytes(Object value) {
        if (kind == Kind.UNION) {
            return union.hasSlot() ? union.dataBytes(label, value) : 0;
        } else if (kind != Kind.DATA || absent(value) || hasDefault && value.equals(defaultValue)) {
            return 0;
        }
        return data.size(label, value);
    }

    /** Whether the field is a variable-length field of a compact record: its end slot is in the slot table. */
    boolean compactSlot() {
        return slotBit >= 0;
    }

    /**
     * For a variable-length field of a compact record, the bytes of data {@code value} takes, or -1 when it has no
     * end slot (absent, holding its default, a required string, bytes or list that is empty, a union holding no
     * alternative or an inline one): the sizing pass, with its checks.
     */
    long slotData(Object value) {
        if (kind == Kind.UNION) {
            return union.slotData(label, value);
        } else if (absent(value) || hasDefault && value.equals(defaultValue) || emptyWithoutSlot(value)) {
            return -1;
        }
        if (sharedText) {
            StringSharing sharing = RecordEncoder.sizedSharing();
            String text = DataEncoder.text(label, value);
            return sharing == null ? VariableData.utf8Length(label, text) : sharing.dataBytes(label, text);
        }
        // A list's count and end offsets take the record's slot width: sized apart ({@link #slotNumbers}).
        return data instanceof ListEncoder list && list.countWithinData() ? list.size(label, value, 0)
                : data.size(label, value);
    }

    /**
     * For a variable-length field of a compact record whose {@link #slotData} is not -1, how many numbers of the
     * record's slot width its data holds besides those bytes: a list's count and end offsets (docs/record-format.md,
     * section 8.5); 0 for any other value.
     */
    long slotNumbers(Object value) {
        return data instanceof ListEncoder list && list.countWithinData() && kind == Kind.DATA ? list.numbers(value)
                : 0;
    }

    /** The field's slot bit in a compact record (docs/record-format.md, section 8.1); -1 for none. */
    long slotBit() {
        return slotBit;
    }

    /**
     * Writes {@code value} of this variable-length field of a compact record at {@code base} (its bits cleared): a
     * union's tag and inline place, and its data from byte {@code end} of the record, a list's count and end offsets
     * {@code width} bytes each (the record's slot width); returns where its data ends when it has an end slot, -1
     * when it has none. The caller sets the field's slot bit ({@link #slotBit()}) when it has one: the record's slot
     * bits are written together, with its slot width code.
     */
    int writeCompact(Object value, ByteBuffer buffer, int base, int end, int width) {
        return writeCompact(value, buffer, base, end, width, null);
    }

    /**
     * {@link #writeCompact(Object, ByteBuffer, int, int, int)}, in one pass when {@code scratch} is set (its buffer
     * is {@code buffer}): the data written by {@link DataEncoder#writeOne}, unsized.
     */
    int writeCompact(Object value, ByteBuffer buffer, int base, int end, int width, EncodeScratch scratch) {
        if (kind == Kind.UNION) {
            return union.writeCompact(label, value, requiredUnion, buffer, base, offset, end, scratch);
        } else if (absent(value) || hasDefault && value.equals(defaultValue) || emptyWithoutSlot(value)) {
            return -1;
        }
        if (sharedText) {
            String text = DataEncoder.text(label, value);
            OnePassSharing onePass = scratch == null ? null : scratch.sharing;
            StringSharing sized = scratch == null ? RecordEncoder.sizedSharing() : null;
            return end + (onePass != null ? onePass.write(label, buffer, base + end, text)
                    : sized != null ? sized.write(label, buffer, base + end, text)
                    : VariableData.writeString(label, buffer, base + end, text));
        }
        if (scratch != null) {
            if (countWithinData) {
                return end + ((ListEncoder) data).writeOne(label, value, scratch, base + end, width);
            }
            return end + data.writeOne(label, value, scratch, base + end);
        }
        if (data instanceof ListEncoder list && list.countWithinData()) {
            return end + list.write(label, value, buffer, base + end, width);
        }
        return end + data.write(label, value, buffer, base + end);
    }

    /**
     * For a variable-length field of a compact record, whether {@code value} has an end slot: what {@link #slotData}
     * says (not -1) without sizing the data. Checks only what it must to tell.
     */
    boolean hasSlot(Object value) {
        if (kind == Kind.UNION) {
            return union.hasSlot(label, value);
        }
        return !(absent(value) || hasDefault && value.equals(defaultValue) || emptyWithoutSlot(value));
    }

    /**
     * For a variable-length field of a compact record: -1 when its data holds no numbers of the record's slot width,
     * 0 when it is a list that holds its count at that width, 1 when it is one that holds its count and an end offset
     * per element (docs/record-format.md, section 8.5).
     */
    int slotWidthNumbers() {
        return !countWithinData ? -1 : ((ListEncoder) data).table() ? 1 : 0;
    }

    /** Whether {@code value} is null, which the field allows (optional, with a default, a union). */
    private boolean absent(Object value) {
        if (value == null && !mayBeAbsent) {
            FieldValues.requireNonNull(label, value);
        }
        return value == null;
    }

    /**
     * Writes {@code value} into the record at {@code base} whose bits start at bit {@code shift} (cleared already),
     * its data (if any) from byte {@code end} of the record; returns where the record's data ends now.
     */
    int write(Object value, ByteBuffer buffer, int base, long shift, int end) {
        return write(value, buffer, base, shift, end, null);
    }

    /**
     * {@link #write(Object, ByteBuffer, int, long, int)}, in one pass when {@code scratch} is set (its buffer is
     * {@code buffer}): the data written by {@link DataEncoder#writeOne}, unsized.
     */
    int write(Object value, ByteBuffer buffer, int base, long shift, int end, EncodeScratch scratch) {
        switch (kind) {
            case SCALAR: {
                if (absent(value)) {
                    return end;
                }
                long bits = scalar.bits(label, value);
                // The default's bits are read back unsigned: compare the field's bits only (a negative int32).
                if (hasDefault && (bits & BitFields.mask(scalar.width())) == defaultBits) {
                    return end;
                }
                present(buffer, base, shift);
                if (scalar.width() > 0) {
                    BitFields.write(buffer, base, shift + offset, scalar.width(), bits);
                }
                return end;
            }
            case WIDE_SCALAR:
                if (absent(value) || hasDefault && scalar.characters(label, value).equals(defaultValue)) {
                    return end;
                }
                present(buffer, base, shift);
                scalar.writeWide(label, value, buffer, base, shift + offset);
                return end;
            case INLINE_RECORD:
                if (absent(value)) {
                    return end;
                }
                RecordValues values = inline.values(label, value);
                present(buffer, base, shift);
                inline.encodeFixed(values, buffer, base, shift + offset);
                return end;
            case UNION:
                return union.write(label, value, requiredUnion, buffer, base, shift + offset, end, scratch);
            default: {
                int dataEnd = end;
                if (!absent(value) && !(hasDefault && value.equals(defaultValue))) {
                    present(buffer, base, shift);
                    dataEnd = end + (scratch == null ? data.write(label, value, buffer, base + end)
                            : data.writeOne(label, value, scratch, base + end));
                }
                BitFields.write(buffer, base, shift + slot, VariableData.SLOT_BITS, dataEnd);
                return dataEnd;
            }
        }
    }

    /** Sets the presence bit, if the field has one. */
    private void present(ByteBuffer buffer, int base, long shift) {
        if (presence >= 0) {
            BitFields.write(buffer, base, shift + presence, 1, 1);
        }
    }
}
