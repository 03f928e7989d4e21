package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.TypeNotation;

/**
 * Records bound to CSV ({@code @csv}) whose fields the generated binding cannot carry yet: nested records and
 * variable-length fields.
 * Reported at the field, so that generation never meets them. (XML binds nested records as child elements.)
 */
final class TextBindingChecker {
    private final Diagnostics diagnostics;

    TextBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            if (record.annotations().stream().noneMatch(a -> a.name().equals("csv"))) {
                continue;
            }
            for (Field field : record.fields()) {
                // A record holding itself is reported as a cycle, which it first is.
                if (field.type() instanceof RecordRef nested && !nested.name().equals(record.name())) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' holds record '"
                            + nested.name().simpleName() + "', but @csv bindings of nested records are "
                            + "not supported yet");
                } else if (field.type() instanceof FieldType.UnionRef union) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' holds union '"
                            + union.name().simpleName() + "', which a CSV column cannot: a row has one value per"
                            + " column, not a choice of types");
                } else if (field.type() instanceof StringType || field.type() instanceof BytesType
                        || field.type() instanceof ListType || field.type() instanceof FieldType.BigDecimalType
                        || field.type() instanceof FieldType.BigIntegerType) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' ("
                            + TypeNotation.of(field.type()) + ") has a variable length, but @csv bindings of "
                            + "variable-length fields are not supported yet");
                }
            }
        }
    }
}
