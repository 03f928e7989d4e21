package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * A declared record; fields keep declaration order, which is their layout order. A record that extends another
 * has the base's fields first (already in {@code fields}), then its own.
 *
 * @param isAbstract whether the record is {@code abstract}: never stored on its own
 * @param base the record it extends, or null
 */
public record RecordType(QualifiedName name, List<Field> fields, String doc, List<Annotation> annotations,
        SourcePosition position, boolean isAbstract, QualifiedName base) {

    public RecordType {
        fields = List.copyOf(fields);
        annotations = List.copyOf(annotations);
    }

    /** A concrete record that extends nothing. */
    public RecordType(QualifiedName name, List<Field> fields, String doc, List<Annotation> annotations,
            SourcePosition position) {
        this(name, fields, doc, annotations, position, false, null);
    }

    /**
     * Whether the record is annotated {@code @compact}: its variable-length fields have end slots only when they
     * have data, sized by the record (docs/record-format.md, section 8).
     */
    public boolean compact() {
        return annotations.stream().anyMatch(a -> a.name().equals("compact"));
    }

    /** The record's schema version: the largest {@code @since} of its fields, at least 1. */
    public int version() {
        return fields.stream().mapToInt(Field::since).max().orElse(1);
    }
}
