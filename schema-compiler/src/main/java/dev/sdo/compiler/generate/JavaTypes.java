package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.FieldValues;
import dev.sdo.runtime.PackedList;
import dev.sdo.runtime.StoredValues;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.StringList;
import dev.sdo.runtime.SharedStrings;
import dev.sdo.runtime.VariableData;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.WriterVersion;

/** The Java types of fields, as the table in section 2 of the schema-language spec gives them. */
final class JavaTypes {
    static final ClassName BIG_DECIMAL = ClassName.get("java.math", "BigDecimal");
    static final ClassName BIG_INTEGER = ClassName.get("java.math", "BigInteger");
    static final ClassName LOCAL_DATE = ClassName.get("java.time", "LocalDate");
    static final ClassName LOCAL_TIME = ClassName.get("java.time", "LocalTime");
    static final ClassName INSTANT = ClassName.get("java.time", "Instant");
    static final ClassName LOCAL_DATE_TIME = ClassName.get("java.time", "LocalDateTime");
    static final ClassName TIME_PRECISION = ClassName.get(TimePrecision.class);
    static final ClassName STRING = ClassName.get(String.class);
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName PACKED_LIST = ClassName.get(PackedList.class);
    static final ClassName STRING_LIST = ClassName.get(StringList.class);
    static final TypeName BYTE_ARRAY = ArrayTypeName.of(TypeName.BYTE);
    static final ClassName VARIABLE_DATA = ClassName.get(VariableData.class);
    static final ClassName SHARED_STRINGS = ClassName.get(SharedStrings.class);
    static final ClassName COMPACT_SLOTS = ClassName.get(dev.sdo.runtime.CompactSlots.class);
    static final ClassName COMPACT_SIZES = ClassName.get(dev.sdo.runtime.CompactSizes.class);
    static final ClassName BIG_NUMBERS = ClassName.get(BigNumbers.class);
    static final ClassName BYTE_BUFFER = ClassName.get("java.nio", "ByteBuffer");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    static final ClassName SERIALIZABLE = ClassName.get("java.io", "Serializable");
    static final ClassName OBJECT_OUTPUT = ClassName.get("java.io", "ObjectOutputStream");
    static final ClassName OBJECT_INPUT = ClassName.get("java.io", "ObjectInputStream");
    static final ClassName IO_EXCEPTION = ClassName.get("java.io", "IOException");
    static final ClassName BIT_FIELDS = ClassName.get(BitFields.class);
    static final ClassName FIELD_VALUES = ClassName.get(FieldValues.class);
    static final ClassName STORED_VALUES = ClassName.get(StoredValues.class);
    static final ClassName ALPHABET = ClassName.get(Alphabet.class);
    static final ClassName WRITER_VERSION = ClassName.get(WriterVersion.class);
    static final ClassName VERSION_TABLE = ClassName.get(VersionTable.class);
    static final ClassName CORRUPT_DATA = ClassName.get(CorruptDataException.class);

    private JavaTypes() {}

    /** The getter's type of a required field: primitive where the spec says so. */
    static TypeName valueType(FieldLayout field) {
        return valueType(field.field(), field.encoding());
    }

    /** {@link #valueType(FieldLayout)} of a field whose values {@code encoding} stores. */
    static TypeName valueType(Field field, Encoding encoding) {
        TypeName natural = naturalType(encoding);
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
    static TypeName getterType(FieldLayout field) {
        TypeName type = valueType(field);
        return field.field().optional() ? type.box() : type;
    }

    /** The Java type of values of an encoding, before any {@code as} clause. */
    static TypeName naturalType(Encoding encoding) {
        return encoding.accept(NATURAL_TYPES);
    }

    private static final Encoding.Visitor<TypeName> NATURAL_TYPES = new Encoding.Visitor<>() {
        @Override
        public TypeName bool(Encoding.Bool encoding) {
            return TypeName.BOOLEAN;
        }

        @Override
        public TypeName integer(Encoding.Int encoding) {
            return switch (encoding.kind()) {
                case INT8 -> TypeName.BYTE;
                case INT16 -> TypeName.SHORT;
                case INT32, UINT8, UINT16 -> TypeName.INT;
                case INT64, UINT32, UINT64 -> TypeName.LONG;
            };
        }

        @Override
        public TypeName range(Encoding.Range encoding) {
            return fitsInt(encoding.lo()) && fitsInt(encoding.hi()) ? TypeName.INT : TypeName.LONG;
        }

        @Override
        public TypeName floating(Encoding.Floating encoding) {
            return encoding.bits() == Float.SIZE ? TypeName.FLOAT : TypeName.DOUBLE;
        }

        @Override
        public TypeName decimal(Encoding.Decimal encoding) {
            return BIG_DECIMAL;
        }

        @Override
        public TypeName date(Encoding.Date encoding) {
            return LOCAL_DATE;
        }

        @Override
        public TypeName time(Encoding.Time encoding) {
            return LOCAL_TIME;
        }

        @Override
        public TypeName timestamp(Encoding.Timestamp encoding) {
            return encoding.local() ? LOCAL_DATE_TIME : INSTANT;
        }

        @Override
        public TypeName chars(Encoding.Chars encoding) {
            return STRING;
        }

        @Override
        public TypeName enumeration(Encoding.Enumeration encoding) {
            return GeneratedNames.type(encoding.type().name());
        }

        @Override
        public TypeName record(Encoding.Nested encoding) {
            return GeneratedNames.type(encoding.record().name());
        }

        @Override
        public TypeName string(Encoding.Text encoding) {
            return STRING;
        }

        @Override
        public TypeName bytes(Encoding.Blob encoding) {
            return BYTE_ARRAY;
        }

        @Override
        public TypeName list(Encoding.ListOf encoding) {
            return ParameterizedTypeName.get(LIST, naturalType(encoding.element()).box());
        }

        @Override
        public TypeName union(Encoding.Union encoding) {
            return GeneratedNames.type(encoding.union().name());
        }

        @Override
        public TypeName bigDecimal(Encoding.AnyDecimal encoding) {
            return BIG_DECIMAL;
        }

        @Override
        public TypeName bigInteger(Encoding.AnyInteger encoding) {
            return BIG_INTEGER;
        }
    };

    static boolean fitsInt(long value) {
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
    }
}
