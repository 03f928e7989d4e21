package dev.sdo.runtime.text;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.RecordStore;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The CSV binding of a record ({@code @csv} in the schema): one row per record, one column per field, read from
 * bytes straight into the records of a {@link RecordStore} and written back. With a header, columns are matched
 * by name (ignoring case when that is unambiguous), or a renamed field's by its former name ({@code @alias}), and
 * may come in any order; without, they follow the fields' order.
 */
public final class CsvBinding {
    private static final int WRITE_BUFFER = 1 << 16;

    private final TextField[] fields;
    private final String[] columns;
    /** For each field, whether a header may lack its column (a later version's optional or defaulted field). */
    private final boolean[] mayLack;
    /** For each field, its column's name before the field was renamed ({@code @alias}), which a header may use. */
    private final String[] formerColumns;
    private final boolean header;
    private final char delimiter;

    /**
     * @param fields the record's fields, in declaration order
     * @param columns each field's column name, in the same order
     * @param header whether the first row names the columns
     * @param delimiter the cell delimiter, an ASCII character other than a quote or a line break
     */
    public CsvBinding(List<? extends TextField> fields, List<String> columns, boolean header, char delimiter) {
        this(fields, columns, header, delimiter, List.of());
    }

    /**
     * A binding whose header may lack the columns {@code laterColumns}: those of fields added by a later schema
     * version that are optional or have a default, which a file written before them reads as absent or as the
     * default (their bits stay 0, which is what both mean).
     *
     * @param laterColumns names among {@code columns}
     */
    public CsvBinding(List<? extends TextField> fields, List<String> columns, boolean header, char delimiter,
            List<String> laterColumns) {
        this(fields, columns, header, delimiter, laterColumns, Map.of());
    }

    /**
     * A binding whose header may also name renamed fields' columns by their former names ({@code @alias}): the
     * header of a file written before the rename reads into the renamed fields. Written files use the current names.
     *
     * @param formerColumns from columns among {@code columns} to the names they had before their fields were renamed
     */
    public CsvBinding(List<? extends TextField> fields, List<String> columns, boolean header, char delimiter,
            List<String> laterColumns, Map<String, String> formerColumns) {
        if (fields.size() != columns.size() || fields.isEmpty() || !columns.containsAll(laterColumns)
                || !columns.containsAll(formerColumns.keySet())) {
            throw new IllegalArgumentException("one column name per field, and at least one field");
        }
        if (delimiter >= 0x80 || delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("the delimiter must be an ASCII character other than a quote or a "
                    + "line break");
        }
        this.fields = fields.toArray(TextField[]::new);
        this.columns = columns.toArray(String[]::new);
        this.mayLack = mayLack(columns, laterColumns);
        this.formerColumns = formerColumns(columns, formerColumns);
        this.header = header;
        this.delimiter = delimiter;
    }

    /** The column names, in field order. */
    public List<String> columns() {
        return List.of(columns);
    }

    /**
     * Reads every row of {@code in} into new records appended to {@code store}.
     *
     * @param source the input's name for messages
     * @throws TextInputException at the first bad row (unless {@code policy} skips them), naming the line, the
     *     column and the field; the store then holds the records of the rows before it
     */
    public TextReadResult read(InputStream in, String source, RecordStore store, BadInputPolicy policy)
            throws IOException {
        CsvTokenizer rows = new CsvTokenizer(in, source, (byte) delimiter);
        int[] fieldOfCell = header ? readHeader(rows, source, columns, formerColumns, labels(), mayLack) : identity(fields.length);
        if (fieldOfCell == null) {
            return new TextReadResult(0, 0);
        }
        long records = 0;
        long skipped = 0;
        while (rows.nextRow()) {
            TextInputException bad = readRow(rows, source, fieldOfCell, store);
            if (bad == null) {
                records++;
            } else {
                policy.handle(bad);
                skipped++;
            }
        }
        return new TextReadResult(records, skipped);
    }

