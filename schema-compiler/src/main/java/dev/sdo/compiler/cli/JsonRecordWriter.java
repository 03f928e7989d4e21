package dev.sdo.compiler.cli;

import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.text.TextField;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes records as a JSON array of objects, one per line: numbers as JSON numbers, everything else (dates in
 * their field's format, enum names, strings) as JSON strings, absent optional fields as {@code null}.
 */
final class JsonRecordWriter {
    private final List<TextField> fields;
    private final List<String> names;

    JsonRecordWriter(List<TextField> fields, List<String> names) {
        this.fields = List.copyOf(fields);
        this.names = List.copyOf(names);
    }

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
                field.write(chunk, base, value);
                if (field.numeric() && isJsonNumber(value)) {
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
