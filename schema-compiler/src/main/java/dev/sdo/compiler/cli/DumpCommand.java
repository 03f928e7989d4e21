package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.FieldBinding;
import dev.sdo.compiler.binding.UnsupportedBindingException;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.batch.BatchFileMapper;
import dev.sdo.runtime.batch.WrittenBatch;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import javax.tools.JavaCompiler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sdoc dump}: prints a batch file's records as CSV, JSON or XML: flat records by the schema alone, others
 * through their generated classes, compiled as it runs.
 */
@Command(name = "dump",
        header = "Prints the records of a .sdob batch file as CSV, JSON or XML.",
        description = {
            "Prints the records of FILE to standard output: as CSV by default, with the record's @csv column "
                    + "names, delimiter and formats; as a JSON array of objects; or as XML by the record's @xml "
                    + "binding. The record is the one the file's header names, looked up in the schema; the file "
                    + "is refused unless the schema's layout fingerprint matches the file's.",
            "Records with nested records, lists, strings or blobs are dumped as JSON (nested records as objects, "
                    + "lists as arrays, bytes as base64, absent optional fields as null) or, with an @xml binding, "
                    + "as XML; CSV carries only records of fixed-width values. They are read through the record's "
                    + "generated XBatch (and written by its XXml), which sdoc compiles in memory first: that takes "
                    + "a few seconds and needs a JDK, not only a Java runtime.",
            "A damaged file is reported, not printed: sdoc check tells what a recovery would keep."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:a damaged or unreadable file, a file of other records, schema errors, no JDK for a record that needs "
                    + "one",
            "2:wrong usage, including a record that the schema does not declare"})
final class DumpCommand implements Callable<Integer> {
    /** The Java compiler for records that are not flat; none in a Java runtime without a JDK. */
    private final Supplier<Optional<JavaCompiler>> javaCompiler;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-s", "--schema"}, required = true, paramLabel = "FILE.sdo",
            description = "The schema that declares the file's record.")
    private Path schemaFile;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "The record (simple or qualified name); by default the one the file's header names.")
    private String recordName;

    @Option(names = {"-f", "--format"}, paramLabel = "csv|json|xml", description = "The output format (csv).")
    private DataFormat format = DataFormat.csv;

    @Parameters(paramLabel = "FILE", description = "The .sdob batch file.")
    private Path file;

    DumpCommand() {
        this(SystemJavaCompiler::find);
    }

    /** A command that compiles generated classes with what {@code javaCompiler} supplies (tests supply none). */
    DumpCommand(Supplier<Optional<JavaCompiler>> javaCompiler) {
        this.javaCompiler = javaCompiler;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String name;
        try {
            name = recordName != null ? recordName : BatchHeaderPeek.of(file).map(RecordIdentity::recordName).orElse(null);
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + file, e);
        }
        SchemaRecord record;
        try {
            record = SchemaRecord.select(spec.commandLine(), schemaFile, name, layout -> true, "");
        } catch (SchemaRecord.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (ParameterException e) {
            if (recordName != null || name == null) {
                throw e;
            }
            throw new ParameterException(spec.commandLine(), file + " holds " + name + " records, which "
                    + schemaFile + " does not declare");
        }
        if (!record.flat()) {
            return dumpThroughGeneratedClasses(record, err);
        }
        RecordStore store;
        RecordLayout layout;
        try {
            WrittenBatch written = BatchFileMapper.mapWritten(file, record.identity(), true);
            store = written.store();
            // Records of an older version have only its fields; a newer version's are read as far as the schema knows.
            int version = written.writer().schemaVersion();
            layout = version >= 1 && version < record.layout().version() ? record.layout().upTo(version)
                    : record.layout();
        } catch (BatchFileException e) {
            return Failures.error(err, e.getMessage());
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + file, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        try {
            switch (format) {
                case csv -> CsvRecordBinding.of(record.schema(), layout).create().write(store, out);
                case xml -> XmlRecordBinding.of(record.schema(), layout).create().write(store, out);
                case json -> new JsonRecordWriter(
                        CsvRecordBinding.of(record.schema(), layout).fields().stream()
                                .map(FieldBinding::create).toList(),
                        layout.fields().stream().map(FieldLayout::field).map(f -> f.name()).toList())
                        .write(store, out);
            }
        } catch (UnsupportedBindingException e) {
            err.println(e.position() + ": error: " + e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (IOException e) {
            return Failures.report(err, "cannot write the records", e);
        }
        out.flush();
        return Sdoc.EXIT_OK;
    }

    /** Maps the file with the record's generated {@code XBatch} and writes its records through their getters. */
    private int dumpThroughGeneratedClasses(SchemaRecord record, PrintWriter err) {
        String name = record.layout().record().name().simpleName();
        boolean xmlBound = XmlRecordBinding.declared(record.layout());
        if (format == DataFormat.csv || (format == DataFormat.xml && !xmlBound)) {
            return Failures.error(err, file + ": " + name + " records hold nested records, lists or variable-length "
                    + "fields, which " + (format == DataFormat.csv ? "CSV does not carry"
                            : "only their @xml binding writes as XML, and " + name + " has none")
                    + "; dump them with --format json" + (xmlBound ? " or --format xml" : ""));
        }
        GeneratedRecord classes;
        GeneratedRecord.Batch batch;
        try {
            classes = GeneratedRecord.compile(record, javaCompiler);
            batch = classes.map(file);
        } catch (GeneratedRecord.Unavailable | BatchFileException e) {
            return Failures.error(err, e.getMessage());
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + file, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (format == DataFormat.json) {
                new JsonTreeWriter(classes, record.layout().record()).write(batch, out);
            } else {
                classes.xmlBinding().write(batch.records(), out);
            }
        } catch (CorruptDataException e) {
            // A record whose checksums held but whose offsets do not: written by something else than an XBatch.
            out.flush();
            return Failures.error(err, file + ": " + e.getMessage());
        } catch (IOException e) {
            return Failures.report(err, "cannot write the records", e);
        }
        out.flush();
        return Sdoc.EXIT_OK;
    }
}
