package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.UnionValues;
import dev.sdo.runtime.VariableData;
import dev.sdo.runtime.text.XmlViews;
import java.nio.ByteBuffer;

/**
 * How a union is read where it is stored (docs/record-format.md, section 5): its tag, then the present alternative,
 * from the inline place after the tag (a scalar, or a record of at most 64 bits) or from its data behind the slot.
 * A union field is read {@code shift} bits into its record; a union stored on its own (a list element, another
 * union's alternative) from its own first byte, its data after its bits padded to whole bytes.
 */
final class UnionReader {
    private final UnionDescriptor union;
    private final long shift;
    /**
     * Must hold an alternative: stored on its own (its data after its own bytes, its slot its size), or a required
     * union field; tag 0 is then damage.
     */
    private final boolean required;
    private final int standaloneBytes;
    private final long slot;
    /** The union's name, tag width and number of alternatives, kept here: read for every value. */
    private final String name;
    private final int tagBits;
    private final int count;
    /** The alternatives' names and types, by position. */
    private final String[] names;
    private final FieldType[] types;
    private ScalarField[] scalars;
    private RecordShape[] records;
    private DataReader[] data;

    UnionReader(UnionDescriptor union, long shift, boolean required) {
        this.union = union;
        this.shift = shift;
        this.required = required;
        this.standaloneBytes = (int) ((union.totalBits() + 7) / 8);
        this.slot = union.hasSlot() ? shift + union.tagBits() + union.inlineBits() : -1;
        this.name = union.name();
        this.tagBits = union.tagBits();
        this.count = union.alternatives().size();
        this.names = union.alternatives().stream().map(UnionDescriptor.Alternative::name).toArray(String[]::new);
        this.types = union.alternatives().stream().map(UnionDescriptor.Alternative::type).toArray(FieldType[]::new);
    }

    /** Makes the alternatives' readers, once this one is registered (a union may hold itself, through a list). */
    void build(Readers readers) {
        ScalarField[] scalarReaders = new ScalarField[count];
        RecordShape[] recordReaders = new RecordShape[count];
        DataReader[] dataReaders = new DataReader[count];
        String simple = simpleName(name);
        long place = shift + union.tagBits();
        for (int i = 0; i < count; i++) {
            UnionDescriptor.Alternative alternative = union.alternatives().get(i);
            FieldType type = alternative.type();
            if (!alternative.inline()) {
                dataReaders[i] = new DataReader(simple + "." + alternative.name(), type, readers);
            } else if (type instanceof FieldType.Nested nested) {
                recordReaders[i] = readers.shape(nested.record(), place);
            } else {
                scalarReaders[i] = new ScalarField(simple,
                        new FieldDescriptor(alternative.name(), i, 1, -1, place, -1, type, null));
            }
        }
        this.scalars = scalarReaders;
        this.records = recordReaders;
        this.data = dataReaders;
    }

    UnionDescriptor descriptor() {
        return union;
    }

    /** Whether alternative {@code i} (from 0) lives behind the union's slot rather than in its inline place. */
    boolean behindSlot(int i) {
        return data[i] != null;
    }

    /**
     * The tag of the union stored on its own in bytes {@code start .. end - 1}, from 1, where it fills them exactly
     * and holds an alternative, as {@link #standalone} reads it; else -1 ({@link #standalone} then says what is
     * wrong). Its alternative's data, if behind its slot, is bytes {@code start + }{@link #standaloneBytes()}
     * {@code .. end - 1}. For the XML writer's texts ({@link GenericValueText}).
     */
    int standaloneTag(ByteBuffer buffer, int start, int end) {
        int length = end - start;
        if (length < standaloneBytes || (slot < 0 ? standaloneBytes : RecordShape.slot(buffer, start, slot)) != length) {
            return -1;
        }
        int tag = (int) BitFields.read(buffer, start, shift, tagBits);
        return tag == 0 || tag > count ? -1 : tag;
    }

    /** The bytes of a union stored on its own before its data. */
    int standaloneBytes() {
        return standaloneBytes;
    }

    /** The reader of alternative {@code i} (from 0) where it is a scalar in the inline place; else null. */
    ScalarField inlineScalar(int i) {
        return scalars[i];
    }

    /**
     * The tag stored at {@code base}: 0 for none (a union field that holds no alternative), i for the i-th.
     *
     * @throws CorruptDataException naming {@code label} for a tag beyond the alternatives, or 0 where required
     */
    int tag(String label, ByteBuffer buffer, int base) {
        return UnionValues.tag(label, name, buffer, base, shift, tagBits, count, required);
    }

