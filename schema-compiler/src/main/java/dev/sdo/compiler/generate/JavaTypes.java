package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.model.Field;
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
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.PackedList;
import dev.sdo.runtime.StoredValues;
import dev.sdo.runtime.StringList;
import dev.sdo.runtime.VariableData;

/** The Java types of fields, as the table in section 2 of the schema-language spec gives them. */
final class JavaTypes {
    static final ClassName BIG_DECIMAL = ClassName.get("java.math", "BigDecimal");
    static final ClassName BIG_INTEGER = ClassName.get("java.math", "BigInteger");
    static final ClassName LOCAL_DATE = ClassName.get("java.time", "LocalDate");
    static final ClassName LOCAL_TIME = ClassName.get("java.time", "LocalTime");
    static final ClassName INSTANT = ClassName.get("java.time", "Instant");
    static final ClassName STRING = ClassName.get(String.class);
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName PACKED_LIST = ClassName.get(PackedList.class);
    static final ClassName STRING_LIST = ClassName.get(StringList.class);
    static final TypeName BYTE_ARRAY = ArrayTypeName.of(TypeName.BYTE);
    static final ClassName VARIABLE_DATA = ClassName.get(VariableData.class);
    static final ClassName BIG_NUMBERS = ClassName.get(BigNumbers.class);
    static final ClassName BYTE_BUFFER = ClassName.get("java.nio", "ByteBuffer");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    static final ClassName SERIALIZABLE = ClassName.get("java.io", "Serializable");
    static final ClassName BIT_FIELDS = ClassName.get(BitFields.class);
    static final ClassName FIELD_VALUES = ClassName.get(FieldValues.class);
    static final ClassName STORED_VALUES = ClassName.get(StoredValues.class);
    static final ClassName ALPHABET = ClassName.get(Alphabet.class);
    static final ClassName CORRUPT_DATA = ClassName.get(CorruptDataException.class);

    private JavaTypes() {}

    /** The getter's type of a required field: primitive where the spec says so. */
    static TypeName valueType(Field field) {
        TypeName natural = naturalType(field.type());
        JavaOverride override = field.javaOverride();
        if (override == null) {
            return natural;
        }
        return switch (override) {
            case INT -> TypeName.INT;
            case LONG -> TypeName.LONG;
            case BIG_INTEGER -> BIG_INTEGER;
        };
    }

    /** The getter's type: {@link #valueType}, boxed for an optional field. */
    static TypeName getterType(Field field) {
        TypeName type = valueType(field);
        return field.optional() ? type.box() : type;
    }

    /** The Java type of a schema type before any {@code as} clause. */
    static TypeName naturalType(FieldType type) {
        if (type instanceof BoolType) {
            return TypeName.BOOLEAN;
        } else if (type instanceof IntegerType t) {
            return switch (t.kind()) {
                case INT8 -> TypeName.BYTE;
                case INT16 -> TypeName.SHORT;
                case INT32, UINT8, UINT16 -> TypeName.INT;
                case INT64, UINT32 -> TypeName.LONG;
            };
        } else if (type instanceof RangeType t) {
            return fitsInt(t.lo()) && fitsInt(t.hi()) ? TypeName.INT : TypeName.LONG;
        } else if (type instanceof FloatType t) {
            return t.bits() == Float.SIZE ? TypeName.FLOAT : TypeName.DOUBLE;
        } else if (type instanceof DecimalType) {
            return BIG_DECIMAL;
        } else if (type instanceof DateType) {
            return LOCAL_DATE;
        } else if (type instanceof TimeType) {
            return LOCAL_TIME;
        } else if (type instanceof TimestampType) {
            return INSTANT;
        } else if (type instanceof CharType || type instanceof StringType) {
            return STRING;
        } else if (type instanceof BytesType) {
            return BYTE_ARRAY;
        } else if (type instanceof ListType t) {
            return ParameterizedTypeName.get(LIST, naturalType(t.element()).box());
        } else if (type instanceof EnumRef t) {
            return GeneratedNames.type(t.name());
        } else if (type instanceof RecordRef t) {
            return GeneratedNames.type(t.name());
        } else if (type instanceof dev.sdo.compiler.model.FieldType.UnionRef t) {
            return GeneratedNames.type(t.name());
        } else if (type instanceof dev.sdo.compiler.model.FieldType.BigDecimalType) {
            return BIG_DECIMAL;
        } else if (type instanceof dev.sdo.compiler.model.FieldType.BigIntegerType) {
            return BIG_INTEGER;
        }
        throw new IllegalArgumentException("not a fixed-width type: " + type);
    }

    static boolean fitsInt(long value) {
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
    }
}
