package dev.sdo.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Misuse of unions, extension and defaults: each a {@code FILE:LINE:COLUMN: error:} line, never an exception. */
class UnionSchemaErrorsTest {

    private static List<String> errors(String schema) {
        return new SchemaCompiler().compile(Map.of("s.sdo", "package p;\n" + schema), List.of("s.sdo"))
                .diagnostics().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void aUnionWithoutAlternativesIsRefused() {
        assertThat(errors("union U { }\n")).containsExactly("s.sdo:2:7: error: union 'U' has no alternatives");
    }

    @Test
    void duplicateAlternativesAreRefused() {
        assertThat(errors("union U { a: int8; a: string; }\n"))
                .containsExactly("s.sdo:2:20: error: duplicate alternative 'a' in union 'U': already declared at s.sdo:2:11");
    }

    @Test
    void anOptionalAlternativeIsRefused() {
        assertThat(errors("union U { a: int8 optional; }\n")).singleElement().asString()
                .startsWith("s.sdo:2:11: error: alternative 'a' of union 'U' cannot be optional");
    }

    @Test
    void anExtensionCycleIsRefused() {
        assertThat(errors("record A extends B { a: int8; }\nrecord B extends A { b: int8; }\n"))
                .contains("s.sdo:3:18: error: record 'B' extends itself through A");
    }

    @Test
    void extendingANonRecordIsRefused() {
        assertThat(errors("enum E { X }\nrecord A extends E { a: int8; }\n")).containsExactly(
                "s.sdo:3:18: error: record 'A' cannot extend enum 'E': only a record can be extended");
    }

    @Test
    void anAbstractRecordWithoutExtensionsCannotBeStored() {
        assertThat(errors("abstract record A { a: int8; }\nrecord R { x: A; }\n")).singleElement().asString()
                .startsWith("s.sdo:3:15: error: abstract record 'A' has no concrete extension");
    }

    @Test
    void aDefaultThatDoesNotFitIsRefused() {
        assertThat(errors("record R { x: int(0..10) = 11; }\n"))
                .containsExactly("s.sdo:2:28: error: default of field 'x': 11 is outside 0..10");
        assertThat(errors("record R { x: char(3, \"A-Z\") = \"EURO\"; }\n")).singleElement().asString()
                .startsWith("s.sdo:2:32: error: default of field 'x': \"EURO\" is longer than 3 characters");
        assertThat(errors("record R { x: int8 optional = 1; }\n")).singleElement().asString()
                .startsWith("s.sdo:2:31: error: field 'x' cannot be both optional and have a default");
    }
}
