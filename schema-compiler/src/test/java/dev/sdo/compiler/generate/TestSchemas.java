package dev.sdo.compiler.generate;

import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.model.EnumType.EnumConstant;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.IntegerKind;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds checked schema models directly, as the front end would from schema text (positions are dummies), and runs
 * the generator on them.
 */
final class TestSchemas {
    static final SourcePosition AT = new SourcePosition("t.sdo", 1, 1);

    private final String packageName;
    private final List<EnumType> enums = new ArrayList<>();
    private final List<RecordType> records = new ArrayList<>();

    TestSchemas(String packageName) {
        this.packageName = packageName;
    }

    TestSchemas enumType(String name, String... constants) {
        enums.add(new EnumType(new QualifiedName(packageName, name),
                Arrays.stream(constants).map(c -> new EnumConstant(c, "", AT)).toList(), "", List.of(), AT));
        return this;
    }

    TestSchemas record(String name, Field... fields) {
        records.add(new RecordType(new QualifiedName(packageName, name), List.of(fields), "", List.of(), AT));
        return this;
    }

    /** Adds the declarations of another package's builder, as an import would. */
    TestSchemas including(TestSchemas other) {
        enums.addAll(other.enums);
        records.addAll(other.records);
        return this;
    }

    Schema schema() {
        return new Schema(enums, records);
    }

    List<GeneratedSource> generate() {
        return new JavaGenerator(CodecModel.of(schema())).generate();
    }

    QualifiedName name(String simpleName) {
        return new QualifiedName(packageName, simpleName);
    }

    static Field field(String name, FieldType type) {
        return new Field(name, type, false, null, null, 1, List.of(), "", AT);
    }

    static Field optional(String name, FieldType type) {
        return new Field(name, type, true, null, null, 1, List.of(), "", AT);
    }

    static Field withOverride(Field field, JavaOverride override) {
        return new Field(field.name(), field.type(), field.optional(), override, AT, field.since(),
                field.annotations(), field.doc(), field.position());
    }

    static Field documented(Field field, String doc) {
        return new Field(field.name(), field.type(), field.optional(), field.javaOverride(),
                field.javaOverridePosition(), field.since(), field.annotations(), doc, field.position());
    }

    static FieldType bool() {
        return new BoolType(AT);
    }

    static FieldType integer(IntegerKind kind) {
        return new IntegerType(kind, AT);
    }

    static FieldType range(long lo, long hi) {
        return new RangeType(lo, hi, AT, AT, AT);
    }

    static FieldType float32() {
        return new FloatType(32, AT);
    }

    static FieldType float64() {
        return new FloatType(64, AT);
    }

    static FieldType decimal(int precision, int scale) {
        return new DecimalType(true, precision, scale, AT, AT, AT);
    }

    static FieldType udecimal(int precision, int scale) {
        return new DecimalType(false, precision, scale, AT, AT, AT);
    }

    static FieldType date() {
        return new DateType(DateType.MIN, DateType.MAX, false, AT, AT, AT);
    }

    static FieldType date(String lo, String hi) {
        return new DateType(LocalDate.parse(lo), LocalDate.parse(hi), true, AT, AT, AT);
    }

    static FieldType time() {
        return new TimeType(AT);
    }

    static FieldType timestamp() {
        return new TimestampType(AT);
    }

    static FieldType chars(int length) {
        return new CharType(length, CharType.PRINTABLE_ASCII, null, AT, AT, AT);
    }

    /** {@code char(n, "A-Z")} and the like: {@code alphabet} already expanded. */
    static FieldType chars(int length, String alphabet) {
        return new CharType(length, alphabet, alphabet, AT, AT, AT);
    }

    static FieldType enumRef(QualifiedName name) {
        return new EnumRef(name, AT);
    }

    static FieldType recordRef(QualifiedName name) {
        return new RecordRef(name, AT);
    }

    static String upperCase() {
        StringBuilder letters = new StringBuilder();
        for (char c = 'A'; c <= 'Z'; c++) {
            letters.append(c);
        }
        return letters.toString();
    }
}
