package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/** An enum, record or union declaration of a schema file. */
public sealed interface Declaration permits EnumDecl, RecordDecl, UnionDecl {

    /** The declared name. */
    String name();

    /** The position of the declared name. */
    SourcePosition position();

    /** The doc comment's text, or "". */
    String doc();

    /** The annotations written before the declaration. */
    List<AnnotationNode> annotations();
}
