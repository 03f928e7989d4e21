package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * A field of a record.
 *
 * @param name the field name as written
 * @param type its resolved type
 * @param optional whether the field has a presence bit
 * @param javaOverride the {@code as} clause's target, or null
 * @param javaOverridePosition the position of the {@code as} clause's type, or null
 * @param since the schema version that added the field (1 when not annotated)
 * @param annotations the field's annotations, in written order
 * @param doc the doc comment's text without the comment markers, or "" when there is none
 * @param position the position of the field's name
 * @param defaultValue the field's default, or null when it has none
 */
public record Field(String name, FieldType type, boolean optional, JavaOverride javaOverride,
        SourcePosition javaOverridePosition, int since, List<Annotation> annotations, String doc,
        SourcePosition position, FieldDefault defaultValue) {

    public Field {
        annotations = List.copyOf(annotations);
    }

    /** A field without a default. */
    public Field(String name, FieldType type, boolean optional, JavaOverride javaOverride,
            SourcePosition javaOverridePosition, int since, List<Annotation> annotations, String doc,
            SourcePosition position) {
        this(name, type, optional, javaOverride, javaOverridePosition, since, annotations, doc, position, null);
    }

    /**
     * The name the layout fingerprint knows the field by: its {@code @alias}, the name it had when its data was
     * first written, so that renaming a field with an alias keeps every fingerprint (docs/schema-reference.md,
     * "Versions"); its name when it has none.
     */
    public String layoutName() {
        return alias().orElse(name);
    }

    /** The field's {@code @alias("oldName")}: the name it had before it was renamed. */
    public java.util.Optional<String> alias() {
        return annotation("alias").map(a -> (String) a.arguments().get("value"));
    }

    /** The field's {@code @deprecated}, whose optional text says what to use instead. */
    public java.util.Optional<Annotation> deprecation() {
        return annotation("deprecated");
    }

    private java.util.Optional<Annotation> annotation(String name) {
        return annotations.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** Whether the field has a presence bit: it is optional or has a default (bit 0: the default). */
    public boolean hasPresenceBit() {
        return optional && !(type instanceof FieldType.UnionRef) || defaultValue != null;
    }
}
