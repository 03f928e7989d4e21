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
        if (type instanceof BoolType) {
            return "bool";
        } else if (type instanceof IntegerType t) {
            return t.kind().schemaName();
        } else if (type instanceof RangeType t) {
            return "int(" + t.lo() + ".." + t.hi() + ")";
        } else if (type instanceof FloatType t) {
            return "float" + t.bits();
        } else if (type instanceof DecimalType t) {
            return (t.signed() ? "decimal(" : "udecimal(") + t.precision() + ", " + t.scale() + ")";
        } else if (type instanceof DateType t) {
            return t.bounded() ? "date(" + t.lo() + ".." + t.hi() + ")" : "date";
        } else if (type instanceof TimeType) {
            return "time";
        } else if (type instanceof TimestampType) {
            return "timestamp";
        } else if (type instanceof CharType t) {
            return t.alphabetSource() == null
                    ? "char(" + t.length() + ")"
                    : "char(" + t.length() + ", " + quoted(t.alphabetSource()) + ")";
        } else if (type instanceof EnumRef t) {
            return t.name().simpleName();
        } else if (type instanceof RecordRef t) {
            return t.name().simpleName();
        } else if (type instanceof StringType) {
            return "string";
        } else if (type instanceof BytesType) {
            return "bytes";
        } else if (type instanceof ListType t) {
            return "list<" + of(t.element()) + ">";
        } else if (type instanceof FieldType.UnionRef t) {
            return t.name().simpleName();
        } else if (type instanceof FieldType.BigDecimalType) {
            return "decimal";
        } else if (type instanceof FieldType.BigIntegerType) {
            return "integer";
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    private static String javaName(JavaOverride override) {
        return override == JavaOverride.BIG_INTEGER ? "BigInteger" : override.javaName();
    }

    /** A schema string literal: double quotes, with {@code \"} and {@code \\} escapes. */
    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
