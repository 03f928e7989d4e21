package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;

/**
 * XML bindings that cannot work: a nested record has fields of its own, so it can only be a child element, never
 * an attribute ({@code @xml(attribute = true)}).
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
                    field.annotations().stream()
                            .filter(a -> a.name().equals("xml") && Boolean.TRUE.equals(a.arguments().get("attribute")))
                            .findFirst()
                            .ifPresent(a -> report(field, nested, a));
                }
            }
        }
    }

    private void report(Field field, RecordRef nested, Annotation xml) {
        diagnostics.error(xml.position(), "field '" + field.name() + "' holds record '" + nested.name().simpleName()
                + "', which cannot be an XML attribute: a nested record is always a child element");
    }
}
