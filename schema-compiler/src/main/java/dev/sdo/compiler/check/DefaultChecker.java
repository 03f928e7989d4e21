package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.DefaultValues;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;

/**
 * Field defaults (docs/unions-and-extension.md): on required scalar and string fields only, and a value the
 * field can hold.
 */
final class DefaultChecker {
    private final Diagnostics diagnostics;

    DefaultChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                if (field.defaultValue() == null) {
                    continue;
                }
                if (field.optional()) {
                    diagnostics.error(field.defaultValue().position(), "field '" + field.name()
                            + "' cannot be both optional and have a default: absent, it has its default");
                    continue;
                }
                String problem = DefaultValues.problem(field, schema);
                if (problem != null) {
                    diagnostics.error(field.defaultValue().position(), "default of field '" + field.name() + "': "
                            + problem);
                }
            }
        }
    }
}
