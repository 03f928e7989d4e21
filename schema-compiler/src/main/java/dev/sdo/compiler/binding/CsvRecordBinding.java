package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.text.CsvBinding;
import java.util.List;

/**
 * A record's CSV binding as the schema gives it: {@code @csv(header, delimiter)} on the record (defaults: a header,
 * a comma), {@code @csv(column)} on fields (default: the field's name). A record without {@code @csv} gets the
 * defaults.
 */
public record CsvRecordBinding(List<FieldBinding> fields, List<String> columns, List<String> laterColumns,
        boolean header, char delimiter) {

    public CsvRecordBinding {
        fields = List.copyOf(fields);
        columns = List.copyOf(columns);
        laterColumns = List.copyOf(laterColumns);
    }

    /** @throws UnsupportedBindingException for a record with a field the binding cannot carry */
    public static CsvRecordBinding of(RecordLayout layout) {
        List<String> columns = layout.fields().stream().map(FieldLayout::field).map(CsvRecordBinding::column)
                .toList();
        CsvOptions options = CsvOptions.of(layout.record());
        return new CsvRecordBinding(FieldBindings.of(layout), columns, laterColumns(layout), options.header(),
                options.delimiterOrComma());
    }

    /** A field's column: its {@code @csv(column)}, or its name. */
    public static String column(Field field) {
        return CsvOptions.of(field).column().orElse(field.name());
    }

    /**
     * The columns a header may lack: those of fields added after version 1 that are optional or have a default,
     * which rows of a file written before them read as absent or as the default (docs/csv-and-xml.md). A required
     * field without a default has no value to stand in for its column, so its column is still required.
     */
    public static List<String> laterColumns(RecordLayout layout) {
        return layout.fields().stream().map(FieldLayout::field)
                .filter(f -> f.since() > 1 && (f.optional() || f.defaultValue() != null))
                .map(CsvRecordBinding::column).toList();
    }

    /** The record's {@code @csv(header, delimiter)}, for a binding of any record. */
    public record Options(boolean header, char delimiter) {}

    public static Options options(RecordLayout layout) {
        CsvOptions options = CsvOptions.of(layout.record());
        return new Options(options.header(), options.delimiterOrComma());
    }

    /**
     * Whether the record's fields are all fixed-width values, which {@link #of} reads straight into bits; a record
     * with {@code string} or {@code bytes} fields is read into beans instead (the checker refuses others in CSV).
     */
    public static boolean flat(RecordLayout layout) {
        return layout.fields().stream().allMatch(field -> field.encoding().scalar());
    }

    /** Whether the record is annotated {@code @csv}, so that a CSV binding is generated for it. */
    public static boolean declared(RecordLayout layout) {
        return CsvOptions.of(layout.record()).declared();
    }

    /** The runtime binding. */
    public CsvBinding create() {
        return new CsvBinding(fields.stream().map(FieldBinding::create).toList(), columns, header, delimiter,
                laterColumns);
    }
}
