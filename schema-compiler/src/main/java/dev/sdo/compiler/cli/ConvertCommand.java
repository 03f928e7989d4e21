package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.UnsupportedBindingException;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import javax.tools.JavaCompiler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sdoc convert}: reads CSV or XML into a batch file: flat records by the schema alone, straight into their
 * bits; records with nested records, lists, strings or blobs through their generated classes, compiled as it runs.
 */
@Command(name = "convert",
        header = "Converts CSV or XML records into a .sdob batch file.",
        description = {
            "Reads IN (CSV, or XML when it ends in .xml or with --format xml) as records of the schema's record, "
                    + "by its @csv or @xml binding, and writes them as a batch file that the record's generated "
                    + "XBatch reads.",
            "Records of fixed-width values are read straight into their bits. Records with nested records, lists, "
                    + "strings or blobs (XML only: @csv records are flat) are read by the record's generated XXml "
                    + "and written by its XBatch, which sdoc compiles in memory first: that takes a few seconds and "
                    + "needs a JDK, not only a Java runtime.",
            "A bad row or element stops the conversion with FILE:LINE:COLUMN: error: MESSAGE naming the field, "
                    + "and leaves no output file; --skip-bad skips such rows instead and reports how many."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:bad input, schema errors, unreadable input or unwritable output, no JDK for a record that needs one",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class ConvertCommand implements Callable<Integer> {
    /** How many skipped rows are shown one by one before only the count. */
    private static final int SHOWN_SKIPS = 10;

    /** The Java compiler for records that are not flat; none in a Java runtime without a JDK. */
    private final Supplier<Optional<JavaCompiler>> javaCompiler;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-s", "--schema"}, required = true, paramLabel = "FILE.sdo", description = "The schema.")
    private Path schemaFile;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "The record (simple or qualified name); needed when the schema binds several.")
    private String recordName;

    @Option(names = {"-f", "--format"}, paramLabel = "csv|xml",
            description = "The input's format; by default XML for a .xml file, else CSV.")
    private DataFormat format;

    @Option(names = "--skip-bad", description = "Skip bad rows or elements (reporting them) instead of stopping.")
    private boolean skipBad;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.sdob", description = "The batch file.")
    private Path output;

    @Parameters(paramLabel = "IN", description = "The CSV or XML file.")
    private Path input;

    ConvertCommand() {
        this(SystemJavaCompiler::find);
    }

    /** A command that compiles generated classes with what {@code javaCompiler} supplies (tests supply none). */
    ConvertCommand(Supplier<Optional<JavaCompiler>> javaCompiler) {
        this.javaCompiler = javaCompiler;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        DataFormat inputFormat = format == null ? DataFormat.ofInput(input) : format;
        if (inputFormat == DataFormat.json) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "convert reads csv or xml, not json");
        }
        SchemaRecord record;
        try {
            record = SchemaRecord.select(spec.commandLine(), schemaFile, recordName,
                    inputFormat == DataFormat.csv ? CsvRecordBinding::declared : XmlRecordBinding::declared,
                    " bound to " + inputFormat);
        } catch (SchemaRecord.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        String name = record.layout().record().name().simpleName();
        if (!record.flat() && inputFormat == DataFormat.csv) {
            return Failures.error(err, input + ": " + name + " records hold nested records, lists or "
                    + "variable-length fields, which CSV does not carry; convert them from XML");
        }
        if (!record.flat() && !XmlRecordBinding.declared(record.layout())) {
            return Failures.error(err, input + ": " + name + " records have no @xml binding, which sdoc needs to "
                    + "read records with nested records, lists or variable-length fields from XML");
        }
        long[] skipped = {0};
        BadInputPolicy policy = !skipBad ? BadInputPolicy.FAIL : BadInputPolicy.skip(bad -> {
            if (++skipped[0] <= SHOWN_SKIPS) {
                err.println(bad.source() + ":" + bad.line() + ":" + bad.column() + ": warning: skipped: "
                        + bad.reason());
            }
        });
        if (!record.flat()) {
            return convertThroughGeneratedClasses(record, policy, skipped, err);
        }
        RecordStore store = RecordStore.heap(record.layout().bytes());
        TextReadResult result;
        try (InputStream in = Progress.of(input, "Reading " + input.getFileName())) {
            result = inputFormat == DataFormat.csv
                    ? CsvRecordBinding.of(record.schema(), record.layout()).create()
                            .read(in, input.toString(), store, policy)
                    : XmlRecordBinding.of(record.schema(), record.layout()).create()
                            .read(in, input.toString(), store, policy);
        } catch (TextInputException e) {
            err.println(e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (UnsupportedBindingException e) {
            err.println(e.position() + ": error: " + e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + input, e);
        }
        try (AtomicOutput out = new AtomicOutput(output)) {
            BatchFileWriter.write(store, record.identity(), out.temporary());
            out.commit();
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + output, e);
        }
        return summarize(record, result.records(), result.skipped(), inputFormat == DataFormat.csv ? "row" : "element");
    }

    /**
     * Reads the XML into the record's generated batch by its generated {@code XXml}, and writes the batch file
     * with the batch's own {@code writeTo}.
     */
    private int convertThroughGeneratedClasses(SchemaRecord record, BadInputPolicy policy, long[] skipped,
            PrintWriter err) {
        GeneratedRecord classes;
        try {
            classes = GeneratedRecord.compile(record, javaCompiler);
        } catch (GeneratedRecord.Unavailable e) {
            return Failures.error(err, e.getMessage());
        }
        GeneratedRecord.Batch batch;
        try (InputStream in = Progress.of(input, "Reading " + input.getFileName())) {
            batch = classes.readXml(in, input.toString(), policy);
        } catch (TextInputException e) {
            err.println(e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        } catch (IllegalArgumentException e) {
            // A record whose values are each valid but that cannot be encoded as a whole.
            return Failures.error(err, input + ": " + e.getMessage());
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + input, e);
        }
        try (AtomicOutput out = new AtomicOutput(output)) {
            try (FileChannel channel = FileChannel.open(out.temporary(), StandardOpenOption.WRITE)) {
                batch.writeTo(channel);
            }
            out.commit();
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + output, e);
        }
        return summarize(record, batch.size(), skipped[0], "element");
    }

    /** Reports what was written, and how many bad rows or elements were skipped. */
    private int summarize(SchemaRecord record, long records, long skipped, String unit) {
        PrintWriter err = spec.commandLine().getErr();
        if (skipped > 0) {
            err.printf("skipped %,d bad %s%s%n", skipped, unit, skipped == 1 ? "" : "s");
        }
        int bytes = record.layout().bytes();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %,d %s record%s of %s%d byte%s from %s%n", output, records,
                record.layout().record().name().simpleName(), records == 1 ? "" : "s",
                record.layout().hasVariableData() ? "at least " : "", bytes, bytes == 1 ? "" : "s", input);
        out.flush();
        err.flush();
        return Sdoc.EXIT_OK;
    }
}
