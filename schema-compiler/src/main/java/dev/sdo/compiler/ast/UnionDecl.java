package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code union Name { alternative: type; ... }}; {@code position} is the name's. Alternatives that did not parse are
 * left out (their syntax errors are reported).
 */
public record UnionDecl(String name, SourcePosition position, List<FieldDecl> alternatives, String doc,
        List<AnnotationNode> annotations) implements Declaration {

    public UnionDecl {
        alternatives = List.copyOf(alternatives);
        annotations = List.copyOf(annotations);
    }
}
