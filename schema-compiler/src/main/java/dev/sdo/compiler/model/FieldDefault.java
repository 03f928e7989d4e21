package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;

/**
 * A field's default as written: the value it has when none is given. Whether it fits the field's type is the
 * checker's to say; the generators turn it into a Java value of the field's type.
 *
 * @param value a {@link String}, a {@link java.math.BigInteger}, a {@link Boolean}, or an enum constant's name
 * @param name whether it was written as a name (an enum constant) rather than a literal
 */
public record FieldDefault(Object value, boolean name, SourcePosition position) {

    /** The default as it is written in a schema: {@code "text"}, {@code 5}, {@code true} or {@code Name}. */
    public String text() {
        return value instanceof String s && !name ? '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"'
                : String.valueOf(value);
    }
}
