package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.Schema;
import java.util.List;

/**
 * The layout fingerprints that generated batches write into {@code .sdob} files, for tools that read and write
 * batch files from the schema alone ({@code sdoc convert}, {@code dump}, {@code check}).
 */
public final class RecordFingerprints {
    private final LayoutFingerprint fingerprints;

    /** @param layouts the layout of every record of {@code schema} */
    public RecordFingerprints(Schema schema, List<RecordLayout> layouts) {
        this.fingerprints = new LayoutFingerprint(schema, layouts);
    }

    /** The fingerprint of {@code record}, exactly as its generated {@code XBatch} has it. */
    public long of(QualifiedName record) {
        return fingerprints.of(record);
    }

    /** The fingerprint of each of the record's versions that differ ({@code RecordLayout.versions()}), in order. */
    public long[] versions(QualifiedName record) {
        return fingerprints.versions(record);
    }
}
