package dev.sdo.runtime.text;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The CSV binding of a record with {@code string} or {@code bytes} fields, whose records have no fixed width to
 * read into: each row is read into a new bean ({@code B}), and records (beans and SDOs alike, any {@code I}) are
 * written from their getters. Rows, the header and quoting are as for {@link CsvBinding}; a value holding the
 * delimiter, a quote, a CR or an LF is quoted, its quotes doubled (RFC 4180).
 *
 * <p>Empty values: an empty <em>unquoted</em> cell is an absent optional field (and the empty value of a required
 * {@code string} or {@code bytes} field); a quoted empty cell {@code ""} is the empty string (or blob), present.
 * The empty string is always written {@code ""}, so that every record reads back as it was written.
 *
 * @param <I> the record's interface
 * @param <B> its bean
 */
public final class CsvBeanBinding<I, B extends I> {
    private static final int WRITE_BUFFER = 1 << 16;

    private final Supplier<B> newBean;
    private final List<Column<I, B, ?>> fields;
    private final String[] columns;
    /** For each field, whether a header may lack its column (a later version's optional or defaulted field). */
    private final boolean[] mayLack;
    /** For each field, its column's name before the field was renamed ({@code @alias}), which a header may use. */
    private final String[] formerColumns;
    private final String[] labels;
    private final boolean header;
    private final char delimiter;

    /** One field's column: its name, its values' text, how the bean is set and the record read. */
    private record Column<I, B, T>(String name, String label, boolean optional, TextValue<T> value,
            BiConsumer<B, T> setter, Function<I, T> getter) {

        void read(String text, boolean quoted, B bean) {
            if (text.isEmpty() && !quoted) {
                if (optional) {
                    return;
                }
                if (!value.hasEmptyValue()) {
                    throw new TextValueException(label + ": the value is missing; the field is required");
                }
            }
            setter.accept(bean, value.parse(text, label));
        }

        /** The record's value as text; null when it is absent. */
        String write(I record) {
            T stored = getter.apply(record);
            if (stored == null) {
                if (!optional) {
                    throw new IllegalArgumentException(label + ": the value is missing; the field is required");
                }
                return null;
            }
            return value.format(stored, label);
        }
    }

