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
 */
public record Field(String name, FieldType type, boolean optional, JavaOverride javaOverride,
        SourcePosition javaOverridePosition, int since, List<Annotation> annotations, String doc,
        SourcePosition position) {

    public Field {
        annotations = List.copyOf(annotations);
    }
}
