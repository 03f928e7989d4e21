package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code name: type [optional] [as JavaType] [annotations];}.
 *
 * @param position the position of the field's name
 * @param javaType the {@code as} clause's type as written (possibly dotted), or null
 * @param javaTypePosition its position, or null
 */
public record FieldDecl(String name, SourcePosition position, TypeNode type, boolean optional, String javaType,
        SourcePosition javaTypePosition, List<AnnotationNode> annotations, String doc) {

    public FieldDecl {
        annotations = List.copyOf(annotations);
    }
}
