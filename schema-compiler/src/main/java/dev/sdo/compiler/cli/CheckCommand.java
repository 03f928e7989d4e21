package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.batch.BatchFileReader;
import dev.sdo.runtime.batch.BatchFileRecovery;
import dev.sdo.runtime.batch.Damage;
import dev.sdo.runtime.batch.IncompatibleBatchException;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecoveredBatch;
import dev.sdo.runtime.batch.RecoveredVariableBatch;
import dev.sdo.runtime.batch.WrittenBatch;
import dev.sdo.runtime.generic.GenericBatch;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc check}: verifies a batch file and says what a recovery of a damaged one would keep. */
@Command(name = "check",
        header = "Verifies a .sdob batch file.",
        description = {
            "Reads FILE and verifies every checksum. An intact file is reported with its record count. A damaged "
                    + "or unfinished one is reported with every damaged part and what a recovery would keep: the "
                    + "records of every intact block, and how many records are lost.",
            "With --schema the file must hold the schema's record (its fingerprint must match), and every record is "
                    + "read, every field at every depth, as the schema's getters read it: a record whose checksums "
                    + "hold but whose values or offsets no encoder writes is reported as damaged. Without, the file's "
                    + "own header says what it holds and its records are read so by the schema the file carries "
                    + "(batch file format 3; a file written before is checked for its structure only), and a file "
                    + "whose header is damaged needs --schema. No Java compiler is needed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the file is intact",
            "1:the file is damaged, holds other records than the schema's, or cannot be read",
            "2:wrong usage"})
final class CheckCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-s", "--schema"}, paramLabel = "FILE.sdo|DIR",
            description = "The schema that declares the file's record: a .sdo file, or a directory whose .sdo "
                    + "files are compiled together.")
    private Path schemaPath;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "With --schema: the record; by default the one the file's header names.")
    private String recordName;

    @Parameters(paramLabel = "FILE", description = "The .sdob batch file.")
    private Path file;

    @Override
    public Integer call() {
        return Failures.inFile(spec.commandLine().getErr(), file, this::check);
    }

    /** Checks the file; what cannot be read of it is reported by {@link Failures#inFile}. */
    private int check() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Optional<RecordIdentity> fromHeader = BatchHeaderPeek.of(file);
            RecordIdentity identity;
            boolean variableSize;
            SchemaRecord schemaRecord = null;
            if (schemaPath != null) {
                String name = recordName != null ? recordName : fromHeader.map(RecordIdentity::recordName).orElse(null);
                SchemaRecord record = CompiledSchema.layOut(spec.commandLine(), List.of(schemaPath))
                        .select(name, layout -> true, "");
                schemaRecord = record;
                identity = record.identity();
                variableSize = record.layout().hasVariableData();
            } else if (fromHeader.isPresent()) {
                identity = fromHeader.get();
                variableSize = BatchHeaderPeek.holdsVariableSize(file);
            } else {
                return Failures.error(err, file + ": the file header is damaged or missing; give --schema so "
                        + "that its blocks can be found");
            }
            try {
                long records;
                if (variableSize) {
                    records = BatchFileReader.readVariable(file, identity).size();
                } else {
                    WrittenBatch read;
                    try (FileChannel channel = FileChannel.open(file)) {
                        read = BatchFileReader.readWritten(channel, identity, file.toString());
                    }
                    records = read.store().size();
                    if (schemaRecord != null) {
                        checkFlatRecords(schemaRecord, read);
                    }
                }
                if (schemaRecord != null && !schemaRecord.flat()) {
                    checkRecords(schemaRecord);
                } else if (schemaRecord == null) {
                    checkRecordsByTheirSchema();
                }
                out.printf("%s: intact: %,d records of %s%n", file, records, variableSize
                        ? String.format("%s (schema version %d, fingerprint 0x%016X, variable-size records of at "
                                + "least %d bytes)", identity.recordName(), identity.schemaVersion(),
                                identity.fingerprint(), identity.recordSize())
                        : identity);
                out.flush();
                return Sdoc.EXIT_OK;
            } catch (IncompatibleBatchException e) {
                return Failures.error(err, e.getMessage());
            } catch (BatchFileException e) {
                out.printf("%s: damaged: %s%n", file, e.getMessage());
            } catch (CorruptDataException e) {
                // Every checksum holds, but a record is not one an encoder writes: written by something else.
                out.printf("%s: damaged: %s%n", file, e.getMessage());
                out.flush();
                return Sdoc.EXIT_INPUT_ERRORS;
            }
            if (variableSize) {
                RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(file, identity);
                report(recovered.damages(), recovered.records().size(), recovered.intactBlocks().size(),
                        recovered.lossIsExact(), recovered.recordsLost(), out);
            } else {
                RecoveredBatch recovered = BatchFileRecovery.recover(file, identity);
                report(recovered.damages(), recovered.records().size(), recovered.intactBlocks().size(),
                        recovered.lossIsExact(), recovered.recordsLost(), out);
            }
            out.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
    }

    /**
     * Reads every value of every flat record as a reader does (through the record's field bindings), so that a stored
     * value no encoder writes (an enum ordinal beyond its constants) is found here rather than by a reader.
     *
     * @throws CorruptDataException naming the record
     */
    private static void checkFlatRecords(SchemaRecord record, WrittenBatch read) throws IOException {
        int version = read.writer().schemaVersion();
        RecordLayout layout = version >= 1 && version < record.layout().version() ? record.layout().upTo(version)
                : record.layout();
        JsonWriter.writeFlat(layout, read.store(), Writer.nullWriter());
    }

    /**
     * Reads every record that is not flat as the schema's version of its record reads it, through the generic
     * records, every field at every depth, as an application's getters would: a record whose own sizes or offsets
     * disagree with the batch's offsets index or with each other (reading another record's bytes) is found here, not
     * by a reader.
     *
     * @throws CorruptDataException naming the record
     */
    private void checkRecords(SchemaRecord record) throws IOException {
        SchemaBatch batch = SchemaBatch.open(record, file);
        JsonWriter.writeGeneric(batch.records(), batch.size(), Writer.nullWriter());
    }

    /**
     * Reads every record by the schema the file carries, as {@link #checkRecords} does by a schema given; nothing
     * for a file written before format 3, which carries none.
     *
     * @throws CorruptDataException naming the record
     */
    private void checkRecordsByTheirSchema() throws IOException {
        GenericBatch batch;
        try {
            batch = GenericBatch.open(file);
        } catch (UnsupportedOperationException noSchema) {
            return;
        }
        JsonWriter.writeGeneric(batch, Writer.nullWriter());
    }

    private static void report(List<Damage> damages, long recordsKept, int intactBlocks, boolean lossIsExact,
            long recordsLost, PrintWriter out) {
        for (Damage damage : damages) {
            out.printf("  bytes %,d..%,d: %s%n", damage.offset(), damage.offset() + damage.length(),
                    damage.description());
        }
        out.printf("A recovery would keep %,d records from %,d intact blocks; %s%,d records are lost.%n",
                recordsKept, intactBlocks, lossIsExact ? "" : "at least (no intact footer) ", recordsLost);
    }
}
