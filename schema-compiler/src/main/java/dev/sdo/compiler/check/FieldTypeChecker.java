package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.TypeNotation;
import dev.sdo.compiler.model.UnionType;

/**
 * Each field's and union alternative's type: arguments within their limits (a list's element's too, at any depth), and whether an
 * {@code as} clause's Java type holds every value of the field.
 */
final class FieldTypeChecker {
    private final Diagnostics diagnostics;

    FieldTypeChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                checkType(field.type());
                if (field.javaOverride() != null) {
                    checkOverride(field);
                }
            }
        }
        for (UnionType union : schema.unions()) {
            union.alternatives().forEach(alternative -> checkType(alternative.type()));
        }
    }

    private void checkType(FieldType type) {
        TypeArguments.problems(type).forEach(d -> diagnostics.error(d.position(), d.message()));
        if (type.isList()) {
            checkType(type.itemType());
        }
    }

    /** The type as written, named enums and records introduced as such: {@code enum Side}. */
    private static String describe(FieldType type) {
        String kind = type instanceof EnumRef ? "enum " : type instanceof RecordRef ? "record " : "";
        return kind + TypeNotation.of(type);
    }

    private void checkOverride(Field field) {
        JavaOverride target = field.javaOverride();
        String typeText = describe(field.type());
        long min;
        long max;
        if (field.type() instanceof IntegerType integer && integer.kind().unsigned64()) {
            diagnostics.error(field.javaOverridePosition(), "cannot expose " + typeText + " as "
                    + target.javaName() + ": a uint64 is the long of its bits (read it with Long.toUnsignedString)");
            return;
        } else if (field.type() instanceof IntegerType integer) {
            min = integer.kind().min();
            max = integer.kind().max();
        } else if (field.type() instanceof RangeType range) {
            min = range.lo();
            max = range.hi();
        } else {
            diagnostics.error(field.javaOverridePosition(), "cannot expose " + typeText + " as "
                    + target.javaName() + ": 'as' applies only to integer types");
            return;
        }
        if (target == JavaOverride.INT && (min < Integer.MIN_VALUE || max > Integer.MAX_VALUE)) {
            diagnostics.error(field.javaOverridePosition(), "cannot expose " + typeText + " as int: its values "
                    + min + ".." + max + " do not all fit in int");
        }
    }
}
