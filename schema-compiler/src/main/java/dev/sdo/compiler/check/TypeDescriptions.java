package dev.sdo.compiler.check;

import dev.sdo.compiler.model.FieldType;
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

/** A type as a message shows it, written the way the schema writes it: {@code uint32}, {@code decimal(12, 2)}. */
final class TypeDescriptions {
    private TypeDescriptions() {}

    static String describe(FieldType type) {
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
            return t.alphabetSource() == null ? "char(" + t.length() + ")"
                    : "char(" + t.length() + ", \"" + t.alphabetSource() + "\")";
        } else if (type instanceof EnumRef t) {
            return "enum " + t.name().simpleName();
        } else if (type instanceof RecordRef t) {
            return "record " + t.name().simpleName();
        } else if (type instanceof StringType) {
            return "string";
        } else if (type instanceof BytesType) {
            return "bytes";
        } else if (type instanceof ListType t) {
            return "list<" + describe(t.element()) + ">";
        }
        throw new IllegalArgumentException("unknown type " + type);
    }
}
