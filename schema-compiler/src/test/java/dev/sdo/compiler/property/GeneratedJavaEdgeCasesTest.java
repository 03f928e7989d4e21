package dev.sdo.compiler.property;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Legal schemas whose names and doc comments are hard on a Java generator: records named like the JDK and runtime
 * types that generated code uses (which must then be qualified), and doc comments holding text that Java treats specially
 * in a comment (a backslash followed by u starts a unicode escape even there). Each must compile cleanly and behave.
 */
class GeneratedJavaEdgeCasesTest {
    /**
     * Names of JDK and runtime types that generated code may use: a record or enum of that name is legal (the
     * spec forbids only keywords, literals and a few contextual keywords), so the generated code must qualify or
     * avoid them. java.lang ones are the hardest: a same-package type hides them without any import.
     */
    private static final List<String> JDK_NAMES = List.of("String", "Object", "Override", "Integer", "Long",
            "Short", "Byte", "Boolean", "Character", "Float", "Double", "Number", "Math", "StringBuilder", "Class",
            "Enum", "Record", "Deprecated", "SuppressWarnings", "Iterable", "Comparable", "Exception",
            "RuntimeException", "IllegalArgumentException", "IndexOutOfBoundsException", "System", "Void",
            "Objects", "Arrays", "List", "Map", "Optional", "Collections", "ByteBuffer", "ByteOrder", "BigDecimal",
            "BigInteger", "Instant", "LocalDate", "LocalTime", "ChronoUnit", "Serializable", "Serial", "Iterator",
            "Stream", "VarHandle", "MethodHandles", "FieldValues", "BitFields", "Alphabet", "BeanValues",
            "CorruptDataException");
    private static final List<String> DOCS = List.of("Path like C:\\users\\me.", "Escapes like \\u0041 stay text.",
            "A backslash at the end \\", "Not a tag: @param x, {@link Nowhere}, <unclosed & stray >.",
            "Unicode text: \u00e9t\u00e9, \u20ac, \u4e2d\u6587.");

    @TestFactory
    Stream<DynamicTest> recordsNamedLikeJdkTypes() {
        List<TestSchema> schemas = new ArrayList<>();
        for (String name : JDK_NAMES) {
            TestRecord inner = new TestRecord(name + "Part", List.of(field("code", new TestType.Chars(3, null,
                    TestType.PRINTABLE_ASCII), false, null)));
            TestEnum side = new TestEnum(name + "Side", List.of("Buy", "Sell"));
            TestRecord record = new TestRecord(name, allKinds(inner, side));
            schemas.add(schema("prop.jdk.t" + name.toLowerCase(Locale.ROOT), List.of(side), List.of(inner, record)));
        }
        return checked(schemas);
    }

    @TestFactory
    Stream<DynamicTest> enumsNamedLikeJdkTypes() {
        List<TestSchema> schemas = new ArrayList<>();
        for (String name : List.of("String", "Boolean", "Integer", "Object", "Override", "Enum", "Record", "Math",
                "Objects", "Optional")) {
            TestEnum e = new TestEnum(name, List.of("A", "B", "C"));
            TestRecord holder = new TestRecord("Holder", List.of(field("required", new TestType.EnumRef(e), false, null),
                    field("maybe", new TestType.EnumRef(e), true, null),
                    field("label", new TestType.Chars(5, null, TestType.PRINTABLE_ASCII), false, null)));
            schemas.add(schema("prop.jdkenum.t" + name.toLowerCase(Locale.ROOT), List.of(e), List.of(holder)));
        }
        return checked(schemas);
    }

    @TestFactory
    Stream<DynamicTest> docCommentsWithJavaSpecialText() {
        List<TestSchema> schemas = new ArrayList<>();
        for (int i = 0; i < DOCS.size(); i++) {
            TestRecord record = new TestRecord("Documented", List.of(
                    field("amount", new TestType.Decimal(9, 2, false), false, DOCS.get(i)),
                    field("flag", new TestType.Bool(), true, DOCS.get(i))));
            schemas.add(schema("prop.doc" + i, List.of(), List.of(record)));
        }
        return checked(schemas);
    }

    private static List<TestField> allKinds(TestRecord inner, TestEnum side) {
        return List.of(field("count", new TestType.Range(0, 10, false), false, null),
                field("big", new TestType.FixedInt(64, true), true, null),
                field("text", new TestType.Chars(4, "A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), false, null),
                field("price", new TestType.Decimal(7, 2, true), true, null),
                field("day", new TestType.Date(TestType.FIRST_DAY, TestType.LAST_DAY, false), false, null),
                field("at", new TestType.Timestamp(), true, null),
                field("clock", new TestType.Time(), false, null),
                field("ratio", new TestType.Floating(64), false, null),
                field("side", new TestType.EnumRef(side), true, null),
                field("part", new TestType.RecordRef(inner), false, null),
                new TestField("wide", new TestType.Range(-5, 5, false), false, TestField.JavaAs.BIG_INTEGER, null));
    }

    private static TestField field(String name, TestType type, boolean optional, String doc) {
        return new TestField(name, type, optional, TestField.JavaAs.NONE, doc);
    }

    private static TestSchema schema(String packageName, List<TestEnum> enums, List<TestRecord> records) {
        String text = new SchemaText(new Random(packageName.hashCode())).render(packageName, List.of(), enums,
                records);
        return new TestSchema(packageName.replace('.', '_') + ".sdo", packageName, enums, records, text);
    }

    /** All schemas through one javac run; per schema, a test that it compiles, lays out and encodes right. */
    private static Stream<DynamicTest> checked(List<TestSchema> schemas) {
        CompiledBatch batch = new CompiledBatch(schemas);
        return schemas.stream().map(schema -> dynamicTest(schema.packageName(), () -> {
            CompiledBatch.Outcome outcome = batch.outcome(schema);
            if (outcome.problem() != null) {
                throw new AssertionError(outcome.problem() + "\n" + schema.text());
            }
            SchemaChecks checks = new SchemaChecks(schema, outcome.compilation(), outcome.generated(), 1,
                    schema.text());
            for (Check check : List.of(Check.LAYOUTS_AND_BYTES, Check.JAVA_TYPES, Check.ROUND_TRIP,
                    Check.EXACT_BYTES, Check.REJECTION)) {
                check.run(checks);
            }
        }));
    }
}