    /**
     * The union at {@code base}, its data (if any) from byte {@code dataStart} of it; null when it holds none. With
     * {@code views}, the view kept at {@code depth}, its alternative's value a view one deeper ({@link Views}).
     */
    Object value(String label, ByteBuffer buffer, int base, int dataStart, XmlViews views, int depth) {
        int tag = tag(label, buffer, base);
        if (tag == 0) {
            return null;
        }
        int i = tag - 1;
        DataReader behind = data[i];
        if (behind == null) {
            return inline(i, buffer, base, views, depth);
        }
        int end = RecordShape.slot(buffer, base, slot);
        checkRange(label, names[i], buffer, base, dataStart, end);
        return behind(i, buffer, base + dataStart, base + end, views, depth);
    }

    /**
     * Alternative {@code i}, stored behind the slot in bytes {@code start .. end - 1}: for the XML writer, a value
     * (a string, a number, bytes) is left in its bytes, whose text it writes from them.
     */
    private Object behind(int i, ByteBuffer buffer, int start, int end, XmlViews views, int depth) {
        DataReader behind = data[i];
        if (views != null && behind.value()) {
            return Views.unionInBytes(i, null, behind, buffer, start, end, views, depth);
        }
        return Views.union(i, names[i], types[i], behind.read(buffer, start, end, views, depth + 1), views, depth);
    }

    /** The inline alternative {@code i} at {@code base}; for the XML writer, a scalar is left in its bits. */
    private Object inline(int i, ByteBuffer buffer, int base, XmlViews views, int depth) {
        ScalarField scalar = scalars[i];
        if (scalar != null && views != null) {
            return Views.unionInBytes(i, scalar, null, buffer, base, base, views, depth);
        }
        Object value = scalar != null ? scalar.value(buffer, base)
                : Views.record(records[i], buffer, base, records[i].record().fixedBytes(), views, depth + 1);
        return Views.union(i, names[i], types[i], value, views, depth);
    }

    /**
     * The union field of compact record {@code shape} at {@code base}, its variable-length field {@code field}: its
     * tag and inline place where the field is, its data between the slots of the record's slot table, which it has
     * exactly when the alternative present lives behind the slot (docs/record-format.md, section 8.1); null when it
     * holds none.
     *
     * @throws CorruptDataException naming {@code label} when the slot bit does not agree with the alternative
     */
    Object compactValue(String label, ByteBuffer buffer, int base, int size, RecordShape shape, int field,
            XmlViews views, int depth) {
        int tag = tag(label, buffer, base);
        boolean hasSlot = CompactSlots.hasSlot(buffer, base, field);
        boolean behindSlot = tag != 0 && data[tag - 1] != null;
        if (hasSlot != behindSlot) {
            throw new CorruptDataException(label + ": union " + name + " holds " + (tag == 0
                    ? "no alternative" : "alternative " + names[tag - 1] + (behindSlot
                    ? " behind its slot" : ", which is inline,")) + " but its slot bit is " + (hasSlot ? 1 : 0));
        }
        if (tag == 0) {
            return null;
        } else if (!behindSlot) {
            return inline(tag - 1, buffer, base, views, depth);
        }
        int i = tag - 1;
        long span = shape.compactSpan(label, buffer, base, size, field);
        int start = CompactSlots.spanStart(span);
        int end = CompactSlots.spanEnd(span);
        checkRange(label, names[i], buffer, base, start, end);
        return behind(i, buffer, base + start, base + end, views, depth);
    }

    /** The union stored on its own in bytes {@code start .. end - 1}, which it must fill exactly. */
    Object standalone(String label, ByteBuffer buffer, int start, int end, XmlViews views, int depth) {
        int length = end - start;
        if (length < standaloneBytes) {
            throw new CorruptDataException(label + ": its " + length + " bytes cannot hold union " + name
                    + " of " + standaloneBytes + " bytes");
        }
        int size = slot < 0 ? standaloneBytes : RecordShape.slot(buffer, start, slot);
        if (size != length) {
            throw new CorruptDataException(label + ": union " + name + " says it takes "
                    + Integer.toUnsignedString(size) + " bytes, its data " + length);
        }
        return value(label, buffer, start, standaloneBytes, views, depth);
    }

    /**
     * Checks that the data {@code start .. end - 1} of an alternative lies within the buffer, as
     * {@link VariableData#length} does; its label ({@code label.alternative}) is made only for the message.
     */
    private static void checkRange(String label, String alternative, ByteBuffer buffer, int base, int start,
            int end) {
        if (start < 0 || end < start || end > buffer.limit() - base) {
            VariableData.length(label + "." + alternative, buffer, base, start, end);
        }
    }

    private static String simpleName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
