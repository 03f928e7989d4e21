package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.text.CsvBinding;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A record's CSV binding as the schema gives it: {@code @csv(header, delimiter)} on the record (defaults: a header,
 * a comma), {@code @csv(column)} on fields (default: the field's name; a renamed field's header may also use its
 * {@code @alias}). A record without {@code @csv} gets the defaults.
 */
public record CsvRecordBinding(List<FieldBinding> fields, List<String> columns, List<String> laterColumns,
        Map<String, String> formerColumns, boolean header, char delimiter) {

    public CsvRecordBinding {
        fields = List.copyOf(fields);
        columns = List.copyOf(columns);
        laterColumns = List.copyOf(laterColumns);
        formerColumns = Collections.unmodifiableMap(new LinkedHashMap<>(formerColumns));
    }

    /** @throws UnsupportedBindingException for a record with a field the binding cannot carry */
    public static CsvRecordBinding of(RecordLayout layout) {
        List<String> columns = layout.fields().stream().map(FieldLayout::field).map(CsvRecordBinding::column)
                .toList();
        CsvOptions options = CsvOptions.of(layout.record());
        return new CsvRecordBinding(FieldBindings.of(layout), columns, laterColumns(layout), formerColumns(layout),
                options.header(), options.delimiterOrComma());
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

    /**
     * The columns of renamed fields ({@code @alias}) whose column is their name, each with the name it had before,
     * their alias, which a header may use instead (docs/csv-and-xml.md): a file written before the rename reads. A
     * field whose column {@code @csv(column)} names kept its column through the rename.
     */
    public static Map<String, String> formerColumns(RecordLayout layout) {
        Map<String, String> former = new LinkedHashMap<>();
        for (FieldLayout placed : layout.fields()) {
            Field field = placed.field();
            if (CsvOptions.of(field).column().isEmpty()) {
                field.alias().ifPresent(alias -> former.put(field.name(), alias));
            }
        }
        return former;
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
                laterColumns, formerColumns);
    }
}