    /** Reads one row into a new record; on a bad value takes the record back and returns the error. */
    private TextInputException readRow(CsvTokenizer rows, String source, int[] fieldOfCell, RecordStore store) {
        if (rows.problem() != null) {
            return rows.problem();
        }
        int cells = rows.cells();
        if (cells != fieldOfCell.length) {
            return wrongCellCount(rows, source, fieldOfCell, columns, labels());
        }
        long index = store.appendBlank();
        ByteBuffer chunk = store.chunkOf(index);
        int base = store.offsetOf(index);
        byte[] text = rows.buffer();
        for (int cell = 0; cell < cells; cell++) {
            try {
                fields[fieldOfCell[cell]].read(text, rows.start(cell), rows.end(cell), chunk, base);
            } catch (TextValueException e) {
                store.truncate(index);
                return new TextInputException(source, rows.line(), rows.column(cell),
                        e.getMessage() + " (column \"" + columns[fieldOfCell[cell]] + "\")");
            }
        }
        return null;
    }

    private String[] labels() {
        return Arrays.stream(fields).map(TextField::label).toArray(String[]::new);
    }

    /** The error of a row of too few or too many cells: where the first missing or extra one is. */
    static TextInputException wrongCellCount(CsvTokenizer rows, String source, int[] fieldOfCell, String[] columns,
            String[] labels) {
        int cells = rows.cells();
        if (cells < fieldOfCell.length) {
            int missing = fieldOfCell[cells];
            int lastEnd = rows.column(cells - 1) + (rows.end(cells - 1) - rows.start(cells - 1));
            return new TextInputException(source, rows.line(), lastEnd, "the row has " + cells + " columns, not "
                    + fieldOfCell.length + ": column \"" + columns[missing] + "\" (" + labels[missing]
                    + ") is missing");
        }
        return new TextInputException(source, rows.line(), rows.column(fieldOfCell.length), "the row has " + cells
                + " columns, not " + fieldOfCell.length + ": column " + (fieldOfCell.length + 1) + " is extra");
    }

    static int[] identity(int count) {
        int[] fieldOfCell = new int[count];
        Arrays.setAll(fieldOfCell, i -> i);
        return fieldOfCell;
    }

    /** For each of {@code columns}, whether it is one of {@code laterColumns}. */
    static boolean[] mayLack(List<String> columns, List<String> laterColumns) {
        boolean[] result = new boolean[columns.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = laterColumns.contains(columns.get(i));
        }
        return result;
    }

    /** For each of {@code columns}, the name it had before its field was renamed, or null. */
    static String[] formerColumns(List<String> columns, Map<String, String> formerColumns) {
        return columns.stream().map(formerColumns::get).toArray(String[]::new);
    }

