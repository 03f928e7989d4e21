package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;

/** Javadoc text: the schema's doc comments where there are any, a plain sentence otherwise. */
final class Docs {
    /** The HTML entity of a backslash, which Javadoc shows as one. */
    private static final String BACKSLASH = "&#92;";

    private Docs() {}

    /** The schema doc, or {@code fallback} when the schema has none; ends with a line break. */
    static CodeBlock of(String schemaDoc, String fallback, Object... args) {
        if (schemaDoc != null && !schemaDoc.isBlank()) {
            return CodeBlock.of("$L\n", javadocText(schemaDoc.strip()));
        }
        return CodeBlock.of(fallback + "\n", args);
    }

    /**
     * Schema text made safe inside a Java comment: javac reads a backslash followed by {@code u} as the start of a
     * Unicode escape even there (and rejects a Windows path such as {@code C:&#92;users}), so every backslash
     * becomes an HTML entity that Javadoc shows as a backslash.
     */
    static String javadocText(String text) {
        return text.replace("\\", BACKSLASH);
    }
}
