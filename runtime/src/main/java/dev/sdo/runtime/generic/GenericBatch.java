package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.BatchFileDescription;
import dev.sdo.runtime.batch.BatchFileMapper;
import dev.sdo.runtime.batch.CorruptBatchException;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.batch.WrittenBatch;
import dev.sdo.runtime.batch.WrittenVariableBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The records of any {@code .sdob} file that carries its schema (format version 3), read with no generated class:
 * the file is mapped and checked as a generated batch's would be, its descriptor read, and each record read through
 * a {@link GenericRecord} cursor in constant time. Files of fixed-size records and of records of variable size
 * (strings, blobs, lists, nested records with data, unions with data) alike; a record of variable size gets its size
 * from the file's offsets index, and the cursor checks that the record says the same of itself.
 */
public final class GenericBatch {
    private final RecordIdentity writer;
    private final SchemaDescriptor schema;
    /** The records of a file of fixed-size records; null for one of variable size. */
    private final RecordStore fixed;
    /** The records of a file of records of variable size; null for one of fixed size. */
    private final VariableRecordStore variable;
    private final GenericRecord prototype;

    private GenericBatch(RecordIdentity writer, SchemaDescriptor schema, RecordStore fixed,
            VariableRecordStore variable) {
        this.writer = writer;
        this.schema = schema;
        this.fixed = fixed;
        this.variable = variable;
        this.prototype = GenericRecord.of(schema);
    }

    /**
     * Maps {@code file} and reads its schema.
     *
     * @throws dev.sdo.runtime.batch.BatchFileException when the file is damaged, cut short or no batch file; a
     *     {@link CorruptBatchException} naming the schema part when its descriptor describes no record this runtime
     *     reads
     * @throws UnsupportedOperationException when the file carries no schema (written before format 3), saying so
     */
    public static GenericBatch open(Path file) throws IOException {
        BatchFileDescription description = BatchFileDescription.of(file);
        RecordIdentity writer = description.writer();
        if (writer.schema() == null) {
            throw new UnsupportedOperationException(file + " carries no schema (it was written before batch file "
                    + "format 3): read it with the schema that wrote it");
        }
        SchemaDescriptor schema = schema(file, writer, description.schemaOffset());
        if (description.variableSize()) {
            VariableRecordStore store = BatchFileMapper.mapVariableWritten(file, writer, true).store();
            return new GenericBatch(writer, schema, null, store);
        }
        return new GenericBatch(writer, schema, BatchFileMapper.mapWritten(file, writer, true).store(), null);
    }

    /**
     * Maps {@code file} as a reader of {@code expected}'s records does, so that another version of the schema reads
     * it by the rules generated code follows: the file must hold those records in a version the reader reads (the
     * fingerprints of the versions both know agree), and its records are then read by the schema the file carries, or,
     * for a file written before format 3, which carries none, by {@code schemaOfVersion}'s descriptor of the version
     * that wrote them (the reader's own, for the versions the reader knows).
     *
     * @param schemaOfVersion the reader's descriptor of the record as a schema version had it
     * @throws dev.sdo.runtime.batch.IncompatibleBatchException naming the first field that differs when the file
     *     holds other records or a version the reader cannot read
     * @throws dev.sdo.runtime.batch.BatchFileException when the file is damaged, cut short or no batch file
     */
    public static GenericBatch open(Path file, RecordIdentity expected, IntFunction<SchemaDescriptor> schemaOfVersion)
            throws IOException {
        BatchFileDescription description = BatchFileDescription.of(file);
        RecordStore fixed = null;
        VariableRecordStore variable = null;
        RecordIdentity writer;
        if (description.variableSize()) {
            WrittenVariableBatch written = BatchFileMapper.mapVariableWritten(file, expected, true);
            writer = written.writer();
            variable = written.store();
        } else {
            WrittenBatch written = BatchFileMapper.mapWritten(file, expected, true);
            writer = written.writer();
            fixed = written.store();
        }
        SchemaDescriptor schema = writer.schema() != null ? schema(file, writer, description.schemaOffset())
                : schemaOfVersion.apply(writer.schemaVersion());
        return new GenericBatch(writer, schema, fixed, variable);
    }

    /**
     * The file's descriptor, checked against what its header says of its records; a descriptor no writer writes is
     * damage named by its file offset ({@code at} is the schema part's).
     */
    private static SchemaDescriptor schema(Path file, RecordIdentity writer, long at) throws CorruptBatchException {
        SchemaDescriptor schema;
        try {
            schema = SchemaDescriptor.parse(writer.schema());
        } catch (DescriptorException e) {
            throw new CorruptBatchException(file.toString(), "schema part", -1, at + e.offset(), e.getMessage());
        }
        RecordDescriptor record = schema.record();
        if (!record.name().equals(writer.recordName()) || record.version() != writer.schemaVersion()
                || record.fixedBytes() != writer.recordSize()) {
            throw new CorruptBatchException(file.toString(), "schema part", -1, at, "the schema describes "
                    + record.name() + " version " + record.version() + " of " + record.fixedBytes()
                    + " bytes, but the header says " + writer);
        }
        return schema;
    }

    /** What the file says of its records: the writer's identity and schema. */
    public RecordIdentity writer() {
        return writer;
    }

    public SchemaDescriptor schema() {
        return schema;
    }

    /** The file's record. */
    public RecordDescriptor record() {
        return schema.record();
    }

    public long size() {
        return fixed != null ? fixed.size() : variable.size();
    }

    /** A new cursor at record {@code index}. */
    public GenericRecord get(long index) {
        return moveTo(cursor(), index);
    }

    /** A new cursor, to be moved with {@link #moveTo}. */
    public GenericRecord cursor() {
        return prototype.copy();
    }

    /** Moves {@code cursor} (one of this batch's) to record {@code index}; allocates nothing. */
    public GenericRecord moveTo(GenericRecord cursor, long index) {
        if (fixed != null) {
            return cursor.moveTo(fixed.chunkOf(index), fixed.offsetOf(index));
        }
        return cursor.moveTo(variable.chunkOf(index), variable.offsetOf(index), variable.recordSize(index));
    }

    /** Moves one cursor over every record in order, allocating nothing per record; valid only within {@code action}. */
    public void forEachCursor(Consumer<GenericRecord> action) {
        GenericRecord cursor = cursor();
        for (long i = 0; i < size(); i++) {
            action.accept(moveTo(cursor, i));
        }
    }
}
