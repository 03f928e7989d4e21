package dev.sdo.runtime.generic;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.ListNumbers;
import dev.sdo.runtime.VariableList;
import dev.sdo.runtime.text.XmlText;
import dev.sdo.runtime.text.XmlValueText;
import dev.sdo.runtime.text.XmlViews;
import java.nio.ByteBuffer;

/**
 * How a list's data is read (docs/record-format.md, section 3), by its element type: fixed-width values packed at
 * their bit width, records of fixed width at a byte stride, or elements of variable size through an end-offset
 * table. Element i is found in constant time; {@link #read} checks the count against the data's length first.
 */
final class ListReader {
    /** The forms of a list's data. */
    private enum Form { PACKED, RECORDS, VARIABLE }

    private final String label;
    private final Form form;
    /** Packed values: a reader of an element that starts {@code s} bits after its byte, for s = 0..7. */
    private final ScalarField[] packed;
    private final long width;
    private final RecordShape record;
    private final int stride;
    private final DataReader variable;

    ListReader(String label, FieldType element, Readers readers) {
        this.label = label;
        if (DataReader.variable(element)) {
            form = Form.VARIABLE;
            variable = new DataReader(label + "[]", element, readers);
            packed = null;
            width = 0;
            record = null;
            stride = 0;
        } else if (element instanceof FieldType.Nested nested) {
            form = Form.RECORDS;
            record = readers.shape(nested.record(), 0);
            stride = record.record().fixedBytes();
            variable = null;
            packed = null;
            width = 0;
        } else {
            form = Form.PACKED;
            width = element.bits();
            packed = new ScalarField[Byte.SIZE];
            int dot = label.indexOf('.');
            String owner = dot < 0 ? label : label.substring(0, dot);
            String field = label.substring(dot + 1) + "[]";
            for (int shift = 0; shift < Byte.SIZE; shift++) {
                packed[shift] = new ScalarField(owner, new FieldDescriptor(field, 0, 1, -1, shift, -1, element, null));
            }
            this.record = null;
            stride = 0;
            variable = null;
        }
    }

    /**
     * The list in bytes {@code start .. end - 1} of {@code buffer}, after checking that its count fits its data.
     *
     * @throws CorruptDataException naming the list otherwise
     */
    GenericList read(ByteBuffer buffer, int start, int end, XmlViews views, int depth) {
        return read(buffer, start, end, ListNumbers.BYTES, views, depth);
    }

    /**
     * Whether the list has fewer elements than bytes of data, so that a compact record's slot width holds its count
     * and its count and end offsets take that width (docs/record-format.md, section 8.5), as
     * {@code ListEncoder.countWithinData} says.
     */
    boolean countWithinData() {
        return switch (form) {
            case VARIABLE -> true;
            case RECORDS -> stride > 0;
            case PACKED -> width >= Byte.SIZE;
        };
    }

    /**
     * {@link #read(ByteBuffer, int, int)} of a list whose count and end offsets are {@code numberBytes} bytes wide:
     * 4, or the slot width of the compact record whose field it is (docs/record-format.md, section 8.5). With
     * {@code views}, the view kept at {@code depth} ({@link Views}).
     */
    GenericList read(ByteBuffer buffer, int start, int end, int numberBytes, XmlViews views, int depth) {
        long length = end - start;
        if (length < numberBytes) {
            throw new CorruptDataException(label + ": a list's " + length + " bytes cannot hold its count");
        }
        long count = ListNumbers.read(buffer, start, numberBytes);
        long needed = switch (form) {
            case PACKED -> numberBytes + (count * width + 7) / 8;
            case RECORDS -> numberBytes + count * stride;
            case VARIABLE -> numberBytes + count * numberBytes;
        };
        if (form == Form.VARIABLE ? needed > length : needed != length) {
            throw new CorruptDataException(label + ": a list of " + count + " elements in " + length + " bytes of data"
                    + (form == Form.VARIABLE ? ", which cannot hold its offsets table" : ", which take " + needed));
        }
        return Views.list(this, buffer, start, end, (int) count, numberBytes, views, depth);
    }

