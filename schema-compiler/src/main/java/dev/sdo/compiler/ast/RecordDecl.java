package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code record Name { field; ... }}; {@code position} is the name's. Fields that did not parse are left out (their
 * syntax errors are reported).
 */
public record RecordDecl(String name, SourcePosition position, List<FieldDecl> fields, String doc,
        List<AnnotationNode> annotations) implements Declaration {

    public RecordDecl {
        fields = List.copyOf(fields);
        annotations = List.copyOf(annotations);
    }
}
