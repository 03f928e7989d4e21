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

    /**
     * The constants of the enum's first version (those without {@code @since}): the ones layout fingerprints name.
     * Constants added later go at the end and fit the first version's bits (the check stage sees to both), so data
     * of every version reads alike and the fingerprints stay as they were.
     */
    public List<EnumConstant> firstConstants() {
        return constants.stream().filter(c -> c.since() <= 1).toList();
    }

    /** One constant of an enum, with its annotations ({@code @xml(name = "ACT/360")}). */
    public record EnumConstant(String name, String doc, SourcePosition position, List<Annotation> annotations) {

        public EnumConstant {
            annotations = List.copyOf(annotations);
        }

        public EnumConstant(String name, String doc, SourcePosition position) {
            this(name, doc, position, List.of());
        }

        /** The schema version that added the constant: its {@code @since}, 1 without. */
        public int since() {
            return AnnotationRules.since(annotations);
        }

        /** The position of the constant's {@code @since}, or of its name without one. */
        public SourcePosition sincePosition() {
            return annotations.stream().filter(a -> a.name().equals("since")).map(Annotation::position).findFirst()
                    .orElse(position);
        }

        /** Whether the constant is {@code @deprecated}. */
        public boolean deprecated() {
            return annotations.stream().anyMatch(a -> a.name().equals("deprecated"));
        }
    }
}
