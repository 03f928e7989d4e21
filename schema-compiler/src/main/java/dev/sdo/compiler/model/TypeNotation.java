package dev.sdo.compiler.model;

import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.runtime.TimePrecision;

/**
 * Renders a field's type back into schema notation, as a user would have written it: for messages, layout tables
 * and anything else that shows a type to a user.
 */
public final class TypeNotation {
    private TypeNotation() {}

    /** The type with its modifiers: {@code udecimal(12, 2)}, {@code uint32 optional}, {@code int(1..31) as BigInteger}. */
    public static String of(Field field) {
        StringBuilder text = new StringBuilder(of(field.type()));
        if (field.optional()) {
            text.append(" optional");
        }
        if (field.javaOverride() != null) {
            text.append(" as ").append(javaName(field.javaOverride()));
        }
        if (field.defaultValue() != null) {
            text.append(" = ").append(field.defaultValue().text());
        }
        return text.toString();
    }

    /** The type alone: {@code char(3, "A-Z")}, {@code date(2000-01-01..2099-12-31)}, {@code Side}. */
    public static String of(FieldType type) {
        return type.accept(NOTATION);
    }

    private static final FieldType.Visitor<String> NOTATION = new FieldType.Visitor<>() {
        @Override
        public String bool(BoolType type) {
            return "bool";
        }

        @Override
        public String integer(IntegerType type) {
            return type.kind().schemaName();
        }

        @Override
        public String range(RangeType type) {
            return "int(" + type.lo() + ".." + type.hi() + ")";
        }

        @Override
        public String floating(FloatType type) {
            return "float" + type.bits();
        }

        @Override
        public String decimal(DecimalType type) {
            return (type.signed() ? "decimal(" : "udecimal(") + type.precision() + ", " + type.scale() + ")";
        }

        @Override
        public String date(DateType type) {
            return type.bounded() ? "date(" + type.lo() + ".." + type.hi() + ")" : "date";
        }

        @Override
        public String time(TimeType type) {
            return type.precision() == TimePrecision.MILLIS ? "time" : "time(" + type.precision().symbol() + ")";
        }

        @Override
        public String timestamp(TimestampType type) {
            String word = type.local() ? "localtimestamp" : "timestamp";
            if (type.bounded()) {
                return word + "(" + type.precision().symbol() + ", " + type.lo() + ".." + type.hi() + ")";
            }
            return type.precision() == TimePrecision.MILLIS ? word : word + "(" + type.precision().symbol() + ")";
        }

        @Override
        public String chars(CharType type) {
            return type.alphabetSource() == null ? "char(" + type.length() + ")"
                    : "char(" + type.length() + ", " + quoted(type.alphabetSource()) + ")";
        }

        @Override
        public String enumeration(EnumRef type) {
            return type.name().simpleName();
        }

        @Override
        public String record(RecordRef type) {
            return type.name().simpleName();
        }

        @Override
        public String string(StringType type) {
            return "string";
        }

        @Override
        public String bytes(BytesType type) {
            return "bytes";
        }

        @Override
        public String list(ListType type) {
            return "list<" + of(type.element()) + ">";
        }

        @Override
        public String union(FieldType.UnionRef type) {
            return type.name().simpleName();
        }

        @Override
        public String bigDecimal(FieldType.BigDecimalType type) {
            return "decimal";
        }

        @Override
        public String bigInteger(FieldType.BigIntegerType type) {
            return "integer";
        }
    };

    private static String javaName(JavaOverride override) {
        return override == JavaOverride.BIG_INTEGER ? "BigInteger" : override.javaName();
    }

    /** A schema string literal: double quotes, with {@code \"} and {@code \\} escapes. */
    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
