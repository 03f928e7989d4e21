package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.text.CsvBeanBinding;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.TextValues;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The CSV binding of an {@code @csv} record with {@code string} or {@code bytes} columns built at run time from the
 * schema alone, with no generated class: the same {@link CsvBeanBinding} as the record's generated {@code XCsv}
 * builds, column for column ({@link CsvRecordBinding}'s columns, later and former columns, header and delimiter),
 * over the generic engine's values instead of beans. Rows are written from {@code GenericRecord}s read from a batch
 * file, or from {@link RecordValues}, and read into {@code RecordValues}, each starting with its fields' defaults.
 */
public final class GenericCsvBinding {
    private GenericCsvBinding() {}

    /**
     * The binding of {@code layout}'s records, whose values belong to {@code schema} (the record's descriptor, the
     * record first): fixed-width values, strings and blobs only, as {@link CsvRecordBinding#flat} and the checker
     * leave them.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static CsvBeanBinding<Object, RecordValues> of(RecordLayout layout, SchemaDescriptor schema) {
        CsvRecordBinding.Options options = CsvRecordBinding.options(layout);
        List<FieldLayout> fields = layout.fields();
        CsvBeanBinding.Builder<Object, RecordValues> builder = CsvBeanBinding.builder(() -> {
            RecordValues values = RecordValues.of(schema, 0);
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).defaultValue() != null) {
                    values.set(i, GenericTextValues.defaultOf(fields.get(i)));
                }
            }
            return values;
        }, options.header(), options.delimiter());
        for (int i = 0; i < fields.size(); i++) {
            int index = i;
            FieldLayout placed = fields.get(i);
            BiConsumer setter = (BiConsumer<RecordValues, Object>) (values, value) -> values.set(index, value);
            Function getter = (Function<Object, Object>) record -> GenericXmlBinding.valueOf(record, index);
            String column = CsvRecordBinding.column(placed.field());
            String label = layout.record().name().simpleName() + "." + placed.field().name();
            if (placed.field().optional()) {
                builder.optionalValue(column, label, value(placed), setter, getter);
            } else {
                builder.value(column, label, value(placed), setter, getter);
            }
        }
        List<String> later = CsvRecordBinding.laterColumns(layout);
        if (!later.isEmpty()) {
            builder.laterColumns(later.toArray(String[]::new));
        }
        CsvRecordBinding.formerColumns(layout).forEach(builder::formerColumn);
        return builder.build();
    }

    /** A field's text value: CSV's own for strings (any character), else the one the XML binding uses. */
    private static TextValue<?> value(FieldLayout placed) {
        if (placed.encoding() instanceof Encoding.Text) {
            return TextValues.csvString();
        }
        return GenericTextValues.of(placed.encoding(), XmlRecordBinding.format(placed.field()), null);
    }
}
