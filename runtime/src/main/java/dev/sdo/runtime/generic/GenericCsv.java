package dev.sdo.runtime.generic;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.text.CsvBinding;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.TextValues;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Base64;

/**
 * The CSV of a batch read by its own schema ({@code sdoc dump FILE.sdob} without {@code --schema}): a header of the
 * field names, commas, one row per record; scalars in ISO formats (the record's {@code @csv} options are not in the
 * file), strings as they are and blobs in base64, quoted as RFC 4180 has it, an empty string as {@code ""} and an
 * absent value as an empty cell, as the generated CSV bindings write them. Records with nested records, lists or
 * unions have no columns for them and are refused ({@link #problem}).
 */
public final class GenericCsv {
    private static final char DELIMITER = ',';
    private static final TextValue<String> STRING = TextValues.csvString();

    private GenericCsv() {}

    /** Why records of {@code record} cannot be written as CSV, or null when they can. */
    public static String problem(RecordDescriptor record) {
        for (FieldDescriptor field : record.fields()) {
            FieldType type = field.type();
            if (type instanceof FieldType.Nested || type instanceof FieldType.ListOf
                    || type instanceof FieldType.Union) {
                return record.simpleName() + "." + field.name() + " is " + (type instanceof FieldType.Nested
                        ? "a nested record" : type instanceof FieldType.ListOf ? "a list" : "a union")
                        + ", which CSV does not carry";
            }
        }
        return null;
    }

    /**
     * Writes the records of {@code batch} as CSV text to {@code out}, which the caller flushes.
     *
     * @throws IllegalArgumentException when the records cannot be written as CSV ({@link #problem})
     * @throws CorruptDataException naming the record (counted from 0) whose bytes hold no record
     */
    public static void write(GenericBatch batch, Writer out) throws IOException {
        String problem = problem(batch.record());
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        RecordDescriptor record = batch.record();
        StringBuilder row = new StringBuilder(256);
        for (FieldDescriptor field : record.fields()) {
            if (field.index() > 0) {
                row.append(DELIMITER);
            }
            CsvBinding.appendCell(field.name(), row, DELIMITER);
        }
        out.append(row).append('\n');
        GenericRecord cursor = batch.cursor();
        StringBuilder cell = new StringBuilder(64);
        for (long index = 0; index < batch.size(); index++) {
            row.setLength(0);
            try {
                batch.moveTo(cursor, index);
                for (int i = 0; i < record.fields().size(); i++) {
                    if (i > 0) {
                        row.append(DELIMITER);
                    }
                    cell.setLength(0);
                    cell(cursor, i, cell, row);
                }
            } catch (CorruptDataException e) {
                throw new CorruptDataException("record " + index + " (counted from 0): " + e.getMessage());
            }
            out.append(row).append('\n');
        }
    }

    /** Appends field {@code i}'s cell to {@code row}. */
    private static void cell(GenericRecord record, int i, StringBuilder cell, StringBuilder row) {
        FieldReader field = record.shape().field(i);
        if (field.kind() == FieldReader.Kind.SCALAR) {
            field.scalar().text().write(record.buffer(), record.base(), cell);
            CsvBinding.appendCell(cell, row, DELIMITER);
            return;
        }
        Object value = record.get(i);
        if (value == null) {
            return;
        }
        String text = value instanceof byte[] bytes ? Base64.getEncoder().encodeToString(bytes)
                : value instanceof BigDecimal decimal ? decimal.toPlainString()
                : value instanceof String string ? STRING.format(string, field.label()) : value.toString();
        if (text.isEmpty()) {
            // Written, unlike an absent value: an empty unquoted cell reads back as absent.
            row.append("\"\"");
        } else {
            CsvBinding.appendCell(text, row, DELIMITER);
        }
    }
}
