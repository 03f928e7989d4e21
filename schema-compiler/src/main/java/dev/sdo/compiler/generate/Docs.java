package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;

/** Javadoc text: the schema's doc comments where there are any, a plain sentence otherwise. */
final class Docs {
    private Docs() {}

    /** The schema doc, or {@code fallback} when the schema has none; ends with a line break. */
    static CodeBlock of(String schemaDoc, String fallback, Object... args) {
        if (schemaDoc != null && !schemaDoc.isBlank()) {
            return CodeBlock.of("$L\n", schemaDoc.strip());
        }
        return CodeBlock.of(fallback + "\n", args);
    }
}
