package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Schemas at the limits the checker enforces (docs/schema-reference.md, "Limits") compile to Java that javac
 * accepts and the JVM loads: the limits are where they are because one more would not, or would recurse too deep.
 * The schemas one past each limit are in the bad-schemas corpus.
 */
class CompilerLimitsTest {

    /** The field types that cost the most constants and bytecode, optional and not, in turn. */
    private static final List<String> COSTLY_TYPES = List.of("decimal(18, 4)", "date(2000-01-01..2099-12-31)",
            "char(12, \"A-Z0-9\")", "string", "list<int(0..1000)>", "E", "time", "udecimal(9, 2) optional",
            "date optional", "bytes optional", "int(-5..5) optional", "float64 optional", "Small optional",
            "list<string> optional");

    @Test
    void aRecordOfTheMostFieldsOfCostlyTypesCompilesAndLoads() throws ReflectiveOperationException {
        StringBuilder schema = new StringBuilder("package limits.wide;\nenum E { A, B, C }\n"
                + "record Small { a: int8; b: bool; }\nrecord Wide {\n");
        for (int i = 0; i < Limits.MAX_FIELDS; i++) {
            schema.append("  f").append(i).append(": ").append(COSTLY_TYPES.get(i % COSTLY_TYPES.size()))
                    .append(";\n");
        }
        schema.append("}\n");

        ClassLoader loader = InMemoryJavaCompiler.compile(compile(schema.toString()).sources());

        assertThat(loader.loadClass("limits.wide.WideSdo").getField("BYTES").getInt(null)).isPositive();
    }

    @Test
    void anEnumOfTheMostConstantsCompilesAndLoads() throws ReflectiveOperationException {
        StringBuilder schema = new StringBuilder("package limits.enums;\nenum Big {");
        for (int i = 0; i < Limits.MAX_ENUM_CONSTANTS; i++) {
            schema.append(i == 0 ? " C" : ", C").append(i);
        }
        schema.append(" }\n@csv record R { big: Big; other: Big optional; }\n");

        ClassLoader loader = InMemoryJavaCompiler.compile(compile(schema.toString()).sources());

        Object[] constants = loader.loadClass("limits.enums.Big").getEnumConstants();
        assertThat(constants).hasSize(Limits.MAX_ENUM_CONSTANTS);
        assertThat(constants[Limits.MAX_ENUM_CONSTANTS - 1]).hasToString("C" + (Limits.MAX_ENUM_CONSTANTS - 1));
    }

    @Test
    void recordsAndListsNestedToTheLimitCompile() throws ReflectiveOperationException {
        StringBuilder schema = new StringBuilder("package limits.deep;\n");
        for (int i = 1; i < Limits.MAX_RECORD_NESTING; i++) {
            schema.append("record R").append(i).append(" { s: string; next: R").append(i + 1)
                    .append(" optional; all: list<R").append(i + 1).append(">; }\n");
        }
        schema.append("record R").append(Limits.MAX_RECORD_NESTING).append(" { grid: ")
                .append("list<".repeat(Limits.MAX_LIST_NESTING)).append("int8")
                .append(">".repeat(Limits.MAX_LIST_NESTING)).append("; }\n");

        ClassLoader loader = InMemoryJavaCompiler.compile(compile(schema.toString()).sources());

        assertThat(loader.loadClass("limits.deep.R1Sdo")).isNotNull();
        assertThat(loader.loadClass("limits.deep.R" + Limits.MAX_RECORD_NESTING + "Sdo")).isNotNull();
    }

    @Test
    void recordsAndUnionsNestedInTurnToTheLimitCompile() throws ReflectiveOperationException {
        StringBuilder schema = new StringBuilder("package limits.mixed;\n");
        int level = 1;
        for (; level < Limits.MAX_RECORD_NESTING - 1; level += 2) {
            schema.append("record R").append(level).append(" { u: U").append(level + 1).append("; }\n")
                    .append("union U").append(level + 1).append(" { r: R").append(level + 2)
                    .append("; s: string; }\n");
        }
        schema.append("record R").append(level).append(" { x: int8; }\n");

        ClassLoader loader = InMemoryJavaCompiler.compile(compile(schema.toString()).sources());

        assertThat(loader.loadClass("limits.mixed.R1Sdo")).isNotNull();
    }

    @Test
    void theLongestChainOfExtensionCompiles() throws ReflectiveOperationException {
        StringBuilder schema = new StringBuilder("package limits.chain;\nabstract record A1 { f1: int8; }\n");
        for (int i = 2; i < Limits.MAX_EXTENSION_DEPTH; i++) {
            schema.append("abstract record A").append(i).append(" extends A").append(i - 1).append(" { f").append(i)
                    .append(": int8; }\n");
        }
        int last = Limits.MAX_EXTENSION_DEPTH;
        schema.append("record A").append(last).append(" extends A").append(last - 1).append(" { f").append(last)
                .append(": string; }\n");

        ClassLoader loader = InMemoryJavaCompiler.compile(compile(schema.toString()).sources());

        assertThat(loader.loadClass("limits.chain.A" + last + "Sdo").getMethod("getF1")).isNotNull();
    }

    private static Compilation compile(String schema) {
        Compilation compilation = new SchemaCompiler().compile(Map.of("limits.sdo", schema), List.of("limits.sdo"));
        assertThat(compilation.diagnostics()).isEmpty();
        return compilation;
    }
}
