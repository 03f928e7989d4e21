package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.runtime.CorruptDataException;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;

/**
 * Writes records of any shape as a JSON array of objects, one record per line, through the getters of their
 * generated interface: nested records as objects, lists as arrays, numbers as JSON numbers (NaN and the
 * infinities as strings), bytes as base64 strings, enums by name, dates, times and timestamps in ISO-8601, absent
 * optional fields as {@code null}. {@link JsonRecordWriter} is the faster writer of flat records.
 */
final class JsonTreeWriter {
    private final GeneratedRecord classes;
    private final RecordType record;

    JsonTreeWriter(GeneratedRecord classes, RecordType record) {
        this.classes = classes;
        this.record = record;
    }

    /**
     * Writes the records of {@code batch}.
     *
     * @throws CorruptDataException naming the record (counted from 0) whose bytes do not hold a record
     */
    void write(GeneratedRecord.Batch batch, Writer out) throws IOException {
        StringBuilder line = new StringBuilder(1024);
        int size = batch.size();
        out.write("[");
        for (int index = 0; index < size; index++) {
            line.setLength(0);
            line.append(index == 0 ? "\n  " : ",\n  ");
            try {
                object(record, batch.get(index), line);
            } catch (CorruptDataException e) {
                throw GeneratedRecord.Batch.atRecord(index, e);
            }
            out.append(line);
        }
        out.write(size == 0 ? "]\n" : "\n]\n");
    }

    private void object(RecordType type, Object value, StringBuilder out) {
        out.append('{');
        List<GeneratedRecord.Getter> getters = classes.getters(type);
        for (int i = 0; i < getters.size(); i++) {
            GeneratedRecord.Getter getter = getters.get(i);
            JsonRecordWriter.quote(getter.field().name(), out.append(i == 0 ? "" : ", "));
            out.append(": ");
            value(getter.encoding(), GeneratedRecord.invokeUnchecked(getter.method(), value), out);
        }
        out.append('}');
    }

    private void value(Encoding encoding, Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (encoding instanceof Encoding.Nested nested) {
            object(nested.record(), value, out);
        } else if (encoding instanceof Encoding.Union union) {
            union(union.layout(), value, out);
        } else if (encoding instanceof Encoding.ListOf list) {
            out.append('[');
            boolean first = true;
            for (Object element : (List<?>) value) {
                out.append(first ? "" : ", ");
                first = false;
                value(list.element(), element, out);
            }
            out.append(']');
        } else {
            scalar(value, out);
        }
    }

    /**
     * A union as an object of one member, its alternative's name and value: {@code {"swap": {...}}}; for an abstract
     * record, the most derived of its concrete records that the value is.
     */
    private void union(UnionLayout union, Object value, StringBuilder out) {
        Field present = null;
        Encoding presentEncoding = null;
        Object held = null;
        List<GeneratedRecord.Getter> alternatives = classes.alternatives(union);
        if (alternatives != null) {
            for (GeneratedRecord.Getter alternative : alternatives) {
                Object candidate = GeneratedRecord.invokeUnchecked(alternative.method(), value);
                if (candidate != null) {
                    present = alternative.field();
                    presentEncoding = alternative.encoding();
                    held = candidate;
                }
            }
        } else {
            Class<?> best = null;
            for (UnionLayout.AlternativeLayout alternative : union.alternatives()) {
                Encoding.Nested extension = (Encoding.Nested) alternative.encoding();
                Class<?> type = classes.recordInterface(extension.record().name());
                if (type.isInstance(value) && (best == null || best.isAssignableFrom(type))) {
                    best = type;
                    present = alternative.field();
                    presentEncoding = extension;
                    held = value;
                }
            }
        }
        if (present == null) {
            out.append("null");
            return;
        }
        JsonRecordWriter.quote(present.name(), out.append('{'));
        value(presentEncoding, held, out.append(": "));
        out.append('}');
    }

    private static void scalar(Object value, StringBuilder out) {
        if (value instanceof Boolean) {
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
            JsonRecordWriter.quote(Base64.getEncoder().encodeToString(bytes), out);
        } else if (value instanceof Enum<?> constant) {
            JsonRecordWriter.quote(constant.name(), out);
        } else {
            JsonRecordWriter.quote(value.toString(), out);
        }
    }
}
