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
            String failure = javac(compiled);
            if (failure == null) {
                break;
            }
            List<TestSchema> culprits = compiled.keySet().stream()
                    .filter(s -> failure.contains(folder(s)))
                    .toList();
            if (culprits.isEmpty() || attempt == JAVAC_ATTEMPTS - 1) {
                // javac named none of them (or keeps failing): compile each alone to tell them apart
                for (TestSchema schema : List.copyOf(compiled.keySet())) {
                    Map<TestSchema, Compilation> alone = new LinkedHashMap<>();
                    alone.put(schema, compiled.remove(schema));
                    String own = javac(alone);
                    if (own != null) {
                        outcomes.put(schema, new Outcome(schema, alone.get(schema), null,
                                "javac rejected the generated code:\n" + excerpt(own, schema)));
                    }
                }
                break;
            }
            for (TestSchema culprit : culprits) {
                outcomes.put(culprit, new Outcome(culprit, compiled.remove(culprit), null,
                        "javac rejected the generated code:\n" + excerpt(failure, culprit)));
            }
        }
    }

    /** Compiles the schemas' sources together; records their outcomes and returns null, or javac's messages. */
    private String javac(Map<TestSchema, Compilation> compiled) {
        List<GeneratedSource> sources = new ArrayList<>();
        compiled.values().forEach(c -> sources.addAll(c.sources()));
        ClassLoader loader;
        try {
            loader = InMemoryJavaCompiler.compile(sources);
        } catch (AssertionError javacFailed) {
            return javacFailed.getMessage();
        }
        compiled.forEach((schema, c) -> outcomes.put(schema,
                new Outcome(schema, c, new GeneratedSchema(List.of(schema), loader), null)));
        return null;
    }

    private static String folder(TestSchema schema) {
        return "/" + schema.packageName().replace('.', '/') + "/";
    }

    /**
     * javac's messages about one schema's package (each with its continuation lines), or all of them when none
     * names it.
     */
    private static String excerpt(String message, TestSchema schema) {
        StringBuilder lines = new StringBuilder();
        boolean inMessage = false;
        int count = 0;
        for (String line : message.lines().toList()) {
            boolean start = line.startsWith("ERROR") || line.startsWith("WARNING") || line.startsWith("MANDATORY");
            if (start) {
                inMessage = line.contains(folder(schema)) && count++ < 15;
            }
            if (inMessage) {
                lines.append(line).append('\n');
            }
        }
        if (lines.length() == 0 && message.lines().count() <= 1) {
            return message + " (javac reported no diagnostic: it crashed, see the test's standard error, e.g. a"
                    + " StackOverflowError on a very long expression)";
        }
        return lines.length() == 0 ? message : lines.toString();
    }

    Outcome outcome(TestSchema schema) {
        return outcomes.get(schema);
    }
}
