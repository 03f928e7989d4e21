package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericTextValues;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.text.CsvBeanBinding;
import dev.sdo.runtime.text.TextValue;
import java.util.List;

/**
 * The CSV binding of a record with {@code string} or {@code bytes} fields read without generated classes: the
 * generated {@code XCsv}'s {@link CsvBeanBinding} (the same columns, header, delimiter, formats, quoting and
 * messages), read into {@link RecordValues} rather than beans, for the {@link GenericWriter} to encode. Flat records
 * need none of it: {@link CsvRecordBinding} reads them straight into bits.
 */
public final class CsvValuesBinding {
    private CsvValuesBinding() {}

    /**
     * The binding of {@code layout}'s record, whose values {@code writer} (of the same record's descriptor) makes
     * and encodes.
     *
     * @throws IllegalArgumentException for a record with nested records, lists or unions, which have no columns
     */
    public static CsvBeanBinding<RecordValues, RecordValues> of(RecordLayout layout, GenericWriter writer) {
        CsvRecordBinding.Options options = CsvRecordBinding.options(layout);
        CsvBeanBinding.Builder<RecordValues, RecordValues> builder = CsvBeanBinding.builder(writer::newRecord,
                options.header(), options.delimiter());
        List<FieldDescriptor> described = writer.record().fields();
        String record = layout.record().name().simpleName();
        for (int i = 0; i < layout.fields().size(); i++) {
            FieldLayout placed = layout.fields().get(i);
            Field field = placed.field();
            FieldDescriptor descriptor = described.get(i);
            TextValue<?> value = GenericTextValues.of(descriptor.type(), CsvOptions.of(field).format().orElse(null),
                    true);
            column(builder, CsvRecordBinding.column(field), record + "." + field.name(), field.optional(),
                    i, value);
        }
        List<String> later = CsvRecordBinding.laterColumns(layout);
        if (!later.isEmpty()) {
            builder.laterColumns(later.toArray(String[]::new));
        }
        CsvRecordBinding.formerColumns(layout).forEach(builder::formerColumn);
        return builder.build();
    }

    /** Adds field {@code index}'s column, its values set in and read from the record's values at that position. */
    private static <T> void column(CsvBeanBinding.Builder<RecordValues, RecordValues> builder, String column,
            String label, boolean optional, int index, TextValue<T> value) {
        @SuppressWarnings("unchecked") // the value was set by this column, of the text value's type
        java.util.function.Function<RecordValues, T> getter = values -> (T) values.get(index);
        if (optional) {
            builder.optionalValue(column, label, value, (values, v) -> values.set(index, v), getter);
        } else {
            builder.value(column, label, value, (values, v) -> values.set(index, v), getter);
        }
    }
}