    /**
     * Maps the header's cells to fields (named {@code columns}, or by the name a renamed field's column had before,
     * its {@code formerColumns} entry; {@code labels} in messages); null for an empty input. Every column must be
     * there but those {@code mayLack} marks, whose fields the rows then leave unset. A header that names a field by
     * both its names is ambiguous and refused, naming both.
     */
    static int[] readHeader(CsvTokenizer rows, String source, String[] columns, String[] formerColumns,
            String[] labels, boolean[] mayLack) throws IOException {
        if (!rows.nextRow()) {
            return null;
        }
        if (rows.problem() != null) {
            throw rows.problem();
        }
        int[] fieldOfCell = new int[rows.cells()];
        String[] seen = new String[columns.length];
        for (int cell = 0; cell < rows.cells(); cell++) {
            String name = new String(rows.buffer(), rows.start(cell), rows.end(cell) - rows.start(cell),
                    StandardCharsets.UTF_8);
            int field = columnOf(columns, formerColumns, name);
            if (field >= 0 && seen[field] != null && formerColumns[field] != null
                    && !seen[field].equalsIgnoreCase(name)) {
                throw new TextInputException(source, rows.line(), rows.column(cell), "columns \"" + seen[field]
                        + "\" and \"" + name + "\" of the header both stand for " + labels[field] + ", whose column \""
                        + columns[field] + "\" was named \"" + formerColumns[field] + "\" before the field was renamed"
                        + " (@alias): keep one of them");
            }
            if (field < 0 || seen[field] != null) {
                throw new TextInputException(source, rows.line(), rows.column(cell), (field < 0 ? "unknown" : "repeated")
                        + " column " + TextValue.show(name, rows.end(cell) - rows.start(cell))
                        + " in the header; the record's columns: " + String.join(", ", columns));
            }
            seen[field] = name;
            fieldOfCell[cell] = field;
        }
        List<String> missing = new ArrayList<>();
        for (int field = 0; field < columns.length; field++) {
            if (seen[field] == null && !mayLack[field]) {
                missing.add("\"" + columns[field] + "\" (" + labels[field] + ")");
            }
        }
        if (!missing.isEmpty()) {
            throw new TextInputException(source, rows.line(), 1, "the header lacks the column"
                    + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing));
        }
        return fieldOfCell;
    }

    /**
     * The field whose column is {@code name}: the exact name, else the exact former name of a renamed field's
     * column, else the only one of these equal ignoring case (the spec's trade schema names field {@code id} while
     * the talk's CSV heads it {@code ID}); -1 when none.
     */
    private static int columnOf(String[] columns, String[] formerColumns, String name) {
        int found = -1;
        for (int i = 0; i < columns.length; i++) {
            if (columns[i].equals(name)) {
                return i;
            }
            if (columns[i].equalsIgnoreCase(name)) {
                found = found == -1 || found == i ? i : -2;
            }
        }
        for (int i = 0; i < columns.length; i++) {
            if (name.equals(formerColumns[i])) {
                return i;
            }
            if (name.equalsIgnoreCase(formerColumns[i])) {
                found = found == -1 || found == i ? i : -2;
            }
        }
        return Math.max(found, -1);
    }

    /** Writes the records of {@code store} as CSV (with the header when the binding has one), LF line ends. */
    public void write(RecordStore store, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), WRITE_BUFFER);
        write(store, writer);
        writer.flush();
    }

    /**
     * Writes the records of {@code store} as CSV text to {@code writer}, which the caller flushes.
     *
     * @throws CorruptDataException naming the record when a stored value is none the encoder writes (an enum
     *     ordinal beyond its constants)
     */
    public void write(RecordStore store, Writer writer) throws IOException {
        StringBuilder row = new StringBuilder(256);
        if (header) {
            for (int i = 0; i < columns.length; i++) {
                if (i > 0) {
                    row.append(delimiter);
                }
                appendCell(columns[i], row, delimiter);
            }
            writer.append(row).append('\n');
        }
        StringBuilder cell = new StringBuilder(64);
        for (long index = 0; index < store.size(); index++) {
            row.setLength(0);
            ByteBuffer chunk = store.chunkOf(index);
            int base = store.offsetOf(index);
            for (int i = 0; i < fields.length; i++) {
                if (i > 0) {
                    row.append(delimiter);
                }
                cell.setLength(0);
                try {
                    fields[i].write(chunk, base, cell);
                } catch (CorruptDataException e) {
                    throw new CorruptDataException("record " + index + " (counted from 0): " + e.getMessage());
                }
                appendCell(cell, row, delimiter);
            }
            writer.append(row).append('\n');
        }
    }

    /** Appends a cell, quoted when it holds the delimiter, a quote or a line break. */
    public static void appendCell(CharSequence cell, StringBuilder row, char delimiter) {
        boolean quote = false;
        for (int i = 0; i < cell.length() && !quote; i++) {
            char c = cell.charAt(i);
            quote = c == delimiter || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            row.append(cell);
            return;
        }
        row.append('"');
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            row.append(c);
            if (c == '"') {
                row.append('"');
            }
        }
        row.append('"');
    }
}
