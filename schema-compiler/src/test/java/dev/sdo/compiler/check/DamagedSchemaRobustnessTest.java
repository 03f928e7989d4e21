package dev.sdo.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.testing.FrontEnd;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every way of damaging a valid schema by one cut (a truncation, a deleted character, a doubled character) either
 * still compiles or gives diagnostics, never an exception: the model builder and checker cope with whatever
 * survived the syntax errors. Every diagnostic points inside the file.
 */
class DamagedSchemaRobustnessTest {
    private static final String NAME = "trade.sdo";

    @Test
    void truncatedDeletedOrDoubledCharactersNeverCrashTheCompiler() {
        // The spec's two examples in one file, without line comments and runs of blanks (cutting those teaches
        // nothing new and the test should stay quick).
        String original = (FrontEnd.resource("schemas/trade.sdo") + FrontEnd.resource("schemas/reset-frequency.sdo")
                .replace("package org.fpml.sdo;", ""))
                .replaceAll("(?m)(^|\\s)//.*$", "$1")
                .replaceAll("[ ]+", " ")
                .replaceAll("\n+", "\n");
        assertThat(compile(original).diagnostics()).isEmpty();

        for (int i = 0; i < original.length(); i++) {
            check(original.substring(0, i));
            check(original.substring(0, i) + original.substring(i + 1));
            check(original.substring(0, i + 1) + original.substring(i));
        }
    }

    private static void check(String text) {
        Compilation compilation = compile(text);
        if (compilation.succeeded()) {
            assertThat(compilation.layouts()).hasSameSizeAs(compilation.schema().orElseThrow().records());
            return;
        }
        long lines = text.lines().count() + 1;
        for (Diagnostic diagnostic : compilation.diagnostics()) {
            assertThat(diagnostic.position().file()).as(text).isEqualTo(NAME);
            assertThat(diagnostic.position().line()).as(text).isBetween(1, (int) lines);
            assertThat(diagnostic.position().column()).as(text).isPositive();
            assertThat(diagnostic.message()).as(text).isNotBlank().doesNotContain("<missing", "Exception");
        }
    }

    private static Compilation compile(String text) {
        return new SchemaCompiler().compile(Map.of(NAME, text), List.of(NAME));
    }
}
