package dev.sdo.runtime.generic;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.ListNumbers;
import dev.sdo.runtime.PackedList;
import dev.sdo.runtime.RecordList;
import dev.sdo.runtime.StringList;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * How a {@link GenericWriter} writes a list's data (docs/record-format.md, section 3), as generated code writes it:
 * fixed-width values packed at their bit width, records of fixed width at a byte stride, strings by
 * {@link StringList}, other elements of variable size through an end-offset table. Each element is checked as a
 * field of its type is; a value that does not fit is reported naming the element ({@link FieldValues#inElement}).
 */
final class ListEncoder extends DataEncoder {
    /** The forms of a list's data. */
    private enum Form { PACKED, RECORDS, STRINGS, VARIABLE }

    private final String typeText;
    private final Form form;
    private final ScalarEncoder packed;
    private final RecordEncoder record;
    private final DataEncoder variable;

    ListEncoder(FieldType.ListOf list, Encoders encoders) {
        this.typeText = TypeText.of(list, encoders.schema());
        FieldType element = list.element();
        if (element instanceof FieldType.Text) {
            form = Form.STRINGS;
            packed = null;
            record = null;
            variable = null;
        } else if (DataReader.variable(element)) {
            form = Form.VARIABLE;
            packed = null;
            record = null;
            variable = DataEncoder.of(element, encoders);
        } else if (element instanceof FieldType.Nested nested) {
            form = Form.RECORDS;
            packed = null;
            record = encoders.record(nested.record());
            variable = null;
        } else {
            form = Form.PACKED;
            packed = new ScalarEncoder((FieldType.Scalar) element, encoders.schema());
            record = null;
            variable = null;
        }
    }

    @Override
    long size(String label, Object value) {
        return size(label, value, ListNumbers.BYTES);
    }

    /**
     * The bytes {@code value} takes with its count and end offsets {@code numberBytes} bytes wide (0: the rest of
     * its data alone).
     */
    long size(String label, Object value, int numberBytes) {
        List<?> list = list(label, value);
        switch (form) {
            case PACKED:
                return PackedList.byteSize(list.size(), packed.width(), numberBytes);
            case RECORDS:
                return RecordList.byteSize(list.size(), record.fixedBytes(), numberBytes);
            case STRINGS:
                for (int i = 0; i < list.size(); i++) {
                    Object element = list.get(i);
                    if (element != null && !(element instanceof String)) {
                        throw FieldValues.inElement(label, i, GenericWriter.wrongType(label, "string", "a String",
                                element));
                    }
                }
                @SuppressWarnings("unchecked") // every element is a String or null, checked above
                List<String> strings = (List<String>) list;
                return StringList.byteSize(label, strings, numberBytes);
            default:
                long bytes = numberBytes * (1L + list.size());
                for (int i = 0; i < list.size(); i++) {
                    try {
                        bytes += variable.size(label, FieldValues.requireElement(label, list.get(i)));
                    } catch (IllegalArgumentException e) {
                        throw FieldValues.inElement(label, i, e);
                    }
                }
                return bytes;
        }
    }

    /**
     * Whether the list has fewer elements than bytes of data, so that a compact record's slot width holds its count
     * and its count and end offsets take that width (docs/record-format.md, section 8.5): elements of variable size,
     * records of at least a byte, packed values of at least 8 bits.
     */
    boolean countWithinData() {
        return switch (form) {
            case STRINGS, VARIABLE -> true;
            case RECORDS -> record.fixedBytes() > 0;
            case PACKED -> packed.width() >= Byte.SIZE;
        };
    }

    /**
     * How many numbers (count, end offsets) {@code value}, a list sized first, has: what a compact record that holds it
     * stores at its slot width (docs/record-format.md, section 8.5).
     */
    long numbers(Object value) {
        return ListNumbers.numbers(((List<?>) value).size(), form == Form.STRINGS || form == Form.VARIABLE);
    }

    @Override
    int write(String label, Object value, ByteBuffer buffer, int at) {
        return write(label, value, buffer, at, ListNumbers.BYTES);
    }

    /** {@link #write(String, Object, ByteBuffer, int)} with the count and end offsets {@code numberBytes} bytes wide. */
    int write(String label, Object value, ByteBuffer buffer, int at, int numberBytes) {
        List<?> list = (List<?>) value;
        int count = list.size();
        switch (form) {
            case PACKED:
                return writePacked(label, list, buffer, at, numberBytes);
            case RECORDS:
                return writeRecords(label, list, buffer, at, numberBytes);
            case STRINGS:
                @SuppressWarnings("unchecked") // checked by size
                List<String> strings = (List<String>) list;
                return StringList.write(label, buffer, at, strings, numberBytes);
            default:
                ListNumbers.write(buffer, at, numberBytes, count);
                int end = numberBytes * (1 + count);
                for (int i = 0; i < count; i++) {
                    try {
                        end += variable.write(label, FieldValues.requireElement(label, list.get(i)), buffer, at + end);
                    } catch (IllegalArgumentException e) {
                        throw FieldValues.inElement(label, i, e);
                    }
                    ListNumbers.write(buffer, at + numberBytes * (1 + i), numberBytes, end);
                }
                return end;
        }
    }

    @Override
    int writeOne(String label, Object value, EncodeScratch scratch, int at) {
        return writeOne(label, value, scratch, at, ListNumbers.BYTES);
    }

    /**
     * {@link #write(String, Object, ByteBuffer, int, int)} in one pass ({@link DataEncoder#writeOne}): the elements
     * of variable size written by their own {@code writeOne}, checked as they are written.
     */
    int writeOne(String label, Object value, EncodeScratch scratch, int at, int numberBytes) {
        if (form != Form.VARIABLE) {
            return write(label, list(label, value), scratch.buffer, at, numberBytes);
        }
        List<?> list = list(label, value);
        ByteBuffer buffer = scratch.buffer;
        int count = list.size();
        ListNumbers.write(buffer, at, numberBytes, count);
        int end = numberBytes * (1 + count);
        for (int i = 0; i < count; i++) {
            try {
                end += variable.writeOne(label, FieldValues.requireElement(label, list.get(i)), scratch, at + end);
            } catch (IllegalArgumentException e) {
                throw FieldValues.inElement(label, i, e);
            }
            ListNumbers.write(buffer, at + numberBytes * (1 + i), numberBytes, end);
        }
        return end;
    }

    /** Whether the list's numbers hold an end offset per element besides its count (elements of variable size). */
    boolean table() {
        return form == Form.STRINGS || form == Form.VARIABLE;
    }

    private int writePacked(String label, List<?> list, ByteBuffer buffer, int at, int numberBytes) {
        int count = list.size();
        int width = packed.width();
        int size = Math.toIntExact(PackedList.byteSize(count, width, numberBytes));
        BitFields.clear(buffer, at, 0, 8L * size);
        ListNumbers.write(buffer, at, numberBytes, count);
        for (int i = 0; i < count; i++) {
            long bit = Byte.SIZE * numberBytes + (long) i * width;
            try {
                Object element = FieldValues.requireElement(label, list.get(i));
                if (packed.wide()) {
                    packed.writeWide(label, element, buffer, at, bit);
                } else {
                    long bits = packed.bits(label, element);
                    if (width > 0) {
                        BitFields.write(buffer, at, bit, width, bits);
                    }
                }
            } catch (IllegalArgumentException e) {
                throw FieldValues.inElement(label, i, e);
            }
        }
        return size;
    }

    private int writeRecords(String label, List<?> list, ByteBuffer buffer, int at, int numberBytes) {
        int count = list.size();
        int stride = record.fixedBytes();
        int size = Math.toIntExact(RecordList.byteSize(count, stride, numberBytes));
        BitFields.clear(buffer, at, 0, 8L * size);
        ListNumbers.write(buffer, at, numberBytes, count);
        for (int i = 0; i < count; i++) {
            try {
                RecordValues element = record.values(label, FieldValues.requireElement(label, list.get(i)));
                record.encodeFixed(element, buffer, at + numberBytes + i * stride, 0);
            } catch (IllegalArgumentException e) {
                throw FieldValues.inElement(label, i, e);
            }
        }
        return size;
    }

    private List<?> list(String label, Object value) {
        if (!(value instanceof List<?> list)) {
            throw GenericWriter.wrongType(label, typeText, "a java.util.List", value);
        }
        return list;
    }
}
