package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.JavaNames;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.XmlOptions;
import dev.sdo.runtime.TimePrecision;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Java names the generator derives from schema names: classes, accessors and constants. It is the one source
 * of them: the checker asks it which names a schema would generate, to refuse schemas whose names would clash,
 * so that the two cannot drift apart.
 */
public final class GeneratedNames {
    public static final String BEAN = "Bean";
    public static final String SDO = "Sdo";
    public static final String BATCH = "Batch";
    public static final String WRITER = "Writer";
    public static final String FIELDS = "Fields";
    public static final String CSV = "Csv";
    public static final String XML = "Xml";
    /**
     * The class of every package with records that holds the schema descriptor of its records
     * ({@code DescriptorsEmitter}): no declaration of the package may be named so.
     */
    public static final String DESCRIPTORS = "SdoDescriptors";
    /** The extra getter of a decimal, its unscaled long. */
    private static final String UNSCALED = "Unscaled";
    /** The extra getter of a date, its epoch day. */
    private static final String EPOCH_DAY = "EpochDay";
    /** The extra getter of a string or blob, a view of its bytes. */
    private static final String BUFFER = "Buffer";
    /** The extra getter of a timestamp, its milliseconds since 1970-01-01T00:00Z (as {@code Instant.toEpochMilli}). */
    private static final String EPOCH_MILLI = "EpochMilli";
    /** The extra getter of a {@code char(n)} of at most 63 bits, a key that orders as the strings do. */
    private static final String ORDER_KEY = "OrderKey";
    /**
     * Members of the generated bean that are not a field's: a bean holds each field in a field of the field's name,
     * so a schema field may not take one of these names.
     */
    public static final Set<String> BEAN_MEMBERS = Set.of("serialVersionUID");

    private GeneratedNames() {}

    /** The generated enum or record interface for a declared type. */
    static ClassName type(QualifiedName name) {
        return ClassName.get(name.packageName(), name.simpleName());
    }

