package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.Optional;

/**
 * XML bindings that cannot work: a nested record has fields of its own, and a list is its element repeated, so
 * either can only be child elements, never an attribute ({@code @xml(attribute = true)}).
 */
final class XmlBindingChecker {
    private final Diagnostics diagnostics;

    XmlBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                if (field.type() instanceof RecordRef nested) {
                    attributeAnnotation(field).ifPresent(a -> report(field, nested, a));
                } else if (field.type() instanceof ListType) {
                    attributeAnnotation(field).ifPresent(a -> diagnostics.error(a.position(), "field '"
                            + field.name() + "' is a list, which cannot be an XML attribute: a list is its element "
                            + "repeated"));
                }
            }
        }
    }

    private static Optional<Annotation> attributeAnnotation(Field field) {
        return field.annotations().stream()
                .filter(a -> a.name().equals("xml") && Boolean.TRUE.equals(a.arguments().get("attribute")))
                .findFirst();
    }

    private void report(Field field, RecordRef nested, Annotation xml) {
        diagnostics.error(xml.position(), "field '" + field.name() + "' holds record '" + nested.name().simpleName()
                + "', which cannot be an XML attribute: a nested record is always a child element");
    }
}
