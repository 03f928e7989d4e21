package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code [abstract] record Name [extends Base] { field; ... }}; {@code position} is the name's. Fields that did not
 * parse are left out (their syntax errors are reported).
 *
 * @param base the name of the record this one extends, or null
 * @param basePosition the position of that name, or null
 */
public record RecordDecl(String name, SourcePosition position, List<FieldDecl> fields, String doc,
        List<AnnotationNode> annotations, boolean isAbstract, String base, SourcePosition basePosition)
        implements Declaration {

    public RecordDecl {
        fields = List.copyOf(fields);
        annotations = List.copyOf(annotations);
    }
}
