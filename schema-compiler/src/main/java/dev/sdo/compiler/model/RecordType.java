package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/** A declared record; fields keep declaration order, which is their layout order. */
public record RecordType(QualifiedName name, List<Field> fields, String doc, List<Annotation> annotations,
        SourcePosition position) {

    public RecordType {
        fields = List.copyOf(fields);
        annotations = List.copyOf(annotations);
    }

    /** The record's schema version: the largest {@code @since} of its fields, at least 1. */
    public int version() {
        return fields.stream().mapToInt(Field::since).max().orElse(1);
    }
}
