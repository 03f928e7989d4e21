package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.model.Limits;
import dev.sdo.runtime.VersionTable;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schemas of issue 19 that made the compiler throw, accept what then did not compile, or accept what then failed
 * at run time. Each is now either refused with {@code FILE:LINE:COLUMN: error:} lines, compiled on a thread of the
 * JVM's default stack so that no schema can drive a recursion past it, or compiled to Java that javac accepts
 * ({@code -Xlint:all -Werror}) and that keeps every value.
 */
class RobustnessRegressionTest {
    private static final String FILE = "robust.sdo";

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("an empty annotation argument", "package p;\n@csv\nrecord R { x: int32 @csv(column=); }\n",
                        List.of("robust.sdo:3:33: error: expected 'true', 'false', an integer or a string, found ')'")),
                Arguments.of("a list of lists reached from an @xml record",
                        "package p;\n@xml\nrecord R { a: int8; n: N; }\nrecord N { g: list<list<int8>>; }\n",
                        List.of("robust.sdo:4:15: error: field 'g' is a list of lists, which XML bindings do not"
                                + " support yet")),
                Arguments.of("a package of the JDK", "package java.util;\nrecord R { a: int8; }\n",
                        List.of("robust.sdo:1:9: error: package 'java.util' is the JDK's (module java.base): Java does"
                                + " not allow other classes in it")),
                Arguments.of("two fields of one CSV column", "package p;\n@csv\nrecord R {\n"
                                + "    a: int8 @csv(column = \"Price\");\n    b: int8 @csv(column = \"Price\");\n}\n",
                        List.of("robust.sdo:5:5: error: field 'b' reads column \"Price\", which field 'a' (line 4)"
                                + " already reads: each column is one field")),
                Arguments.of("formats that lose values or do not apply", "package p;\n@csv\nrecord R {\n"
                                + "    t: timestamp @csv(format = \"yyyy-MM-dd\");\n"
                                + "    d: date @csv(format = \"yyyy-MM-dd HH:mm\");\n"
                                + "    h: time @csv(format = \"HH:mm\");\n}\n",
                        List.of("robust.sdo:4:23: error: 'format' of @csv applies only to date and time fields: a"
                                        + " timestamp is read and written as an ISO-8601 instant (2014-07-21T09:30:00Z)",
                                "robust.sdo:5:14: error: format \"yyyy-MM-dd HH:mm\" of field 'd' cannot write or read"
                                        + " back the date 0001-01-01 (a date pattern holds only a date's fields):"
                                        + " Unsupported field: HourOfDay",
                                "robust.sdo:6:14: error: format \"HH:mm\" of field 'h' does not hold every time to the"
                                        + " millisecond: 10:30:15.500 is written \"10:30\" and reads back as 10:30")),
                Arguments.of("a quote as the CSV delimiter",
                        "package p;\n@csv(delimiter = \"\\\"\")\nrecord R { a: int8; }\n",
                        List.of("robust.sdo:2:2: error: the CSV delimiter must be an ASCII character other than a"
                                + " quote or a line break, not '\"'")),
                Arguments.of("a field named like the beans' serialVersionUID",
                        "package p;\nrecord R { serialVersionUID: int64; }\n",
                        List.of("robust.sdo:2:12: error: field 'serialVersionUID' would clash with the member"
                                + " serialVersionUID that every generated bean has")),
                // Found by SchemaMutationFuzzTest: types without an encoding held where the checker sizes them.
                Arguments.of("an enum without constants in a nested record",
                        "package p;\nenum E { }\nrecord N { e: E; }\nrecord R { n: N; }\n",
                        List.of("robust.sdo:2:6: error: enum 'E' has no constants")),
                Arguments.of("a reversed range in a nested record",
                        "package p;\nrecord N { x: int(10..1); }\nrecord R { n: N; }\n",
                        List.of("robust.sdo:2:23: error: upper bound 1 must be greater than lower bound 10")),
                Arguments.of("a reversed range in a union alternative",
                        "package p;\nunion U { a: int8; b: int(5..1); }\nrecord R { u: U; }\n",
                        List.of("robust.sdo:2:30: error: upper bound 1 must be greater than lower bound 5")),
                Arguments.of("3,000 optional fields", record("f", 3000, "int32 optional"),
                        List.of("robust.sdo:2:8: error: record 'R' has 3000 fields, more than the "
                                + Limits.MAX_FIELDS + " its generated classes can hold within the JVM's limits")),
                Arguments.of("5,000 fields", record("f", 5000, "int8"),
                        List.of("robust.sdo:2:8: error: record 'R' has 5000 fields, more than the "
                                + Limits.MAX_FIELDS + " its generated classes can hold within the JVM's limits")),
                Arguments.of("an enum of 5,000 constants", "package p;\nenum E { "
                                + IntStream.range(0, 5000).mapToObj(i -> "C" + i).collect(Collectors.joining(", "))
                                + " }\n",
                        List.of("robust.sdo:2:6: error: enum 'E' has 5000 constants, more than the "
                                + Limits.MAX_ENUM_CONSTANTS + " a generated Java enum can hold")),
                Arguments.of("2,000 nested records", chain(2000, i -> "record R" + i + " { n: R" + (i + 1) + "; }",
                                "record R2000 { x: int8; }"),
                        List.of("robust.sdo:1938:19: error: record 'R1936' nests records and unions more than 64 deep"
                                + " (through field 'n')")),
                Arguments.of("1,000 nested lists",
                        "package p;\nrecord R { x: " + "list<".repeat(1000) + "int8" + ">".repeat(1000) + "; }\n",
                        List.of("robust.sdo:2:99: error: lists are nested more than 16 deep")),
                Arguments.of("2,000 unions nested in unions", chain(2000, i -> "union U" + i + " { a: U" + (i + 1)
                                + "; b: int8; }", "union U2000 { a: int8; b: string; }\nrecord R { u: U0; }"),
                        List.of("robust.sdo:1938:18: error: union 'U1936' nests records and unions more than 64 deep"
                                + " (through alternative 'a')")),
                Arguments.of("2,000 records and unions holding each other", chain(2000, i -> "record R" + i
                                + " { u: list<U" + i + ">; }\nunion U" + i + " { r: R" + (i + 1) + "; b: string; }",
                                "record R2000 { x: int8; }"),
                        List.of("robust.sdo:3938:19: error: record 'R1968' nests records and unions more than 64 deep"
                                + " (through field 'u')")),
                Arguments.of("2,000 records extending each other", chain(2000, i -> i == 0
                                ? "abstract record A0 { f0: int8; }"
                                : "abstract record A" + i + " extends A" + (i - 1) + " { f" + i + ": int8; }", ""),
                        List.of("robust.sdo:66:29: error: record 'A64' is the 65th of a chain of records extending"
                                + " each other, longer than the " + Limits.MAX_EXTENSION_DEPTH + " allowed")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void isRefusedWithPositionedErrors(String what, String schema, List<String> expected) {
        Compilation compilation = compileOnDefaultStack(schema);

        assertThat(compilation.diagnostics()).extracting(Diagnostic::toString).containsExactlyElementsOf(expected);
    }

    /** Fields named like members of the generated code: its constants, {@code BYTES}, and private end methods. */
    @Test
    void fieldsNamedLikeGeneratedMembersCompileAndKeepTheirValues() {
        Generated generated = Generated.compile(Map.of(FILE, """
                package robust.names;
                record Constants {
                    BYTES:     int8 optional;
                    s:         string;
                    V2_OFFSET: date;
                    A_WIDTH:   int16;
                    a:         int(0..9) optional;
                    v2:        int8 @since(2);
                }
                record GetEnd { get: string; end: int8; }
                record IsEnd { is: bytes; end: bool; }
                record HasEnd { has: list<string>; end: string optional; }
                """));

        roundTrips(generated, "robust.names.Constants", Map.of("BYTES", (byte) 5, "s", "after BYTES",
                "V2_OFFSET", LocalDate.of(2024, 2, 29), "A_WIDTH", (short) -300, "a", 7, "v2", (byte) -1));
        roundTrips(generated, "robust.names.GetEnd", Map.of("get", "got", "end", (byte) 9));
        roundTrips(generated, "robust.names.IsEnd", Map.of("is", new byte[] {1, 2, 3}, "end", true));
        roundTrips(generated, "robust.names.HasEnd", Map.of("has", List.of("x", "yz"), "end", "fin"));
    }

    private static void roundTrips(Generated generated, String record, Map<String, Object> values) {
        Object bean = generated.bean(record, values);
        Object sdo = generated.of(record, bean);
        assertThat(Generated.call(sdo, "toBean")).as(record).isEqualTo(bean);
        byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
        assertThat(Generated.call(generated.wrap(record, ByteBuffer.wrap(bytes), 0), "toBean")).as(record)
                .isEqualTo(bean);
    }

    private static final String DOC = "robust.evo.Doc";
    private static final String V1 = """
            package robust.evo;
            record Part { s: string; n: int8; }
            record Doc {
                id: int32;
                title: string;
            }
            """;
    private static final String V2 = V1.replace("    title: string;\n", """
                title: string;
                blobs: list<bytes>        @since(2);
                grid:  list<list<int8>>   @since(2);
                parts: list<Part>         @since(2);
                names: list<list<string>> @since(2);
                more:  list<bytes> optional @since(2);
            """);

    /** Lists of variable-size elements added by a later version: older data reads them as empty. */
    @Test
    void listsOfVariableSizeElementsAddedWithSinceCompileAndCrossVersions() throws ReflectiveOperationException {
        Generated v1 = Generated.compile(Map.of(FILE, V1));
        Generated v2 = Generated.compile(Map.of(FILE, V2));
        Map<String, Object> values = new HashMap<>(Map.of("id", 42, "title", "old"));

        byte[] old = (byte[]) Generated.call(v1.of(DOC, v1.bean(DOC, values)), "toByteArray");
        VersionTable versions = (VersionTable) v2.type(DOC + "Sdo").getField("VERSIONS").get(null);
        Object upgraded = v2.callStatic(DOC + "Sdo", "wrap", ByteBuffer.wrap(old), 0, versions.writer(1));
        assertThat(Generated.call(upgraded, "getTitle")).isEqualTo("old");
        for (String list : List.of("getBlobs", "getGrid", "getParts", "getNames")) {
            assertThat((List<?>) Generated.call(upgraded, list)).as(list).isEmpty();
        }
        assertThat(Generated.call(upgraded, "getMore")).isNull();

        values.put("title", "new");
        values.put("blobs", List.of(new byte[] {1}, new byte[0]));
        values.put("grid", List.of(List.of((byte) 1, (byte) -2), List.of()));
        values.put("parts", List.of(v2.bean("robust.evo.Part", Map.of("s", "p", "n", (byte) 3))));
        values.put("names", List.of(List.of("a", ""), List.of("é😀")));
        values.put("more", List.of(new byte[] {7, 8}));
        Object bean = v2.bean(DOC, values);
        byte[] newer = (byte[]) Generated.call(v2.of(DOC, bean), "toByteArray");
        Object read = v2.callStatic(DOC + "Sdo", "wrap", ByteBuffer.wrap(newer), 0, versions.writer(2));
        assertThat(Generated.call(read, "toBean")).isEqualTo(bean);
        // Code of version 1 reads the fields it knows of newer data.
        Object asV1 = v1.wrap(DOC, ByteBuffer.wrap(newer), 0);
        assertThat(Generated.call(asV1, "getId")).isEqualTo(42);
    }

    private static String record(String prefix, int fields, String type) {
        return "package p;\nrecord R {\n" + IntStream.range(0, fields).mapToObj(i -> "  " + prefix + i + ": " + type
                + ";\n").collect(Collectors.joining()) + "}\n";
    }

    private static String chain(int links, java.util.function.IntFunction<String> link, String end) {
        return "package p;\n" + IntStream.range(0, links).mapToObj(link).collect(Collectors.joining("\n")) + "\n"
                + end + "\n";
    }

    /** Compiles on a thread with the JVM's default stack size, as build tools call the compiler. */
    private static Compilation compileOnDefaultStack(String schema) {
        AtomicReference<Compilation> result = new AtomicReference<>();
        List<Throwable> thrown = new ArrayList<>();
        Thread thread = new Thread(() -> {
            try {
                result.set(new SchemaCompiler().compile(Map.of(FILE, schema), List.of(FILE)));
            } catch (Throwable t) {
                thrown.add(t);
            }
        }, "compile");
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        if (!thrown.isEmpty()) {
            throw new AssertionError("the compiler threw " + thrown.get(0), thrown.get(0));
        }
        return result.get();
    }
}