    /**
     * Element {@code index} of the list at {@code start} (ending at {@code end}) of {@code count} elements, its
     * numbers {@code numberBytes} bytes wide; with {@code views}, a record, list or union as the view kept at
     * {@code depth} ({@link Views}).
     */
    Object element(ByteBuffer buffer, int start, int end, int count, int numberBytes, int index, XmlViews views,
            int depth) {
        return switch (form) {
            case PACKED -> scalar(buffer, start, index, packedShift(index))
                    .value(buffer, packedBase(start, numberBytes, index));
            case RECORDS -> Views.record(record, buffer, start + numberBytes + index * stride, stride, views, depth);
            case VARIABLE -> variableElement(buffer, start, end, count, numberBytes, index, views, depth);
        };
    }

    /** A packed element's number, as {@link GenericRecord#getLong} reads a field's. */
    long longElement(ByteBuffer buffer, int start, int numberBytes, int index) {
        return scalar(buffer, start, index, packedShift(index))
                .longValue(buffer, packedBase(start, numberBytes, index));
    }

    /** A packed float element. */
    double doubleElement(ByteBuffer buffer, int start, int numberBytes, int index) {
        return scalar(buffer, start, index, packedShift(index))
                .doubleValue(buffer, packedBase(start, numberBytes, index));
    }

    private ScalarField scalar(ByteBuffer buffer, int start, int index, int shift) {
        if (form != Form.PACKED) {
            throw new IllegalArgumentException(label + " holds " + (form == Form.RECORDS ? "records" : "values of "
                    + "variable size") + ": get(i) reads its elements, getLong and getDouble fixed-width values");
        }
        return packed[shift];
    }

    private int packedShift(int index) {
        return (int) ((index * width) & 7);
    }

    private int packedBase(int start, int numberBytes, int index) {
        return start + numberBytes + (int) ((index * width) >>> 3);
    }

    /**
     * The XML text of element {@code index} from its bytes, as {@code text} gives it ({@link GenericValueText}):
     * a packed value's number, or a value of variable size from its data; {@link XmlValueText#OTHER} where the
     * element is read otherwise, or its offsets are not a range ({@link #element} then says so).
     */
    int elementText(GenericValueText text, ByteBuffer buffer, int start, int end, int count, int numberBytes, int index,
            XmlText into) {
        if (form == Form.PACKED) {
            return text.scalarItemText(packed[packedShift(index)], buffer, packedBase(start, numberBytes, index), into);
        } else if (form != Form.VARIABLE) {
            return XmlValueText.OTHER;
        }
        long span = variableSpan(buffer, start, end, count, numberBytes, index);
        if (span < 0) {
            return XmlValueText.OTHER;
        }
        return text.dataItemText(variable, buffer, start + (int) (span >>> Integer.SIZE), start + (int) span, into);
    }

    /**
     * Where element {@code index} of a list of values of variable size lies, from the list's start: its start in the
     * high 32 bits, its end in the low; -1 where its offsets are not a range within the list's data.
     */
    private static long variableSpan(ByteBuffer buffer, int start, int end, int count, int numberBytes, int index) {
        int table = start + numberBytes;
        long first = numberBytes + (long) count * numberBytes;
        long from = index == 0 ? first : ListNumbers.read(buffer, table + numberBytes * (index - 1), numberBytes);
        long to = ListNumbers.read(buffer, table + numberBytes * index, numberBytes);
        if (from < first || to < from || to > end - start) {
            return -1;
        }
        return from << Integer.SIZE | to;
    }

    private Object variableElement(ByteBuffer buffer, int start, int end, int count, int numberBytes, int index,
            XmlViews views, int depth) {
        long span = variableSpan(buffer, start, end, count, numberBytes, index);
        if (span < 0) {
            int table = start + numberBytes;
            long first = numberBytes + (long) count * numberBytes;
            long from = index == 0 ? first : ListNumbers.read(buffer, table + numberBytes * (index - 1), numberBytes);
            long to = ListNumbers.read(buffer, table + numberBytes * index, numberBytes);
            throw new CorruptDataException(VariableList.elementName(label, index) + ": its data " + from + ".." + to
                    + " is not a range within the list's " + (end - start) + " bytes after its offsets table");
        }
        try {
            return variable.read(buffer, start + (int) (span >>> Integer.SIZE), start + (int) span, views, depth);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(VariableList.elementName(label, index) + ": " + e.getMessage());
        }
    }
}
