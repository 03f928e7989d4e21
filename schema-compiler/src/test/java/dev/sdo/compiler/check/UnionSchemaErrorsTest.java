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

    @Test
    void aUnionThatContainsItselfThroughAlternativesOnlyIsRefused() {
        assertThat(errors("union A { a: B; }\nunion B { b: A; }\n")).containsExactly(
                "s.sdo:3:14: error: union 'A' contains itself through alternatives only: A.a -> B.b -> A; an"
                        + " alternative that is a union holds the whole of it, so such a chain needs a record in it"
                        + " to end");
        assertThat(errors("union A { x: int8; self: A; }\n")).containsExactly(
                "s.sdo:2:26: error: union 'A' contains itself through alternatives only: A.self -> A; an"
                        + " alternative that is a union holds the whole of it, so such a chain needs a record in it"
                        + " to end");
    }

    @Test
    void unionsAndAbstractRecordsAsAlternativesAreAcceptedButNotWithoutAConcreteExtension() {
        assertThat(errors("union A { x: int8; }\nabstract record P { p: int8; }\nrecord Q extends P { q: int8; }\n"
                + "union B { a: A; p: P; s: string; }\nrecord R { b: B; }\n")).isEmpty();
        assertThat(errors("union A { x: int8; }\nabstract record P { p: int8; }\nunion B { a: A; p: P; }\n"))
                .containsExactly("s.sdo:4:20: error: abstract record 'P' has no concrete extension: an abstract"
                        + " record is never stored on its own, so a field of it needs a record that extends it");
        assertThat(errors("union A { x: int8; }\nunion B { a: A optional; }\n")).singleElement().asString()
                .startsWith("s.sdo:3:11: error: alternative 'a' of union 'B' cannot be optional");
    }

    @Test
    void aUnionAlternativeCannotBeBoundInlineInXml() {
        assertThat(errors("union A { x: int8; }\nunion B { a: A @xml(inline = true); }\n")).containsExactly(
                "s.sdo:3:17: error: alternative 'a' of union 'B' is bound inline, which only a record (or a list of"
                        + " records) can be");
    }

    @Test
    void anInnerUnionWhoseElementsClashWithTheOuterAlternativesIsRefusedForXml() {
        assertThat(errors("union A { x: int8; y: string; }\nunion B { a: A; x: int16; }\n")).containsExactly(
                "s.sdo:3:17: error: alternatives 'a' and 'x' of union 'B' can both begin with the element <x>, which"
                        + " could not pick one when read from XML");
    }
}
