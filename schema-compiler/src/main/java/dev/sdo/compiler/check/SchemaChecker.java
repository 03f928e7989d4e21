package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.Schema;

/**
 * Checks a resolved schema against the rules of spec section 6 that need the whole model: names Java cannot use,
 * duplicate and clashing names, type arguments beyond their limits, bad {@code as} conversions, recursive and
 * oversized records, fields out of version order, types not supported yet, XML bindings that cannot work. The
 * model may be partial (what did not resolve is left out): every check works on what is there.
 */
public final class SchemaChecker {
    private final Diagnostics diagnostics;

    public SchemaChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Reports every problem of the schema. */
    public void check(Schema schema) {
        if (new NestingDepthChecker(diagnostics).check(schema)) {
            return;
        }
        new NameChecker(diagnostics).check(schema);
        new GeneratedNameChecker(diagnostics).check(schema);
        new FieldTypeChecker(diagnostics).check(schema);
        new UnionChecker(diagnostics).check(schema);
        new DefaultChecker(diagnostics).check(schema);
        new RecursionChecker(diagnostics).check(schema);
        new RecordSizeChecker(diagnostics).check(schema);
        new VersionChecker(diagnostics).check(schema);
        new XmlBindingChecker(diagnostics).check(schema);
        new TextBindingChecker(diagnostics).check(schema);
    }
}
