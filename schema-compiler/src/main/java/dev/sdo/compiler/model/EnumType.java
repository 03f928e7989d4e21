package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/** A declared enum; constants keep declaration order, which is their stored ordinal. */
public record EnumType(QualifiedName name, List<EnumConstant> constants, String doc, List<Annotation> annotations,
        SourcePosition position) {

    public EnumType {
        constants = List.copyOf(constants);
        annotations = List.copyOf(annotations);
    }

    /** One constant of an enum, with its annotations ({@code @xml(name = "ACT/360")}). */
    public record EnumConstant(String name, String doc, SourcePosition position, List<Annotation> annotations) {

        public EnumConstant {
            annotations = List.copyOf(annotations);
        }

        public EnumConstant(String name, String doc, SourcePosition position) {
            this(name, doc, position, List.of());
        }
    }
}
