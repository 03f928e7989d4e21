package dev.sdo.compiler.testing;

import dev.sdo.compiler.check.SchemaChecker;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.ModelBuilder;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.parse.SchemaLoader;
import dev.sdo.compiler.parse.SchemaSources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Runs the compiler's front end (load, model, check) without layout and generation, for tests of the stages up
 * to the checked model.
 */
public final class FrontEnd {
    private FrontEnd() {}

    /** The outcome: every diagnostic in reading order, and the model built (partial when there were errors). */
    public record Result(List<Diagnostic> diagnostics, Schema schema) {

        public List<String> messages() {
            return diagnostics.stream().map(Diagnostic::toString).toList();
        }

        public RecordType record(String simpleName) {
            return schema.records().stream().filter(r -> r.name().simpleName().equals(simpleName)).findFirst()
                    .orElseThrow(() -> new AssertionError("no record " + simpleName + " in " + schema.records()));
        }
    }

    public static Result run(SchemaSources sources, List<String> roots) {
        Diagnostics diagnostics = new Diagnostics();
        Schema schema = new ModelBuilder(diagnostics).build(new SchemaLoader(sources, diagnostics).load(roots));
        new SchemaChecker(diagnostics).check(schema);
        return new Result(diagnostics.sorted(), schema);
    }

    /** Runs one schema text named {@code test.sdo}. */
    public static Result run(String text) {
        return run(SchemaSources.inMemory(Map.of("test.sdo", text)), List.of("test.sdo"));
    }

    /** Runs a schema that must have no problems. */
    public static Schema valid(String text) {
        Result result = run(text);
        if (!result.diagnostics().isEmpty()) {
            throw new AssertionError("unexpected diagnostics: " + result.messages());
        }
        return result.schema();
    }

    /** A test resource's text, such as {@code schemas/trade.sdo}. */
    public static String resource(String name) {
        try (var in = FrontEnd.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
