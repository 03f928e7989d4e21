package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/** {@code enum Name { A, B }}; {@code position} is the name's. */
public record EnumDecl(String name, SourcePosition position, List<EnumConstantDecl> constants, String doc,
        List<AnnotationNode> annotations) implements Declaration {

    public EnumDecl {
        constants = List.copyOf(constants);
        annotations = List.copyOf(annotations);
    }

    /** One constant, with its doc comment and annotations ({@code @xml(name = "ACT/360")}). */
    public record EnumConstantDecl(String name, String doc, SourcePosition position, List<AnnotationNode> annotations) {

        public EnumConstantDecl {
            annotations = List.copyOf(annotations);
        }
    }
}
