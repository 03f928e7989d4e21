package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.runtime.batch.RecordIdentity;
import java.util.List;

/**
 * One record of a schema, for the data commands, as {@link CompiledSchema} selects it: the codec model, its layout, the identity
 * its batch files carry (the same as its generated {@code XBatch} writes), and the schema's generated sources,
 * which {@link GeneratedRecord} compiles for records that are not flat.
 */
record SchemaRecord(CodecModel model, RecordLayout layout, RecordIdentity identity, List<GeneratedSource> sources) {

    /**
     * Whether the record is flat (fixed-width values only), so that the runtime's flat text bindings carry it
     * straight between text and bits; other records go through their generated classes.
     */
    boolean flat() {
        return XmlRecordBinding.flat(layout);
    }
}
