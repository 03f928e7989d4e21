package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.TypeNotation;
import java.util.List;

/** Derives each field's {@link FieldBinding} from the record's layout and the field's annotations. */
public final class FieldBindings {
    private FieldBindings() {}

    /**
     * The bindings of a record's fields, in declaration order.
     *
     * @throws UnsupportedBindingException for a nested record or a variable-length field
     */
    public static List<FieldBinding> of(Schema schema, RecordLayout layout) {
        return layout.fields().stream().map(field -> of(schema, layout, field)).toList();
    }

    private static FieldBinding of(Schema schema, RecordLayout layout, FieldLayout placed) {
        Field field = placed.field();
        FieldBinding.Place at = new FieldBinding.Place(layout.record().name().simpleName() + "." + field.name(),
                placed.presenceBit(), placed.offset());
        int width = Math.toIntExact(placed.width());
        String format = CsvOptions.of(field).format().orElse(null);
        FieldType type = field.type();
        if (type instanceof BoolType) {
            return new FieldBinding.Bool(at);
        } else if (type instanceof IntegerType t) {
            return new FieldBinding.Int(at, width, t.kind().min(), t.kind().max(), 0);
        } else if (type instanceof RangeType t) {
            return new FieldBinding.Int(at, width, t.lo(), t.hi(), t.lo());
        } else if (type instanceof FloatType t) {
            return new FieldBinding.Floating(at, t.bits());
        } else if (type instanceof DecimalType t) {
            return new FieldBinding.Decimal(at, width, t.precision(), t.scale(), t.signed());
        } else if (type instanceof DateType t) {
            return new FieldBinding.Date(at, width, t.lo(), t.hi(), format == null ? "uuuu-MM-dd" : format);
        } else if (type instanceof TimeType) {
            return new FieldBinding.Time(at, format);
        } else if (type instanceof TimestampType) {
            return new FieldBinding.Timestamp(at);
        } else if (type instanceof CharType t) {
            return new FieldBinding.Char(at, t.alphabet(), t.length());
        } else if (type instanceof EnumRef t) {
            List<String> constants = schema.requireEnum(t.name()).constants().stream()
                    .map(c -> c.name()).toList();
            return new FieldBinding.Enumerated(at, width, constants);
        }
        throw new UnsupportedBindingException(field.position(), "field '" + field.name() + "' of record '"
                + layout.record().name().simpleName() + "' is " + describe(type)
                + "; the flat CSV and XML bindings carry fixed-width values only");
    }

    private static String describe(FieldType type) {
        return type instanceof FieldType.RecordRef r ? "a nested record (" + r.name().simpleName() + ")"
                : "a " + TypeNotation.of(type);
    }
}
