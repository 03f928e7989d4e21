package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.QualifiedName;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * XML bindings that cannot work: a nested record has fields of its own, and a list is its element repeated, so
 * either can only be child elements, never an attribute ({@code @xml(attribute = true)}); and a list of lists, in
 * an {@code @xml} record or a record nested in one, has no XML form yet.
 */
final class XmlBindingChecker {
    private final Diagnostics diagnostics;

    XmlBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (dev.sdo.compiler.model.EnumType type : schema.enums()) {
            type.constants().forEach(c -> unsupportedKeys(c.annotations()));
            type.constants().stream().flatMap(c -> c.annotations().stream()).filter(a -> a.name().equals("xml"))
                    .forEach(a -> diagnostics.error(a.position(), "@xml on enum constants is not supported yet"));
        }
        for (dev.sdo.compiler.model.UnionType union : schema.unions()) {
            union.alternatives().forEach(a -> unsupportedKeys(a.annotations()));
        }
        for (RecordType record : schema.records()) {
            if (record.annotations().stream().anyMatch(a -> a.name().equals("xml"))) {
                refuseUnions(record, schema, new java.util.HashSet<>());
            }
            for (Field field : record.fields()) {
                unsupportedKeys(field.annotations());
                if (field.type() instanceof ListType list && list.element() instanceof ListType
                        && reachedFromXml(record, schema)) {
                    diagnostics.error(field.type().position(), "field '" + field.name() + "' is a list of lists,"
                            + " which XML bindings do not support yet");
                }
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

    /** Whether {@code target} is an {@code @xml} record or nested, through records and lists, in one. */
    private static boolean reachedFromXml(RecordType target, Schema schema) {
        Deque<RecordType> open = new ArrayDeque<>();
        Set<QualifiedName> seen = new HashSet<>();
        schema.records().stream().filter(r -> r.annotations().stream().anyMatch(a -> a.name().equals("xml")))
                .forEach(open::add);
        while (!open.isEmpty()) {
            RecordType record = open.poll();
            if (!seen.add(record.name())) {
                continue;
            }
            if (record.name().equals(target.name())) {
                return true;
            }
            for (Field field : record.fields()) {
                FieldType type = field.type();
                while (type instanceof ListType list) {
                    type = list.element();
                }
                if (type instanceof RecordRef ref) {
                    schema.recordType(ref.name()).ifPresent(open::add);
                }
            }
        }
        return false;
    }

    /**
     * The XML binding of unions, and the keys made for it ({@code text}, {@code inline}, {@code any}, and
     * {@code name} on enum constants and alternatives), are the next step (docs/unions-and-extension.md): refused
     * clearly until then rather than generating a binding that drops or misreads them.
     */
    private void refuseUnions(RecordType record, Schema schema, java.util.Set<dev.sdo.compiler.model.QualifiedName> seen) {
        if (!seen.add(record.name())) {
            return;
        }
        for (Field field : record.fields()) {
            dev.sdo.compiler.model.FieldType type = field.type();
            while (type instanceof ListType list) {
                type = list.element();
            }
            if (type instanceof dev.sdo.compiler.model.FieldType.BigDecimalType
                    || type instanceof dev.sdo.compiler.model.FieldType.BigIntegerType) {
                diagnostics.error(field.position(), "field '" + field.name() + "' of '" + record.name().simpleName()
                        + "' is a " + dev.sdo.compiler.model.TypeNotation.of(type) + " without bounds, which @xml"
                        + " bindings do not support yet");
            } else if (type instanceof dev.sdo.compiler.model.FieldType.UnionRef union) {
                diagnostics.error(field.position(), "field '" + field.name() + "' of '" + record.name().simpleName()
                        + "' holds union '" + union.name().simpleName() + "', which @xml bindings do not support yet");
            } else if (type instanceof RecordRef nested) {
                schema.recordType(nested.name()).ifPresent(r -> refuseUnions(r, schema, seen));
            }
        }
    }

    private void unsupportedKeys(java.util.List<Annotation> annotations) {
        for (Annotation annotation : annotations) {
            if (annotation.name().equals("xml")) {
                for (String key : java.util.List.of("text", "inline", "any")) {
                    if (annotation.arguments().containsKey(key)) {
                        diagnostics.error(annotation.position(), "@xml(" + key + " = ...) is not supported yet");
                    }
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
