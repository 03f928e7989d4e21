package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.VariableData;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * How a {@link GenericWriter} writes a union (docs/record-format.md, section 5), as the generated union's
 * {@code encode} does: the tag, then the alternative held in the inline place after the tag (a scalar, or a record
 * of at most 64 bits) or as data behind the slot, which ends it. A union's value is a {@link GenericUnion}; an
 * abstract record's union also takes the {@link RecordValues} of one of its concrete records, whose record says
 * which alternative it is (as a generated setter takes the concrete bean).
 */
final class UnionEncoder {
    private final UnionDescriptor union;
    private final SchemaDescriptor schema;
    private final String simpleName;
    /** A union stored on its own takes its bits padded to whole bytes, then its data. */
    private final int standaloneBytes;
    private String[] labels;
    /** The alternatives' names, by position. */
    private final String[] names;
    private ScalarEncoder[] scalars;
    private RecordEncoder[] records;
    private DataEncoder[] data;

    UnionEncoder(UnionDescriptor union, SchemaDescriptor schema) {
        this.union = union;
        this.schema = schema;
        this.simpleName = union.name().substring(union.name().lastIndexOf('.') + 1);
        this.standaloneBytes = (int) ((union.totalBits() + 7) / 8);
        this.names = union.alternatives().stream().map(UnionDescriptor.Alternative::name).toArray(String[]::new);
    }

    /** Makes the alternatives' encoders, once this one is registered (a union may hold itself, through a list). */
    void build(Encoders encoders) {
        List<UnionDescriptor.Alternative> alternatives = union.alternatives();
        int count = alternatives.size();
        String[] names = new String[count];
        ScalarEncoder[] scalarEncoders = new ScalarEncoder[count];
        RecordEncoder[] recordEncoders = new RecordEncoder[count];
        DataEncoder[] dataEncoders = new DataEncoder[count];
        for (int i = 0; i < count; i++) {
            UnionDescriptor.Alternative alternative = alternatives.get(i);
            FieldType type = alternative.type();
            names[i] = simpleName + "." + alternative.name();
            if (!alternative.inline()) {
                dataEncoders[i] = DataEncoder.of(type, encoders);
            } else if (type instanceof FieldType.Nested nested) {
                recordEncoders[i] = encoders.record(nested.record());
            } else {
                scalarEncoders[i] = new ScalarEncoder((FieldType.Scalar) type, schema);
            }
        }
        this.labels = names;
        this.scalars = scalarEncoders;
        this.records = recordEncoders;
        this.data = dataEncoders;
    }

    boolean hasSlot() {
        return union.hasSlot();
    }

    /**
     * The alternative {@code value} holds, from 0; -1 for null (none).
     *
     * @throws IllegalArgumentException naming {@code label} when the value is no value of this union
     */
    private int alternative(String label, Object value) {
        if (value == null) {
            return -1;
        }
        if (value instanceof GenericUnion held) {
            int i = held.alternative();
            if (i < 0 || i >= labels.length || !names[i].equals(held.name())) {
                throw new IllegalArgumentException(label + ": union " + simpleName + " has no alternative " + i
                        + " named " + held.name() + "; its alternatives: " + String.join(", ",
                        union.alternatives().stream().map(UnionDescriptor.Alternative::name).toList()));
            }
            if (held.value() == null) {
                throw new IllegalArgumentException(label + ": the alternative " + held.name() + " of union "
                        + simpleName + " holds null");
            }
            return i;
        }
        if (union.fromAbstract() && value instanceof RecordValues values) {
            for (int i = 0; i < labels.length; i++) {
                if (union.alternatives().get(i).type() instanceof FieldType.Nested nested
                        && RecordEncoder.sameRecord(values, schema, nested.record())) {
                    return i;
                }
            }
        }
        throw GenericWriter.wrongType(label, simpleName, union.fromAbstract()
                ? "a GenericUnion, or the RecordValues of one of its concrete records" : "a GenericUnion", value);
    }

    private static Object held(Object value) {
        return value instanceof GenericUnion union ? union.value() : value;
    }

    /** The data bytes the alternative {@code value} holds takes: 0 when inline, or when it holds none. */
    long dataBytes(String label, Object value) {
        int i = alternative(label, value);
        return i < 0 || data[i] == null ? 0 : data[i].size(labels[i], held(value));
    }

