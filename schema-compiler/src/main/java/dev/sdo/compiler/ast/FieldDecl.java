package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code name: type [optional] [as JavaType] [= default] [annotations];}, also an alternative of a union.
 *
 * @param position the position of the field's name
 * @param javaType the {@code as} clause's type as written (possibly dotted), or null
 * @param javaTypePosition its position, or null
 * @param defaultValue the default as written, or null
 */
public record FieldDecl(String name, SourcePosition position, TypeNode type, boolean optional, String javaType,
        SourcePosition javaTypePosition, List<AnnotationNode> annotations, String doc, DefaultValue defaultValue) {

    /**
     * A default as written.
     *
     * @param value a {@link String}, a {@link java.math.BigInteger}, a {@link Boolean}, or for a name (an enum
     *     constant) the name as a {@link String} with {@code name} true
     * @param name whether the default was written as a name rather than a literal
     */
    public record DefaultValue(Object value, boolean name, SourcePosition position) {}


    public FieldDecl {
        annotations = List.copyOf(annotations);
    }
}
