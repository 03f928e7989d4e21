package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.TypeNotation;
import java.util.Optional;

/**
 * Each field's type: arguments within their limits, the variable-length forms not supported yet (lists of
 * records, blobs, lists or wide chars, and records with variable-length fields nested in others), and whether an {@code as} clause's Java type holds every
 * value of the field.
 */
final class FieldTypeChecker {
    private final Diagnostics diagnostics;

    FieldTypeChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                checkType(field.type(), true, schema);
                if (field.javaOverride() != null) {
                    checkOverride(field);
                }
            }
        }
    }

    private void checkType(FieldType type, boolean reportUnsupported, Schema schema) {
        if (reportUnsupported && type instanceof ListType list && !supportedElement(list.element())) {
            diagnostics.error(list.element().position(), "a list of " + describe(list.element())
                    + " is not supported yet: list elements may be fixed-width values up to 64 bits (not records)"
                    + " or strings");
        }
        if (reportUnsupported && type instanceof RecordRef ref) {
            schema.recordType(ref.name()).flatMap(FieldTypeChecker::firstVariableLengthField).ifPresent(field ->
                    diagnostics.error(type.position(), "record '" + ref.name().simpleName()
                            + "' cannot be nested yet: its field '" + field.name() + "' has a variable length"));
        }
        TypeArguments.problems(type).forEach(d -> diagnostics.error(d.position(), d.message()));
        if (type instanceof ListType list) {
            checkType(list.element(), false, schema);
        }
    }

    /** Whether lists of {@code element} are implemented: fixed-width values of at most 64 bits, or strings. */
    private static boolean supportedElement(FieldType element) {
        if (element instanceof StringType) {
            return true;
        }
        if (element instanceof BytesType || element instanceof ListType || element instanceof RecordRef) {
            return false;
        }
        if (element instanceof FieldType.CharType chars) {
            // char(n) wider than 64 bits would need a reader that walks codes; refused rather than half-supported.
            // (A char type with other problems is reported for those alone.)
            return !TypeArguments.problems(chars).isEmpty() || (long) chars.length() * dev.sdo.compiler.layout.BitWidths.charCodeBits(chars.alphabet().length())
                    <= Long.SIZE;
        }
        return true;
    }

    private static Optional<Field> firstVariableLengthField(RecordType record) {
        return record.fields().stream().filter(f -> f.type() instanceof StringType || f.type() instanceof BytesType
                || f.type() instanceof ListType).findFirst();
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
        if (field.type() instanceof IntegerType integer) {
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