    /**
     * Writes {@code value} at bit {@code bitOffset} of the record at {@code base} (its bits cleared), its data from
     * byte {@code start} of the record; returns where its data ends ({@code start} when it has none).
     *
     * @param required whether the union must hold an alternative (on its own: always)
     */
    int write(String label, Object value, boolean required, ByteBuffer buffer, int base, long bitOffset, int start) {
        return write(label, value, required, buffer, base, bitOffset, start, null);
    }

    /** {@link #write(String, Object, boolean, ByteBuffer, int, long, int)}, in one pass when {@code scratch} is set. */
    int write(String label, Object value, boolean required, ByteBuffer buffer, int base, long bitOffset, int start,
            EncodeScratch scratch) {
        int i = writeBits(label, value, required, buffer, base, bitOffset);
        int end = i < 0 ? start : start + (scratch == null
                ? data[i].write(labels[i], held(value), buffer, base + start)
                : data[i].writeOne(labels[i], held(value), scratch, base + start));
        if (union.hasSlot()) {
            BitFields.write(buffer, base, bitOffset + union.tagBits() + union.inlineBits(), VariableData.SLOT_BITS,
                    end);
        }
        return end;
    }

    /**
     * Writes the union's tag at bit {@code bitOffset} and, when the alternative {@code value} holds is inline, its
     * bits in the inline place; returns the alternative whose data lives behind the slot, or -1 (inline, or none).
     */
    private int writeBits(String label, Object value, boolean required, ByteBuffer buffer, int base, long bitOffset) {
        int i = alternative(label, value);
        if (i < 0 && required) {
            throw new IllegalArgumentException(label + ": the required union " + simpleName
                    + " holds no alternative");
        }
        BitFields.write(buffer, base, bitOffset, union.tagBits(), i + 1);
        if (i < 0) {
            return -1;
        }
        long place = bitOffset + union.tagBits();
        if (scalars[i] != null) {
            long bits = scalars[i].bits(labels[i], held(value));
            int width = scalars[i].width();
            if (width > 0) {
                BitFields.write(buffer, base, place, width, bits);
            }
            return -1;
        }
        if (records[i] != null) {
            records[i].encodeFixed(records[i].values(labels[i], held(value)), buffer, base, place);
            return -1;
        }
        return i;
    }

    /**
     * For a union field of a compact record: the data bytes the alternative {@code value} holds takes when it lives
     * behind the slot, -1 when the union has no end slot (an inline alternative, or none).
     */
    long slotData(String label, Object value) {
        int i = alternative(label, value);
        return i < 0 || data[i] == null ? -1 : data[i].size(labels[i], held(value));
    }

    /**
     * Writes {@code value} as a union field of a compact record at bit {@code bitOffset} of the record at {@code base}
     * (its bits cleared): its tag and inline place there, and for an alternative behind the slot its data from byte
     * {@code start} of the record; returns where that data ends, -1 when the union has no end slot
     * (docs/record-format.md, section 8.1). The caller sets the field's slot bit when it has one.
     */
    int writeCompact(String label, Object value, boolean required, ByteBuffer buffer, int base, long bitOffset,
            int start, EncodeScratch scratch) {
        int i = writeBits(label, value, required, buffer, base, bitOffset);
        if (i < 0) {
            return -1;
        }
        return start + (scratch == null ? data[i].write(labels[i], held(value), buffer, base + start)
                : data[i].writeOne(labels[i], held(value), scratch, base + start));
    }

    /**
     * For a union field of a compact record: whether {@code value} has an end slot (its alternative lives behind
     * it), what {@link #slotData} says without sizing the data.
     */
    boolean hasSlot(String label, Object value) {
        int i = alternative(label, value);
        return i >= 0 && data[i] != null;
    }

    /** The encoder of this union stored on its own: a list element, another union's alternative. */
    DataEncoder standalone() {
        return new DataEncoder() {
            @Override
            long size(String label, Object value) {
                return standaloneBytes + dataBytes(label, value);
            }

            @Override
            int write(String label, Object value, ByteBuffer buffer, int at) {
                BitFields.clear(buffer, at, 0, 8L * standaloneBytes);
                return UnionEncoder.this.write(label, value, true, buffer, at, 0, standaloneBytes);
            }

            @Override
            int writeOne(String label, Object value, EncodeScratch scratch, int at) {
                BitFields.clear(scratch.buffer, at, 0, 8L * standaloneBytes);
                return UnionEncoder.this.write(label, value, true, scratch.buffer, at, 0, standaloneBytes, scratch);
            }
        };
    }
}
