package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code record Name { field; ... }}; {@code position} is the name's.
 *
 * @param complete false when a field could not be parsed and was left out (the syntax error is reported), so that
 *        later stages do not mistake the record for an empty one
 */
public record RecordDecl(String name, SourcePosition position, List<FieldDecl> fields, boolean complete, String doc,
        List<AnnotationNode> annotations) implements Declaration {

    public RecordDecl {
        fields = List.copyOf(fields);
        annotations = List.copyOf(annotations);
    }
}
