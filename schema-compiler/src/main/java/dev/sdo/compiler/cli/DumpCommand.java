package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.GenericCsvBinding;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.GenericXmlBindings;
import dev.sdo.compiler.binding.UnsupportedBindingException;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.BatchFileDescription;
import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.batch.BatchFileMapper;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericCsv;
import dev.sdo.runtime.batch.WrittenBatch;
import dev.sdo.runtime.batch.RecordStore;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sdoc dump}: prints a batch file's records as CSV, JSON or XML, or writes those of many files into a
 * directory, with no generated class: flat records straight from their bits by the schema's bindings, others through
 * the runtime's generic records (read as the schema's version of the record reads them, {@link SchemaBatch}) and the
 * bindings built from the schema alone ({@link GenericXmlBinding}, {@link GenericCsvBinding}).
 */
@Command(name = "dump",
        header = "Prints the records of .sdob batch files as CSV, JSON or XML.",
        description = {
            "Prints the records of FILE to standard output, or with -o OUTDIR writes those of each NAME.sdob to "
                    + "OUTDIR/NAME.csv, .json or .xml: as CSV by default, with the record's @csv column names, "
                    + "delimiter and formats; as a JSON array of objects; or as XML by the record's @xml binding. "
                    + "The record of each file is the one its header names, looked up in the schema; a file is "
                    + "refused unless the schema's layout fingerprint matches the file's. Long lists of files go "
                    + "in an argument file: sdoc dump -s schemas/ -f xml -o xml/ @files.txt.",
            "Records with nested records, lists, strings or blobs are dumped as JSON (nested records as objects, "
                    + "lists as arrays, bytes as base64, absent optional fields as null) or, with an @xml binding, "
                    + "as XML; CSV carries strings (quoted as RFC 4180 has it) and bytes (base64), not nested records or "
                    + "lists, and only with an @csv binding. No Java compiler is needed: a Java runtime is enough.",
            "A file of another version of the record is read as the schema's version reads it: fields added since "
                    + "the file was written as their default or absent, fields the schema no longer has left out; a "
                    + "file the schema cannot read is refused naming the first field that differs.",
            "Without --schema, each file is read by the schema it carries (files written since batch file format 3), "
                    + "with no compilation and no JDK: records of every kind (nested records, lists, strings, bytes, "
                    + "unions, unbounded numbers), as JSON, or as CSV with the field names as columns, commas and ISO "
                    + "dates and times (the record's @csv and @xml options are not in the file), strings quoted as "
                    + "RFC 4180 has it and bytes in base64; CSV refuses records with nested records, lists or unions.",
            "A damaged file is reported, not printed, and leaves no output file; the other files are still dumped "
                    + "and the exit code is 1. sdoc check tells what a recovery would keep."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:a damaged or unreadable file (the others are dumped), a file of other records, schema errors",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class DumpCommand implements Callable<Integer> {
    /**
     * The XML bindings of each model's records dumped as XML, those of a package sharing their mappings: each built
     * once however many files hold the record.
     */
    private final Map<CodecModel, GenericXmlBindings> xmlBindings = new HashMap<>();

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-s", "--schema"}, paramLabel = "FILE.sdo|DIR",
            description = "The schema that declares the files' records: a .sdo file, or a directory whose .sdo "
                    + "files are compiled together. Without it, the schema each file carries.")
    private Path schemaPath;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "The record (simple or qualified name); by default the one each file's header names.")
    private String recordName;

    @Option(names = {"-f", "--format"}, paramLabel = "csv|json|xml", description = "The output format (csv).")
    private DataFormat format = DataFormat.csv;

    @Option(names = {"-o", "--output"}, paramLabel = "OUTDIR",
            description = "Write each FILE's records to OUTDIR/NAME.csv, .json or .xml (created if missing) "
                    + "instead of standard output; needed for several files.")
    private Path outputDirectory;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "The .sdob batch files.")
    private List<Path> files;

    /**
     * One file, the record it holds, and where its records go (null: standard output); or, in {@code problem}, the
     * error line that says why it cannot be dumped.
     */
    private record Job(Path file, SchemaRecord record, Path target, String problem) {}

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (outputDirectory == null && files.size() > 1) {
            throw new ParameterException(spec.commandLine(), "several files are dumped into a directory: give -o OUTDIR");
        }
        if (schemaPath == null) {
            return dumpByEmbeddedSchemas();
        }
        CompiledSchema schema;
        try {
            schema = CompiledSchema.layOut(spec.commandLine(), List.of(schemaPath));
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        SchemaRecord named = recordName == null ? null : schema.select(recordName, layout -> true, "");
        if (!prepareOutputDirectory()) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        // First what each file holds, so that every usage error is found before anything is written.
        List<Job> jobs = new ArrayList<>();
        for (Path file : files) {
            Path target = outputDirectory == null ? null : OutputFiles.in(outputDirectory, file, format.name());
            if (target != null) {
                OutputFiles.requireNotInput(spec.commandLine(), file, target);
            }
            SchemaRecord record = null;
            String problem;
            try {
                record = named != null ? named : recordOf(schema, file);
                problem = record == null ? Failures.line(file + " holds " + headerName(file) + " records, which "
                        + schema.named() + " does not declare" + schema.known()) : problem(record, file);
            } catch (BatchFileException e) {
                problem = Failures.line(damaged(e, file));
            } catch (IOException e) {
                problem = Failures.line("cannot read " + file, e);
            }
            jobs.add(new Job(file, record, target, problem));
        }
        boolean failed = false;
        // Then each file in the order given, its problems reported in that order too.
        for (Job job : jobs) {
            if (job.problem() != null) {
                err.println(job.problem());
                err.flush();
                failed = true;
                continue;
            }
            failed |= dump(job.file(), job.target(), out -> write(job, out)) != Sdoc.EXIT_OK;
        }
        return failed ? Sdoc.EXIT_INPUT_ERRORS : Sdoc.EXIT_OK;
    }

    /** Creates the output directory, if any, after checking that no two files would be written to one place. */
    private boolean prepareOutputDirectory() {
        if (outputDirectory == null) {
            return true;
        }
        OutputFiles.requireDistinct(spec.commandLine(), files, outputDirectory, format.name());
        try {
            Files.createDirectories(outputDirectory);
            return true;
        } catch (IOException e) {
            Failures.report(spec.commandLine().getErr(), "cannot create " + outputDirectory, e);
            return false;
        }
    }

    /**
     * {@code sdoc dump FILE.sdob} without {@code --schema}: each file by the schema it carries, through the runtime's
     * generic records, with no compilation.
     */
    private int dumpByEmbeddedSchemas() {
        if (recordName != null) {
            throw new ParameterException(spec.commandLine(), "--record picks a record of --schema: give --schema too");
        }
        if (format == DataFormat.xml) {
            throw new ParameterException(spec.commandLine(), "XML is written by a record's @xml binding, which a "
                    + "batch file does not carry: give --schema, or dump as --format json or csv");
        }
        if (!prepareOutputDirectory()) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        boolean failed = false;
        for (Path file : files) {
            Path target = outputDirectory == null ? null : OutputFiles.in(outputDirectory, file, format.name());
            if (target != null) {
                OutputFiles.requireNotInput(spec.commandLine(), file, target);
            }
            failed |= dump(file, target, out -> writeGeneric(file, out)) != Sdoc.EXIT_OK;
        }
        return failed ? Sdoc.EXIT_INPUT_ERRORS : Sdoc.EXIT_OK;
    }

    /** Writes a file's records by the schema it carries. */
    private int writeGeneric(Path file, PrintWriter out) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        GenericBatch batch;
        try {
            batch = GenericBatch.open(file);
        } catch (BatchFileException e) {
            return Failures.error(err, damaged(e, file));
        } catch (UnsupportedOperationException e) {
            return Failures.error(err, e.getMessage() + "; dump it with --schema");
        }
        if (format == DataFormat.json) {
            JsonWriter.writeGeneric(batch, out);
            return Sdoc.EXIT_OK;
        }
        String problem = GenericCsv.problem(batch.record());
        if (problem != null) {
            return Failures.error(err, file + ": " + problem + "; dump it with --format json");
        }
        GenericCsv.write(batch, out);
        return Sdoc.EXIT_OK;
    }

    /** A damaged file's error, pointing at what tells more. */
    private static String damaged(BatchFileException e, Path file) {
        return e.getMessage() + "; sdoc check " + file + " tells what a recovery would keep";
    }

    /**
     * The record the file's header names; null when the schema does not declare it. The header is checked first
     * (its CRC32C): a damaged one is reported as damage, not its damaged name as a record the schema lacks.
     */
    private SchemaRecord recordOf(CompiledSchema schema, Path file) throws IOException {
        String name = BatchFileDescription.of(file).writer().recordName();
        List<RecordLayout> matching = schema.named(name);
        return matching.size() == 1 ? schema.record(matching.get(0)) : null;
    }

    private static String headerName(Path file) throws IOException {
        return BatchFileDescription.of(file).writer().recordName();
    }

    /** Why the record cannot be written in the format asked for, naming the file; null when it can. */
    private String problem(SchemaRecord record, Path file) {
        if (format == DataFormat.csv) {
            String problem = record.csvProblem();
            return problem == null ? null : Failures.line(file + ": " + problem + "; dump them with --format json"
                    + (XmlRecordBinding.declared(record.layout()) ? " or --format xml" : ""));
        }
        if (record.flat()) {
            return null;
        }
        String name = record.layout().record().name().simpleName();
        boolean xmlBound = XmlRecordBinding.declared(record.layout());
        if (format == DataFormat.xml && !xmlBound) {
            return Failures.line(file + ": " + name + " records hold nested records, lists or variable-length "
                    + "fields, which only their @xml binding writes as XML, and " + name + " has none"
                    + "; dump them with --format json");
        }
        return null;
    }

    /** Writes one file's records as text. */
    @FunctionalInterface
    private interface Writing {
        int write(PrintWriter out) throws IOException;
    }

    /**
     * Dumps one file to its target, which is written whole or not at all, or to standard output; what the file
     * holds that cannot be read is reported by {@link Failures#inFile}, as one line naming the file.
     */
    private int dump(Path file, Path target, Writing writing) {
        PrintWriter err = spec.commandLine().getErr();
        if (target == null) {
            PrintWriter out = spec.commandLine().getOut();
            try {
                return Failures.inFile(err, file, () -> writing.write(out));
            } finally {
                // What was written before a damaged record comes first.
                out.flush();
            }
        }
        try (AtomicOutput output = new AtomicOutput(target)) {
            int code;
            try (PrintWriter out = new PrintWriter(new OutputStreamWriter(Files.newOutputStream(output.temporary()),
                    StandardCharsets.UTF_8))) {
                code = Failures.inFile(err, file, () -> writing.write(out));
                out.flush();
                if (out.checkError()) {
                    return Failures.error(err, "cannot write " + target);
                }
            }
            if (code == Sdoc.EXIT_OK) {
                output.commit();
            }
            return code;
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + target, e);
        }
    }

    /**
     * Writes the file's records: flat ones straight from their bits by the schema's bindings, others through the
     * generic records and the bindings built from the schema.
     */
    private int write(Job job, PrintWriter out) throws IOException {
        SchemaRecord record = job.record();
        if (format == DataFormat.csv ? record.csvFlat() : record.flat()) {
            return writeFlat(job, out);
        }
        SchemaBatch batch = SchemaBatch.open(record, job.file());
        SchemaBatch.Records records = batch.records();
        switch (format) {
            case json -> JsonWriter.writeGeneric(records, batch.size(), out);
            case csv -> records.run(each -> GenericCsvBinding.of(record.layout(), batch.schema()).write(each, out));
            case xml -> {
                GenericXmlBinding binding = xmlBindings.computeIfAbsent(record.model(), GenericXmlBindings::of)
                        .binding(record.layout());
                records.run(each -> binding.write(each, batch.size(), out));
            }
        }
        return Sdoc.EXIT_OK;
    }

    /** Maps a file of flat records and writes them by the schema's bindings alone. */
    private int writeFlat(Job job, PrintWriter out) throws IOException {
        SchemaRecord record = job.record();
        WrittenBatch written = BatchFileMapper.mapWritten(job.file(), record.identity(), true);
        RecordStore store = written.store();
        // Records of an older version have only its fields; a newer version's are read as far as the schema knows.
        int version = written.writer().schemaVersion();
        RecordLayout layout = version >= 1 && version < record.layout().version() ? record.layout().upTo(version)
                : record.layout();
        try {
            switch (format) {
                case csv -> CsvRecordBinding.of(layout).create().write(store, out);
                case xml -> XmlRecordBinding.of(layout).create().write(store, out);
                case json -> JsonWriter.writeFlat(layout, store, out);
            }
        } catch (UnsupportedBindingException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(e.position() + ": error: " + e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        return Sdoc.EXIT_OK;
    }
}
