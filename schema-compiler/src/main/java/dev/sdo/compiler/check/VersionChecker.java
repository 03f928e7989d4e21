package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;

/**
 * The rules that let code of one schema version read data of another (spec section 4, docs/record-format.md):
 * <ul>
 *   <li>fields are declared in non-decreasing {@code @since} order, so that the fields of version v are a prefix
 *       of those of any later version and data written by v keeps its layout;</li>
 *   <li>a field added after version 1 whose type is a record is optional: a record has no zero value to show when
 *       data of an earlier version is read;</li>
 *   <li>a record with fields added after version 1 is not nested in another record or list: it is stored inline
 *       there, so a field added to it would move every field after it.</li>
 * </ul>
 */
final class VersionChecker {
    private final Diagnostics diagnostics;
    /** The unions being looked into, so that a union that holds itself through a list is looked at once. */
    private final java.util.Set<dev.sdo.compiler.model.QualifiedName> nestedUnions = new java.util.HashSet<>();

    VersionChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            checkOrder(record);
            for (Field field : record.fields()) {
                if (field.since() > 1 && !field.optional() && field.type() instanceof FieldType.UnionRef ref) {
                    diagnostics.error(sincePosition(field), "field '" + field.name() + "' is added in version "
                            + field.since() + " and holds union '" + ref.name().simpleName() + "', so it must be"
                            + " optional: a union has no zero value to read from data of earlier versions");
                }
                if (field.since() > 1 && !field.optional() && field.type() instanceof RecordRef ref) {
                    diagnostics.error(sincePosition(field), "field '" + field.name() + "' is added in version "
                            + field.since() + " and holds record '" + ref.name().simpleName()
                            + "', so it must be optional: a record has no zero value to read from data of earlier"
                            + " versions");
                }
                checkNested(record, field, field.type(), schema);
            }
        }
    }

    private void checkOrder(RecordType record) {
        Field latest = null;
        for (Field field : record.fields()) {
            if (latest != null && field.since() < latest.since()) {
                diagnostics.error(sincePosition(field), "field '" + field.name() + "' of version " + field.since()
                        + " comes after field '" + latest.name() + "' of version " + latest.since()
                        + ": fields added in a later version go after the fields of earlier versions, so that data"
                        + " written by earlier versions keeps its layout");
            } else {
                latest = field;
            }
        }
    }

    private void checkNested(RecordType record, Field field, FieldType type, Schema schema) {
        if (type.isList()) {
            checkNested(record, field, type.itemType(), schema);
        } else if (type instanceof FieldType.UnionRef ref && nestedUnions.add(ref.name())) {
            schema.unionType(ref.name()).ifPresent(union -> union.alternatives()
                    .forEach(alternative -> checkNested(record, field, alternative.type(), schema)));
            nestedUnions.remove(ref.name());
        } else if (type instanceof RecordRef ref) {
            schema.recordType(ref.name()).filter(nested -> nested.version() > 1).ifPresent(nested -> {
                Field added = nested.fields().stream().filter(f -> f.since() > 1).findFirst().orElseThrow();
                diagnostics.error(type.position(), "record '" + nested.name().simpleName() + "' cannot be nested in '"
                        + record.name().simpleName() + "': its field '" + added.name() + "' is added in version "
                        + added.since() + ", and a nested record is stored inline, so a field added to it would"
                        + " move the fields after it");
            });
        }
    }

    /** The position of a field's {@code @since}, or of its name when it has none (version 1). */
    private static SourcePosition sincePosition(Field field) {
        return field.annotations().stream().filter(a -> a.name().equals("since")).map(Annotation::position)
                .findFirst().orElse(field.position());
    }
}
