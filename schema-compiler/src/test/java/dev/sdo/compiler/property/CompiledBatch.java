package dev.sdo.compiler.property;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Many schemas compiled by the schema compiler one by one and by javac all in one go (javac's start-up dominates
 * otherwise). A schema whose generated code javac rejects is set aside with javac's messages and the rest are
 * compiled again, so that one bad schema does not hide the results of the others.
 */
final class CompiledBatch {
    private static final int JAVAC_ATTEMPTS = 6;

    /** The outcome for one schema: either its compilation and loaded classes, or what went wrong. */
    record Outcome(TestSchema schema, Compilation compilation, GeneratedSchema generated, String problem) {}

    private final Map<TestSchema, Outcome> outcomes = new LinkedHashMap<>();

    CompiledBatch(List<TestSchema> schemas) {
        Map<TestSchema, Compilation> compiled = new LinkedHashMap<>();
        for (TestSchema schema : schemas) {
            Compilation compilation;
            try {
                compilation = new SchemaCompiler().compile(Map.of(schema.fileName(), schema.text()),
                        List.of(schema.fileName()));
            } catch (RuntimeException e) {
                outcomes.put(schema, new Outcome(schema, null, null, "the schema compiler threw " + e));
                continue;
            }
            if (compilation.succeeded()) {
                compiled.put(schema, compilation);
            } else {
                outcomes.put(schema, new Outcome(schema, compilation, null,
                        "the schema compiler rejected a valid schema:\n" + compilation.diagnostics()));
            }
        }
        for (int attempt = 0; attempt < JAVAC_ATTEMPTS && !compiled.isEmpty(); attempt++) {
            List<GeneratedSource> sources = new ArrayList<>();
            compiled.values().forEach(c -> sources.addAll(c.sources()));
            try {
                ClassLoader loader = InMemoryJavaCompiler.compile(sources);
                compiled.forEach((schema, c) -> outcomes.put(schema,
                        new Outcome(schema, c, new GeneratedSchema(List.of(schema), loader), null)));
                compiled.clear();
            } catch (AssertionError javacFailed) {
                String message = javacFailed.getMessage();
                List<TestSchema> culprits = compiled.keySet().stream()
                        .filter(s -> message.contains("/" + s.packageName().replace('.', '/') + "/"))
                        .toList();
                if (culprits.isEmpty() || attempt == JAVAC_ATTEMPTS - 1) {
                    culprits = List.copyOf(compiled.keySet());
                }
                for (TestSchema culprit : culprits) {
                    outcomes.put(culprit, new Outcome(culprit, compiled.remove(culprit), null,
                            "javac rejected the generated code:\n" + excerpt(message, culprit)));
                }
            }
        }
    }

    /** The javac messages that concern one schema's package, or all of them when none names it. */
    private static String excerpt(String message, TestSchema schema) {
        String folder = "/" + schema.packageName().replace('.', '/') + "/";
        StringBuilder lines = new StringBuilder();
        message.lines().filter(line -> line.contains(folder)).limit(20).forEach(l -> lines.append(l).append('\n'));
        return lines.length() == 0 ? message : lines.toString();
    }

    Outcome outcome(TestSchema schema) {
        return outcomes.get(schema);
    }
}
