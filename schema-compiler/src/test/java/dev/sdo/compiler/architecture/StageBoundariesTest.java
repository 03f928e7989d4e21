package dev.sdo.compiler.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The compiler's stages keep to their lanes (docs/compiler.md): what generators, the CLI and the text bindings know
 * of a schema comes from the codec model the layout stage makes, never from the schema's types again. A class that
 * reached back would work out encodings a second time, which is how the two used to drift apart.
 */
class StageBoundariesTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/sdo/compiler");
    private static final Pattern IMPORT = Pattern.compile("^import (dev\\.sdo\\.compiler\\.[\\w.]+);", Pattern.MULTILINE);

    /** What generators, the CLI and the bindings may not import: the schema and its types, which layout resolves. */
    private static final Set<String> RESOLVED_BY_LAYOUT = Set.of(
            "dev.sdo.compiler.model.Schema",
            "dev.sdo.compiler.model.FieldType",
            "dev.sdo.compiler.model.DefaultValues",
            "dev.sdo.compiler.model.Annotations");

    /**
     * The one class of {@code generate} that reads declared types: the generated names, which the checker shares
     * before anything is laid out.
     */
    private static final Set<String> NAMES = Set.of("generate/GeneratedNames.java");

    @Test
    void generatorsCliAndBindingsReadTheCodecModelNotTheSchema() throws IOException {
        List<String> violations = new ArrayList<>();
        for (String stage : List.of("generate", "cli", "binding")) {
            for (Path file : javaFiles(SOURCES.resolve(stage))) {
                String relative = SOURCES.relativize(file).toString().replace('\\', '/');
                if (NAMES.contains(relative)) {
                    continue;
                }
                for (String imported : imports(file)) {
                    if (RESOLVED_BY_LAYOUT.stream().anyMatch(imported::startsWith)) {
                        violations.add(relative + " imports " + imported);
                    }
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void earlierStagesNeverImportLaterOnes() throws IOException {
        // parse -> model -> check -> layout -> generate -> cli. The exceptions: the parser refuses nesting past the
        // language's documented limits before it recurses into it; the checker refuses names the generator would
        // clash on, from its one source of names, and sizes past the JVM's, from the layout's own resolver.
        List<String> order = List.of("parse", "model", "check", "layout", "generate", "cli");
        Set<String> allowed = Set.of("parse -> model.Limits", "check -> generate.GeneratedNames",
                "check -> layout.Encodings", "check -> layout.UnionLayout", "check -> layout.BitWidths");
        List<String> violations = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            for (Path file : javaFiles(SOURCES.resolve(order.get(i)))) {
                for (String imported : imports(file)) {
                    String rest = imported.substring("dev.sdo.compiler.".length());
                    int stage = order.indexOf(rest.substring(0, Math.max(0, rest.indexOf('.'))));
                    String edge = order.get(i) + " -> " + rest;
                    if (stage > i && allowed.stream().noneMatch(edge::startsWith)) {
                        violations.add(SOURCES.relativize(file) + " imports " + imported);
                    }
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    private static List<Path> javaFiles(Path directory) throws IOException {
        assertFalse(Files.notExists(directory), directory + " is missing: the test runs from the module's directory");
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static List<String> imports(Path file) throws IOException {
        Matcher matcher = IMPORT.matcher(Files.readString(file));
        List<String> imports = new ArrayList<>();
        while (matcher.find()) {
            imports.add(matcher.group(1));
        }
        return imports;
    }
}
