package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.GenericDefaults;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A batch file's records as the version of their record that a schema declares reads them (docs/batch-file-format.md,
 * "Schema versions"), through the runtime's generic records, with no generated class: the file must hold the record
 * in a version the schema reads (else it is refused naming the first field that differs), its records are read by
 * the schema the file carries (or, written before format 3, by the schema's own layout of the file's version), and
 * they are given with the schema's fields: a field added since the file's version as its default or absent, a field
 * the schema no longer has left out.
 */
final class SchemaBatch {
    private final GenericBatch batch;
    private final SchemaDescriptor schema;
    /** For each of the schema's fields, the file's field that holds it, -1 for none; null when they are the same. */
    private final int[] sources;
    /** The value of each of the schema's fields that the file's records lack: its default, or null. */
    private final Object[] missing;

    private SchemaBatch(GenericBatch batch, SchemaDescriptor schema, RecordLayout layout) {
        this.batch = batch;
        this.schema = schema;
        RecordDescriptor file = batch.record();
        RecordDescriptor own = schema.record();
        List<String> fileFields = file.fields().stream().map(FieldDescriptor::name).toList();
        List<String> ownFields = own.fields().stream().map(FieldDescriptor::name).toList();
        if (fileFields.equals(ownFields)) {
            this.sources = null;
            this.missing = null;
        } else {
            this.sources = new int[ownFields.size()];
            this.missing = new Object[ownFields.size()];
            for (int i = 0; i < ownFields.size(); i++) {
                sources[i] = file.indexOf(ownFields.get(i));
                FieldLayout placed = layout.fields().get(i);
                missing[i] = placed.defaultValue() == null ? null : GenericDefaults.defaultOf(placed);
            }
        }
    }

    /**
     * Maps {@code file} as {@code record}'s version reads it.
     *
     * @throws dev.sdo.runtime.batch.IncompatibleBatchException naming the first field that differs when the schema
     *     cannot read the file's records
     * @throws dev.sdo.runtime.batch.BatchFileException when the file is damaged
     */
    static SchemaBatch open(SchemaRecord record, Path file) throws IOException {
        CodecModel model = record.model();
        RecordLayout layout = record.layout();
        GenericBatch batch = GenericBatch.open(file, record.identity(),
                version -> descriptor(model, layout.upTo(Math.min(version, layout.version()))));
        return new SchemaBatch(batch, descriptor(model, layout), layout);
    }

    /** The descriptor of a record as the schema lays it out, as its batch files carry it. */
    static SchemaDescriptor descriptor(CodecModel model, RecordLayout layout) {
        try {
            return SchemaDescriptor.parse(EmbeddedSchema.of(model.descriptor(layout)));
        } catch (DescriptorException e) {
            throw new IllegalStateException("the descriptor of " + layout.record().name() + " does not read back", e);
        }
    }

    /** The schema's descriptor of the record: its fields, and those of everything it holds. */
    SchemaDescriptor schema() {
        return schema;
    }

    long size() {
        return batch.size();
    }

    /**
     * The records in order, each valid until the next is asked for: {@link GenericRecord}s when the file's record
     * has the schema's fields, else {@link RecordValues} of the schema's record holding what the file's records do.
     */
    Records records() {
        return new Records();
    }

    /** The records of the file, one cursor moved from each to the next; {@link #current} says which it is at. */
    final class Records implements Iterable<Object> {
        private final GenericRecord cursor = batch.cursor();
        private long current = -1;

        /** The record last asked for (counted from 0), for messages. */
        long current() {
            return current;
        }

        /**
         * Runs {@code work} over the records, a record whose bytes hold no record (or hold values no encoder
         * writes) named by its index.
         *
         * @throws CorruptDataException {@code record N (counted from 0): ...}
         */
        void run(RecordsWork work) throws IOException {
            try {
                work.run(this);
            } catch (CorruptDataException e) {
                throw new CorruptDataException("record " + current + " (counted from 0): " + e.getMessage());
            }
        }

        @Override
        public Iterator<Object> iterator() {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return current + 1 < batch.size();
                }

                @Override
                public Object next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    GenericRecord record = batch.moveTo(cursor, ++current);
                    if (sources == null) {
                        return record;
                    }
                    RecordValues values = RecordValues.of(schema, 0);
                    for (int i = 0; i < sources.length; i++) {
                        values.set(i, sources[i] >= 0 ? record.get(sources[i]) : missing[i]);
                    }
                    return values;
                }
            };
        }
    }

    /** What is done with the records. */
    @FunctionalInterface
    interface RecordsWork {
        void run(Records records) throws IOException;
    }
}
