package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;

/**
 * A batch of records built from their field values with no generated class, and written as a {@code .sdob} file
 * whose header carries the schema (format 3): the file the record's generated {@code XBatch} writes for the same
 * records, which that {@code XBatch} (and {@link GenericBatch}) reads. Records of fixed width are held in a
 * {@link RecordStore}, others in a {@link VariableRecordStore}, each encoded by a {@link GenericWriter} in place.
 */
public final class GenericBatchBuilder {
    private final RecordIdentity identity;
    private final GenericWriter writer;
    /** The records of a record of fixed width; null for one of variable size. */
    private final RecordStore fixed;
    /** The records of a record of variable size; null for one of fixed width. */
    private final VariableRecordStore variable;

    private GenericBatchBuilder(RecordIdentity identity, GenericWriter writer) {
        this.identity = identity;
        this.writer = writer;
        int bytes = writer.record().fixedBytes();
        this.fixed = writer.variableSize() ? null : RecordStore.heap(bytes);
        this.variable = writer.variableSize() ? VariableRecordStore.heap(bytes) : null;
    }

    /**
     * An empty batch of the records {@code identity} names, which carries their schema (as the generated
     * {@code XBatch.TYPE.identity()} and {@code sdoc}'s compiled schemas do).
     *
     * @throws IllegalArgumentException when the identity carries no schema, or one that does not describe its records
     */
    public static GenericBatchBuilder of(RecordIdentity identity) {
        if (identity.schema() == null) {
            throw new IllegalArgumentException("the identity of " + identity.recordName() + " carries no schema, "
                    + "which the generic writer writes by");
        }
        SchemaDescriptor schema;
        try {
            schema = SchemaDescriptor.parse(identity.schema());
        } catch (DescriptorException e) {
            throw new IllegalArgumentException("the schema of " + identity.recordName() + " cannot be read: "
                    + e.getMessage(), e);
        }
        return of(identity, GenericWriter.of(schema));
    }

    /**
     * An empty batch of the records {@code identity} names (which carries their schema, for its files), encoded by
     * {@code writer}: a writer of the record in a schema of more records, such as the descriptor of its package, whose
     * values an XML binding of the package reads ({@code XmlShapeBinding.writer()}). The records' bytes are the same:
     * a record's layout is its own, whatever schema holds it.
     *
     * @throws IllegalArgumentException when the writer's record is not the identity's: another name, version or size
     */
    public static GenericBatchBuilder of(RecordIdentity identity, GenericWriter writer) {
        RecordDescriptor record = writer.record();
        if (!record.name().equals(identity.recordName()) || record.version() != identity.schemaVersion()
                || record.fixedBytes() != identity.recordSize()) {
            throw new IllegalArgumentException("the schema describes " + record.name() + " version "
                    + record.version() + " of " + record.fixedBytes() + " bytes, but the identity is " + identity);
        }
        return new GenericBatchBuilder(identity, writer);
    }

    /**
     * An empty batch of the same records that shares this one's writer: its parsed schema and encoders, which for a
     * large schema cost far more to build than the records of a small document do to encode.
     */
    public GenericBatchBuilder newBatch() {
        return new GenericBatchBuilder(identity, writer);
    }

    /** The writer of the batch's records: its schema, and new values to fill ({@link GenericWriter#newRecord}). */
    public GenericWriter writer() {
        return writer;
    }

    public RecordIdentity identity() {
        return identity;
    }

    /**
     * Encodes {@code values} as the batch's next record and returns its index; a record refused leaves the batch as
     * it was.
     *
     * @throws IllegalArgumentException as {@link GenericWriter#encode} does
     */
    public long add(RecordValues values) {
        return fixed != null ? writer.append(values, fixed) : writer.append(values, variable);
    }

    public long size() {
        return fixed != null ? fixed.size() : variable.size();
    }

    /** The bytes of the records, exactly the sum of their sizes. */
    public long recordBytes() {
        return fixed != null ? fixed.recordBytes() : variable.recordBytes();
    }

    /** Writes the batch as a {@code .sdob} file (docs/batch-file-format.md) to {@code out}. */
    public void writeTo(WritableByteChannel out) throws IOException {
        if (fixed != null) {
            BatchFileWriter.write(fixed, identity, out);
        } else {
            VariableBatchFileWriter.write(variable, identity, out);
        }
    }
}
