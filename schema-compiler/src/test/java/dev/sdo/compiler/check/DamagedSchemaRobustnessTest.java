package dev.sdo.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.parse.SchemaSources;
import dev.sdo.compiler.testing.FrontEnd;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every way of damaging a valid schema by one cut (a truncation, a deleted character, a doubled character) either
 * still compiles (and lays out) or gives diagnostics, never an exception: the model builder and checker cope with
 * whatever survived the syntax errors. Every diagnostic points inside the file. (The front end only: what the
 * generator makes of the survivors is not this test's business.)
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
        assertThat(compile(original).messages()).isEmpty();

        for (int i = 0; i < original.length(); i++) {
            check(original.substring(0, i));
            check(original.substring(0, i) + original.substring(i + 1));
            check(original.substring(0, i + 1) + original.substring(i));
        }
    }

    private static void check(String text) {
        FrontEnd.Result result = compile(text);
        if (result.diagnostics().isEmpty()) {
            assertThat(RecordLayout.ofAll(result.schema())).hasSameSizeAs(result.schema().records());
            return;
        }
        long lines = text.lines().count() + 1;
        for (Diagnostic diagnostic : result.diagnostics()) {
            assertThat(diagnostic.position().file()).as(text).isEqualTo(NAME);
            assertThat(diagnostic.position().line()).as(text).isBetween(1, (int) lines);
            assertThat(diagnostic.position().column()).as(text).isPositive();
            assertThat(diagnostic.message()).as(text).isNotBlank().doesNotContain("<missing", "Exception");
        }
    }

    private static FrontEnd.Result compile(String text) {
        return FrontEnd.run(SchemaSources.inMemory(Map.of(NAME, text)), List.of(NAME));
    }
}
