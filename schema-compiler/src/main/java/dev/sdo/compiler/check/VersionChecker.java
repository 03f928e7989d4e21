package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.EnumType.EnumConstant;
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
 *       there, so a field added to it would move every field after it;</li>
 *   <li>enum constants added later ({@code @since}) go at the end, after at least one constant of version 1, and
 *       fit the bits of the enum's first version: every record holding it keeps its layout;</li>
 *   <li>a {@code @compact} record has no versions yet: its slot bits come before its other fields, so a field added
 *       later would move them;</li>
 *   <li>a field's {@code @alias} (its first name, which the layout fingerprint keeps) is no other field's name or
 *       alias: two fields would be one in the fingerprint and in the names readers match.</li>
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
        schema.enums().forEach(this::checkConstants);
        for (RecordType record : schema.records()) {
            checkOrder(record);
            checkAliases(record);
            for (Field field : record.fields()) {
                if (field.since() > 1 && record.compact()) {
                    diagnostics.error(sincePosition(field), "field '" + field.name() + "' is added in version "
                            + field.since() + " of @compact record '" + record.name().simpleName()
                            + "': compact records have no versions yet (docs/record-format.md, section 8)");
                }
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

    private void checkConstants(EnumType type) {
        EnumConstant latest = null;
        for (EnumConstant constant : type.constants()) {
            if (latest == null && constant.since() > 1) {
                diagnostics.error(constant.sincePosition(), "constant '" + constant.name() + "' of enum '"
                        + type.name().simpleName() + "' is added in version " + constant.since() + ", but the enum"
                        + " has no constant of version 1: its first constant has no @since");
                return;
            }
            if (latest != null && constant.since() < latest.since()) {
                diagnostics.error(constant.sincePosition(), "constant '" + constant.name() + "' of version "
                        + constant.since() + " comes after constant '" + latest.name() + "' of version "
                        + latest.since() + ": constants added later go at the end, so that the ordinals data was"
                        + " written with keep their meaning");
                return;
            }
            latest = constant;
        }
        int first = type.firstConstants().size();
        if (first == 0) {
            return; // an enum without constants is reported by the name checks
        }
        int bits = Math.max(1, BitWidths.bitsForCount(first));
        if (type.constants().size() > 1L << bits) {
            EnumConstant overflow = type.constants().get(1 << bits);
            diagnostics.error(overflow.sincePosition(), "constant '" + overflow.name() + "' added in version "
                    + overflow.since() + " does not fit enum '" + type.name().simpleName() + "': its " + first
                    + " constants of version 1 take " + bits + " bit" + (bits == 1 ? "" : "s") + ", which hold "
                    + (1 << bits) + " constants, and a wider enum would move the fields after it in data of earlier"
                    + " versions: it cannot be added compatibly (without @since it changes the layouts, and"
                    + " readers refuse the older data)");
        }
    }

    private void checkAliases(RecordType record) {
        java.util.Map<String, Field> names = new java.util.HashMap<>();
        record.fields().forEach(field -> names.put(field.name(), field));
        for (Field field : record.fields()) {
            String alias = field.alias().orElse(null);
            if (alias == null) {
                continue;
            }
            SourcePosition at = annotationPosition(field, "alias");
            Field other = names.get(alias);
            if (other == field) {
                diagnostics.error(at, "@alias(\"" + alias + "\") of field '" + field.name() + "' is its own name:"
                        + " an alias is the name the field had before it was renamed");
            } else if (other != null) {
                diagnostics.error(at, "@alias(\"" + alias + "\") of field '" + field.name() + "' is the name of"
                        + " field '" + other.name() + "': the layout would name two fields alike");
            } else {
                names.put(alias, field);
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
        return annotationPosition(field, "since");
    }

    /** Where a field's annotation is written, or the field's name without it. */
    private static SourcePosition annotationPosition(Field field, String annotation) {
        return field.annotations().stream().filter(a -> a.name().equals(annotation)).map(Annotation::position)
                .findFirst().orElse(field.position());
    }
}