    private CsvBeanBinding(Supplier<B> newBean, List<Column<I, B, ?>> fields, boolean header, char delimiter,
            List<String> laterColumns, Map<String, String> formerColumns) {
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("at least one field");
        }
        if (delimiter >= 0x80 || delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("the delimiter must be an ASCII character other than a quote or a "
                    + "line break");
        }
        this.newBean = newBean;
        this.fields = List.copyOf(fields);
        this.columns = fields.stream().map(Column::name).toArray(String[]::new);
        this.labels = fields.stream().map(Column::label).toArray(String[]::new);
        this.mayLack = CsvBinding.mayLack(List.of(columns), laterColumns);
        this.formerColumns = CsvBinding.formerColumns(List.of(columns), formerColumns);
        this.header = header;
        this.delimiter = delimiter;
    }

    /**
     * Starts the binding of a record whose beans {@code newBean} creates; fields are added in declaration order.
     *
     * @param header whether the first row names the columns
     * @param delimiter the cell delimiter, an ASCII character other than a quote or a line break
     */
    public static <I, B extends I> Builder<I, B> builder(Supplier<B> newBean, boolean header, char delimiter) {
        return new Builder<>(newBean, header, delimiter);
    }

    /** The column names, in field order. */
    public List<String> columns() {
        return List.of(columns);
    }

    /**
     * Reads every row of {@code in} into a new bean, in order.
     *
     * @throws TextInputException at the first bad row, naming the line, the column and the field
     */
    public List<B> read(InputStream in, String source) throws IOException {
        List<B> records = new ArrayList<>();
        read(in, source, BadInputPolicy.FAIL, records::add);
        return records;
    }

    /**
     * Reads every row of {@code in} into a new bean handed to {@code sink}, one at a time.
     *
     * @param source the input's name for messages
     * @throws TextInputException at the first bad row (unless {@code policy} skips them), naming the line, the
     *     column and the field
     */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy, Consumer<? super B> sink)
            throws IOException {
        CsvTokenizer rows = new CsvTokenizer(in, source, (byte) delimiter);
        int[] fieldOfCell = header ? CsvBinding.readHeader(rows, source, columns, formerColumns, labels, mayLack)
                : CsvBinding.identity(columns.length);
        if (fieldOfCell == null) {
            return new TextReadResult(0, 0);
        }
        long records = 0;
        long skipped = 0;
        while (rows.nextRow()) {
            B bean = newBean.get();
            TextInputException bad = readRow(rows, source, fieldOfCell, bean);
            if (bad == null) {
                sink.accept(bean);
                records++;
            } else {
                policy.handle(bad);
                skipped++;
            }
        }
        return new TextReadResult(records, skipped);
    }

    /** Reads one row into {@code bean}; returns what is wrong with it, or null. */
    private TextInputException readRow(CsvTokenizer rows, String source, int[] fieldOfCell, B bean) {
        if (rows.problem() != null) {
            return rows.problem();
        }
        if (rows.cells() != fieldOfCell.length) {
            return CsvBinding.wrongCellCount(rows, source, fieldOfCell, columns, labels);
        }
        byte[] text = rows.buffer();
        for (int cell = 0; cell < rows.cells(); cell++) {
            int field = fieldOfCell[cell];
            try {
                fields.get(field).read(new String(text, rows.start(cell), rows.end(cell) - rows.start(cell),
                        StandardCharsets.UTF_8), rows.quoted(cell), bean);
            } catch (TextValueException e) {
                return new TextInputException(source, rows.line(), rows.column(cell),
                        e.getMessage() + " (column \"" + columns[field] + "\")");
            }
        }
        return null;
    }

    /**
     * Writes {@code records} as CSV (with the header when the binding has one), LF line ends.
     *
     * @throws IllegalArgumentException naming the field when a value is none of its field's (a required field
     *     that is null, a string with half a surrogate pair)
     */
    public void write(Iterable<? extends I> records, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), WRITE_BUFFER);
        write(records, writer);
        writer.flush();
    }

    /** Writes {@code records} as CSV text to {@code writer}, which the caller flushes. */
    public void write(Iterable<? extends I> records, Writer writer) throws IOException {
        StringBuilder row = new StringBuilder(256);
        if (header) {
            for (int i = 0; i < columns.length; i++) {
                if (i > 0) {
                    row.append(delimiter);
                }
                CsvBinding.appendCell(columns[i], row, delimiter);
            }
            writer.append(row).append('\n');
        }
        for (I record : records) {
            row.setLength(0);
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    row.append(delimiter);
                }
                String cell = fields.get(i).write(record);
                if (cell != null && cell.isEmpty()) {
                    // Written, unlike an absent value: an empty unquoted cell would read back as absent.
                    row.append("\"\"");
                } else if (cell != null) {
                    CsvBinding.appendCell(cell, row, delimiter);
                }
            }
            if (fields.size() == 1 && row.isEmpty()) {
                // An absent value alone on its row would be a blank line, which readers skip.
                throw new IllegalArgumentException(labels[0] + ": an absent value of the only column cannot be "
                        + "written as CSV, whose readers skip blank lines");
            }
            writer.append(row).append('\n');
        }
    }

    /**
     * Adds a record's fields, in declaration order.
     *
     * @param <I> the record's interface
     * @param <B> its bean
     */
    public static final class Builder<I, B extends I> {
        private final Supplier<B> newBean;
        private final boolean header;
        private final char delimiter;
        private final List<Column<I, B, ?>> fields = new ArrayList<>();
        private final List<String> laterColumns = new ArrayList<>();
        private final Map<String, String> formerColumns = new LinkedHashMap<>();

        private Builder(Supplier<B> newBean, boolean header, char delimiter) {
            this.newBean = newBean;
            this.header = header;
            this.delimiter = delimiter;
        }

        /** A required field, in column {@code column}, named {@code label} (as {@code Tick.venue}) in messages. */
        public <T> Builder<I, B> value(String column, String label, TextValue<T> value, BiConsumer<B, T> setter,
                Function<I, T> getter) {
            fields.add(new Column<>(column, label, false, value, setter, getter));
            return this;
        }

        /** An optional field: an empty unquoted cell is its absent value. */
        public <T> Builder<I, B> optionalValue(String column, String label, TextValue<T> value,
                BiConsumer<B, T> setter, Function<I, T> getter) {
            fields.add(new Column<>(column, label, true, value, setter, getter));
            return this;
        }

        /**
         * Lets a header lack the columns {@code laterColumns} (of fields already added): those of fields added by a
         * later schema version that are optional or have a default, which rows of files written before them leave
         * unset in the bean (absent, or the bean's default).
         */
        public Builder<I, B> laterColumns(String... laterColumns) {
            this.laterColumns.addAll(List.of(laterColumns));
            return this;
        }

        /**
         * Lets a header name {@code column} (of a field already added) {@code former}, the name it had before its
         * field was renamed ({@code @alias}), so that a file written before the rename reads; written files use
         * {@code column}.
         */
        public Builder<I, B> formerColumn(String column, String former) {
            formerColumns.put(column, former);
            return this;
        }

        public CsvBeanBinding<I, B> build() {
            return new CsvBeanBinding<>(newBean, fields, header, delimiter, laterColumns, formerColumns);
        }
    }
}
