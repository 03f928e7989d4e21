package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericTextValues;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.text.CsvBeanBinding;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The CSV binding of an {@code @csv} record with {@code string} or {@code bytes} columns built at run time from the
 * schema alone, with no generated class: the same {@link CsvBeanBinding} as the record's generated {@code XCsv}
 * builds, column for column ({@link CsvRecordBinding}'s columns, later and former columns, header, delimiter,
 * formats, quoting and messages), over the generic engine's values instead of beans. Rows are read into
 * {@link RecordValues}, each starting with its fields' defaults, for the generic writer to encode ({@code sdoc
 * convert}); and written from {@code GenericRecord}s read from a batch file, or from {@code RecordValues}
 * ({@code sdoc dump}). Flat records need none of it: {@link CsvRecordBinding} carries them straight between text
 * and bits.
 */
public final class GenericCsvBinding {
    private GenericCsvBinding() {}

    /**
     * The binding of {@code layout}'s records, whose values belong to {@code schema} (the record's descriptor, the
     * record first): fixed-width values, strings and blobs only, as {@link CsvRecordBinding#flat} and the checker
     * leave them.
     *
     * @throws IllegalArgumentException for a record with nested records, lists or unions, which have no columns
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static CsvBeanBinding<Object, RecordValues> of(RecordLayout layout, SchemaDescriptor schema) {
        CsvRecordBinding.Options options = CsvRecordBinding.options(layout);
        List<FieldLayout> fields = layout.fields();
        CsvBeanBinding.Builder<Object, RecordValues> builder = CsvBeanBinding.builder(() -> {
            RecordValues values = RecordValues.of(schema, 0);
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).defaultValue() != null) {
                    values.set(i, GenericDefaults.defaultOf(fields.get(i)));
                }
            }
            return values;
        }, options.header(), options.delimiter());
        List<FieldDescriptor> described = schema.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            int index = i;
            FieldLayout placed = fields.get(i);
            BiConsumer setter = (BiConsumer<RecordValues, Object>) (values, value) -> values.set(index, value);
            Function getter = (Function<Object, Object>) record -> GenericXmlBinding.valueOf(record, index);
            String column = CsvRecordBinding.column(placed.field());
            String label = layout.record().name().simpleName() + "." + placed.field().name();
            // CSV's own string value: a cell takes any character.
            var value = GenericTextValues.of(described.get(i).type(), XmlRecordBinding.format(placed.field()), true);
            if (placed.field().optional()) {
                builder.optionalValue(column, label, value, setter, getter);
            } else {
                builder.value(column, label, value, setter, getter);
            }
        }
        List<String> later = CsvRecordBinding.laterColumns(layout);
        if (!later.isEmpty()) {
            builder.laterColumns(later.toArray(String[]::new));
        }
        CsvRecordBinding.formerColumns(layout).forEach(builder::formerColumn);
        return builder.build();
    }
}