    /** The mutable bean class of a record. */
    static ClassName bean(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + BEAN);
    }

    /** The flyweight class of a record. */
    static ClassName sdo(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + SDO);
    }

    /** The batch container of a record. */
    static ClassName batch(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + BATCH);
    }

    /** The writer of a record of fixed width, which writes its fields without a bean. */
    static ClassName writer(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + WRITER);
    }

    /** The XML binding class of an {@code @xml} record. */
    static ClassName fields(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + FIELDS);
    }

    static ClassName xml(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + XML);
    }

    /**
     * The simple names of the classes generated for a record: {@code X}, {@code XBean}, {@code XSdo},
     * {@code XBatch}, {@code XWriter} (taken also for a record with variable-length data, which has none yet),
     * {@code XFields} (taken also for a record without a field it could hold), and
     * {@code XCsv} and {@code XXml} when it is annotated {@code @csv} or {@code @xml}.
     */
    public static List<String> recordClasses(RecordType record) {
        String name = record.name().simpleName();
        List<String> classes = new ArrayList<>(List.of(name, name + BEAN, name + SDO, name + BATCH, name + WRITER,
                name + FIELDS));
        if (CsvOptions.of(record).declared()) {
            classes.add(name + CSV);
        }
        if (XmlOptions.of(record).declared()) {
            classes.add(name + XML);
        }
        return classes;
    }

    /**
     * The properties a field's accessors are named for ({@code get}, {@code is}, {@code set}, {@code has} and the
     * property): the field's own, and {@code XUnscaled} of a decimal, {@code XEpochDay} of a date, {@code XBuffer}
     * of a string or blob, {@code XEpochMilli} of a timestamp, {@code XOrderKey} of a {@code char(n)} whose key
     * fits a long.
     */
    public static List<String> properties(Field field) {
        String name = capitalized(field.name());
        FieldType type = field.type();
        if (type instanceof FieldType.DecimalType) {
            return List.of(name, name + UNSCALED);
        } else if (type instanceof FieldType.DateType) {
            return List.of(name, name + EPOCH_DAY);
        } else if (type instanceof FieldType.StringType || type instanceof FieldType.BytesType) {
            return List.of(name, name + BUFFER);
        } else if (type instanceof FieldType.TimestampType timestamp) {
            return List.of(name, name + epochCount(timestamp.precision()));
        } else if (hasOrderKey(field)) {
            return List.of(name, name + ORDER_KEY);
        }
        return List.of(name);
    }

    /**
     * Whether a field is a {@code char(n)} whose order key ({@code getXOrderKey()}) fits a long that compares as a
     * signed one: at most 63 bits.
     */
    static boolean hasOrderKey(Field field) {
        return field.type() instanceof FieldType.CharType chars
                && (long) chars.length() * (32 - Integer.numberOfLeadingZeros(chars.alphabet().length())) < Long.SIZE;
    }

    /** {@code amount1} becomes {@code Amount1}. */
    static String capitalized(String name) {
        return JavaNames.capitalized(name);
    }

    /** The getter of a field in the generated interface: {@code isX} for a required bool, else {@code getX}. */
    public static String getter(Field field) {
        boolean plainBoolean = field.type() instanceof BoolType && !field.optional();
        return (plainBoolean ? "is" : "get") + capitalized(field.name());
    }

    /**
     * The getter of a union's alternative, {@code getX} whatever its type: a union's interface returns every
     * alternative boxed, null when another is present, so a {@code bool} one is no {@code isX}.
     */
    public static String alternativeGetter(Field alternative) {
        return "get" + capitalized(alternative.name());
    }

    /** {@code getXUnscaled}: a decimal's unscaled long. */
    static String unscaledGetter(Field field) {
        return getter(field) + UNSCALED;
    }

    /** {@code getXEpochDay}: a date's epoch day. */
    static String epochDayGetter(Field field) {
        return getter(field) + EPOCH_DAY;
    }

    /**
     * {@code getXEpochMilli}, {@code getXEpochMicros} or {@code getXEpochNanos}: a timestamp's units since
     * 1970-01-01T00:00Z (a {@code localtimestamp}'s since 1970-01-01T00:00).
     */
    static String epochCountGetter(Field field, TimePrecision precision) {
        return getter(field) + epochCount(precision);
    }

    /** {@code xEpochMilli}, {@code xEpochMicros} or {@code xEpochNanos}: a writer's setter of a timestamp's units. */
    static String epochCountSetter(Field field, TimePrecision precision) {
        return field.name() + epochCount(precision);
    }

    /** The suffix of the constant of a timestamp's default units: {@code _DEFAULT_EPOCH_MILLI}, ... */
    static String epochCountDefault(TimePrecision precision) {
        return "_DEFAULT_" + epochCount(precision).replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /** The property of a timestamp's units: {@code EpochMilli} (as {@code Instant} names it), {@code EpochNanos}... */
    static String epochCount(TimePrecision precision) {
        return switch (precision) {
            case MILLIS -> EPOCH_MILLI;
            case MICROS -> "EpochMicros";
            case NANOS -> "EpochNanos";
        };
    }

    /** {@code getXOrderKey}: a key of a {@code char(n)} that orders as the strings do. */
    static String orderKeyGetter(Field field) {
        return getter(field) + ORDER_KEY;
    }

    /** {@code getXBuffer}: a read-only view of a string's or blob's bytes. */
    static String bufferGetter(Field field) {
        return getter(field) + BUFFER;
    }

    /**
     * The private method of a record's SDO that reads where a variable-length field's data ends: {@code xEnd}, or
     * when the record has an accessor of that name ({@code getEnd} of a field {@code end} beside a string
     * {@code get}), {@code xEnd} with a number appended until it has none.
     */
    static String endMethod(RecordType record, Field field) {
        Set<String> accessors = new HashSet<>();
        for (Field other : record.fields()) {
            String getter = getter(other);
            for (String property : properties(other)) {
                accessors.add(getter + property.substring(capitalized(other.name()).length()));
            }
            accessors.add(presence(other));
        }
        String name = field.name() + "End";
        for (int n = 2; accessors.contains(name); n++) {
            name = field.name() + "End" + n;
        }
        return name;
    }

    static String setter(Field field) {
        return "set" + capitalized(field.name());
    }

    /** {@code clearX}: a writer's setter that makes an optional field absent, or gives a field its default. */
    static String clearer(Field field) {
        return "clear" + capitalized(field.name());
    }

    /** {@code xUnscaled}: a writer's setter of a decimal from its unscaled long. */
    static String unscaledSetter(Field field) {
        return field.name() + UNSCALED;
    }

    /** {@code xEpochDay}: a writer's setter of a date from its epoch day. */
    static String epochDaySetter(Field field) {
        return field.name() + EPOCH_DAY;
    }

    static String presence(Field field) {
        return "has" + capitalized(field.name());
    }

    /**
     * A name in constant style: {@code exchangeRate} becomes {@code EXCHANGE_RATE}. Two names may meet
     * ({@code a_b} and {@code aB}); callers that need unique names make them so.
     */
    static String constant(String name) {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(name.charAt(i - 1))
                    && name.charAt(i - 1) != '_') {
                result.append('_');
            }
            result.append(c);
        }
        return result.toString().toUpperCase(Locale.ROOT);
    }

    /** The field as error messages name it: {@code Trade.amount1}. */
    static String qualifiedField(QualifiedName record, Field field) {
        return record.simpleName() + "." + field.name();
    }
}
