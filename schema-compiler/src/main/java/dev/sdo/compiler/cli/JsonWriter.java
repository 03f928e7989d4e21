package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.FieldBinding;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.text.TextField;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;

/**
 * The JSON of {@code sdoc dump}, for records of every shape: an array of objects, one record per line; nested
 * records as objects, lists as arrays, numbers as JSON numbers (NaN and the infinities as strings), booleans as
 * {@code true} and {@code false}, bytes as base64 strings, enums by name, dates, times and timestamps in ISO-8601
 * (never in a {@code @csv(format)}, which is CSV's), absent optional fields as {@code null}.
 *
 * <p>One writer, so that a record's JSON does not depend on how the record is read: flat records straight from
 * their bits by their fields' bindings ({@link #writeFlat}), others through the runtime's generic records
 * ({@link #writeGeneric}); both hand the same Java values to the same {@link #scalar}.
 */
final class JsonWriter {
    private JsonWriter() {}

    /** Appends the JSON object of record {@code index} to a line. */
    @FunctionalInterface
    private interface RecordJson {
        void append(long index, StringBuilder line);
    }

    /**
     * Writes the flat records of {@code layout} in {@code store}, read from their bits.
     *
     * @throws CorruptDataException naming the record when a stored value is none the encoder writes
     */
    static void writeFlat(RecordLayout layout, RecordStore store, Writer out) throws IOException {
        List<TextField> fields = CsvRecordBinding.of(layout).fields().stream().map(FieldBinding::create).toList();
        List<String> names = layout.fields().stream().map(f -> f.field().name()).toList();
        List<Encoding> encodings = layout.fields().stream().map(f -> f.encoding()).toList();
        boolean[] unsigned64 = new boolean[encodings.size()];
        TimePrecision[] precisions = new TimePrecision[encodings.size()];
        for (int i = 0; i < encodings.size(); i++) {
            unsigned64[i] = encodings.get(i) instanceof Encoding.Int integer && integer.kind().unsigned64();
            precisions[i] = encodings.get(i) instanceof Encoding.Time t ? t.precision()
                    : encodings.get(i) instanceof Encoding.Timestamp t ? t.precision() : null;
        }
        writeArray(store.size(), (index, line) -> {
            ByteBuffer chunk = store.chunkOf(index);
            int base = store.offsetOf(index);
            line.append('{');
            for (int i = 0; i < fields.size(); i++) {
                member(names.get(i), i, line);
                scalar(fields.get(i).value(chunk, base), unsigned64[i], precisions[i], line);
            }
            line.append('}');
        }, out);
    }

    /**
     * Writes the records of a file read with no generated class, by the schema it carries: the same members and
     * values as {@link #writeFlat} writes for the same records.
     *
     * @throws CorruptDataException naming the record when its bytes hold no record
     */
    static void writeGeneric(GenericBatch batch, Writer out) throws IOException {
        GenericRecord cursor = batch.cursor();
        writeArray(batch.size(), (index, line) -> object(batch.moveTo(cursor, index), line), out);
    }

    /**
     * Writes the {@code size} records of {@code records} ({@link GenericRecord}s, or {@link RecordValues} holding what
     * such records read), each asked for after the one before is written.
     *
     * @throws CorruptDataException naming the record when its bytes hold no record
     */
    static void writeGeneric(Iterable<?> records, long size, Writer out) throws IOException {
        Iterator<?> each = records.iterator();
        writeArray(size, (index, line) -> object(each.next(), line), out);
    }

    private static void object(Object record, StringBuilder out) {
        out.append('{');
        RecordDescriptor descriptor = record instanceof GenericRecord read ? read.descriptor()
                : ((RecordValues) record).descriptor();
        List<FieldDescriptor> fields = descriptor.fields();
        for (int i = 0; i < fields.size(); i++) {
            member(fields.get(i).name(), i, out);
            value(fields.get(i).type(), record instanceof GenericRecord read ? read.get(i)
                    : ((RecordValues) record).get(i), out);
        }
        out.append('}');
    }

    /** A value a {@link GenericRecord} read, of {@code type}: as the generated path writes one of its encoding. */
    private static void value(FieldType type, Object value, StringBuilder out) {
        if (value instanceof GenericRecord record) {
            object(record, out);
        } else if (value instanceof GenericList list) {
            FieldType element = ((FieldType.ListOf) type).element();
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                value(element, list.get(i), out.append(i == 0 ? "" : ", "));
            }
            out.append(']');
        } else if (value instanceof GenericUnion union) {
            quote(union.name(), out.append('{'));
            value(union.type(), union.value(), out.append(": "));
            out.append('}');
        } else {
            scalar(value, type instanceof FieldType.Unsigned64, type instanceof FieldType.Time t ? t.precision()
                    : type instanceof FieldType.Timestamp t ? t.precision() : null, out);
        }
    }

    private static void writeArray(long size, RecordJson record, Writer out) throws IOException {
        StringBuilder line = new StringBuilder(1024);
        out.write("[");
        for (long index = 0; index < size; index++) {
            line.setLength(0);
            line.append(index == 0 ? "\n  " : ",\n  ");
            try {
                record.append(index, line);
            } catch (CorruptDataException e) {
                throw new CorruptDataException("record " + index + " (counted from 0): " + e.getMessage());
            }
            out.append(line);
        }
        out.write(size == 0 ? "]\n" : "\n]\n");
    }

    /** Starts the member {@code name}, the object's {@code i}th (from 0). */
    private static void member(String name, int i, StringBuilder out) {
        quote(name, out.append(i == 0 ? "" : ", "));
        out.append(": ");
    }

    /**
     * A value that is neither a record nor a list, of a field that is a {@code uint64} or not, and of a time or
     * timestamp unit ({@code precision}, null for other fields): a {@code uint64} unsigned; times and timestamps of a
     * unit finer than a millisecond with every digit of the unit, as CSV and XML write them; anything else by
     * {@link #scalar(Object, StringBuilder)}.
     */
    private static void scalar(Object value, boolean unsigned64, TimePrecision precision, StringBuilder out) {
        if (value instanceof Long number && unsigned64) {
            out.append(Long.toUnsignedString(number));
        } else if (value instanceof LocalTime time && precision != null) {
            quote(precision.format(time), out);
        } else if (value instanceof Instant instant && precision != null) {
            quote(precision.format(instant), out);
        } else if (value instanceof LocalDateTime dateTime && precision != null) {
            quote(precision.format(dateTime), out);
        } else {
            scalar(value, out);
        }
    }

    /**
     * The one rule for a field's value that is neither a record nor a list, however it was read: {@code null} for
     * an absent value; a time as CSV and XML write it ({@code 09:30:00}, not {@code LocalTime}'s {@code 09:30}).
     */
    static void scalar(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Float f && !f.isNaN() && !f.isInfinite()) {
            out.append(f);
        } else if (value instanceof Double d && !d.isNaN() && !d.isInfinite()) {
            out.append(d);
        } else if (value instanceof BigDecimal decimal) {
            out.append(decimal.toPlainString());
        } else if (value instanceof Number number && !(value instanceof Float) && !(value instanceof Double)) {
            out.append(number);
        } else if (value instanceof byte[] bytes) {
            quote(Base64.getEncoder().encodeToString(bytes), out);
        } else if (value instanceof Enum<?> constant) {
            quote(constant.name(), out);
        } else if (value instanceof LocalTime time) {
            quote(DateTimeFormatter.ISO_LOCAL_TIME.format(time), out);
        } else {
            quote(value.toString(), out);
        }
    }

    /** Appends {@code text} as a JSON string. */
    static void quote(CharSequence text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
