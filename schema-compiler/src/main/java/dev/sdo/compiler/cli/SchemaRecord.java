package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.runtime.batch.RecordIdentity;

/**
 * One record of a schema, for the data commands, as {@link CompiledSchema} selects it: the codec model, its layout,
 * and the identity its batch files carry (the same as its generated {@code XBatch} writes).
 */
record SchemaRecord(CodecModel model, RecordLayout layout, RecordIdentity identity) {

    /**
     * Whether the record is flat (fixed-width values only), so that the runtime's flat text bindings carry it
     * straight between text and bits; other records go through field values and the generic engine.
     */
    boolean flat() {
        return XmlRecordBinding.flat(layout);
    }

    /**
     * Whether the record's rows are read and written by the schema alone as CSV (fixed-width values only, its
     * XML bindings aside); others go through field values and the generic engine.
     */
    boolean csvFlat() {
        return CsvRecordBinding.flat(layout);
    }

    /**
     * Why the record cannot be carried as CSV, or null: only strings and blobs, beyond fixed-width values, have
     * columns, and those only in a record declared {@code @csv}.
     */
    String csvProblem() {
        if (csvFlat()) {
            return null;
        }
        String name = layout.record().name().simpleName();
        boolean columns = layout.fields().stream().map(field -> field.encoding())
                .allMatch(e -> e.scalar() || e instanceof Encoding.Text || e instanceof Encoding.Blob);
        if (!columns) {
            return name + " records hold nested records, lists, unions or unbounded numbers, which CSV does not"
                    + " carry";
        }
        if (!CsvRecordBinding.declared(layout)) {
            return name + " records have no @csv binding, which sdoc needs to carry their strings and blobs as CSV";
        }
        return null;
    }
}
