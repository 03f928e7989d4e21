package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.FieldBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.text.BoolField;
import dev.sdo.runtime.text.TextField;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes flat records as a JSON array of objects, one per line, as {@link JsonTreeWriter} writes every other record:
 * numbers as JSON numbers, booleans as {@code true} and {@code false}, dates, times and timestamps in ISO-8601 (not
 * in a {@code @csv(format)}, which is CSV's), enum names and characters as JSON strings, absent optional fields as
 * {@code null}.
 */
final class JsonRecordWriter {
    private final List<TextField> fields;
    private final List<String> names;

    JsonRecordWriter(List<TextField> fields, List<String> names) {
        this.fields = List.copyOf(fields);
        this.names = List.copyOf(names);
    }

    /** The writer of {@code layout}'s records: its fields' bindings, dates and times in ISO-8601. */
    static JsonRecordWriter of(RecordLayout layout) {
        List<TextField> fields = CsvRecordBinding.of(layout).fields().stream()
                .map(JsonRecordWriter::iso).map(FieldBinding::create).toList();
        return new JsonRecordWriter(fields, layout.fields().stream().map(f -> f.field().name()).toList());
    }

    /** {@code binding} with ISO-8601 in place of a date or time pattern. */
    private static FieldBinding iso(FieldBinding binding) {
        if (binding instanceof FieldBinding.Date date) {
            return new FieldBinding.Date(date.at(), date.width(), date.lo(), date.hi(), ISO_DATE);
        }
        if (binding instanceof FieldBinding.Time time) {
            return new FieldBinding.Time(time.at(), null);
        }
        return binding;
    }

    /** ISO-8601's calendar date, as a {@code java.time} pattern. */
    private static final String ISO_DATE = "yyyy-MM-dd";

    /**
     * Writes the records of {@code store}.
     *
     * @throws CorruptDataException naming the record when a stored value is none the encoder writes
     */
    void write(RecordStore store, Writer out) throws IOException {
        StringBuilder line = new StringBuilder(256);
        StringBuilder value = new StringBuilder(64);
        out.write("[");
        for (long index = 0; index < store.size(); index++) {
            ByteBuffer chunk = store.chunkOf(index);
            int base = store.offsetOf(index);
            line.setLength(0);
            line.append(index == 0 ? "\n  {" : ",\n  {");
            for (int i = 0; i < fields.size(); i++) {
                TextField field = fields.get(i);
                quote(names.get(i), line.append(i == 0 ? "" : ", "));
                line.append(": ");
                if (!field.present(chunk, base)) {
                    line.append("null");
                    continue;
                }
                value.setLength(0);
                try {
                    field.write(chunk, base, value);
                } catch (CorruptDataException e) {
                    throw new CorruptDataException("record " + index + " (counted from 0): " + e.getMessage());
                }
                if (field instanceof BoolField || field.numeric() && isJsonNumber(value)) {
                    line.append(value);
                } else {
                    quote(value, line);
                }
            }
            out.append(line).append('}');
        }
        out.write(store.size() == 0 ? "]\n" : "\n]\n");
    }

    /** NaN and the infinities of float fields are no JSON numbers: they are written as strings. */
    private static boolean isJsonNumber(CharSequence value) {
        char first = value.charAt(0);
        return first == '-' ? value.length() > 1 && Character.isDigit(value.charAt(1)) : Character.isDigit(first);
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
