package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * A union: named alternatives, of which a value holds at most one (exactly one where the union is a required field).
 * The alternatives keep declaration order, which is their tag order: alternative i is stored with tag i + 1, tag 0
 * meaning none. An abstract record's union has its concrete extensions as alternatives ({@code fromAbstract}).
 *
 * @param fromAbstract whether the union stands for an abstract record (its Java type is then the record's interface)
 */
public record UnionType(QualifiedName name, List<Field> alternatives, String doc, List<Annotation> annotations,
        SourcePosition position, boolean fromAbstract) {

    public UnionType {
        alternatives = List.copyOf(alternatives);
        annotations = List.copyOf(annotations);
    }
}
