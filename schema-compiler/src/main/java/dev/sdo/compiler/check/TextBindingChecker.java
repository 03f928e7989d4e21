package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;

/**
 * Records bound to CSV or XML ({@code @csv}, {@code @xml}) whose fields the generated bindings cannot carry yet:
 * nested records. Reported at the field, so that generation never meets them.
 */
final class TextBindingChecker {
    private final Diagnostics diagnostics;

    TextBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            String binding = record.annotations().stream().map(a -> a.name())
                    .filter(n -> n.equals("csv") || n.equals("xml")).findFirst().orElse(null);
            if (binding == null) {
                continue;
            }
            for (Field field : record.fields()) {
                // A record holding itself is reported as a cycle, which it first is.
                if (field.type() instanceof RecordRef nested && !nested.name().equals(record.name())) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' holds record '"
                            + nested.name().simpleName() + "', but @" + binding + " bindings of nested records are "
                            + "not supported yet");
                }
            }
        }
    }
}
