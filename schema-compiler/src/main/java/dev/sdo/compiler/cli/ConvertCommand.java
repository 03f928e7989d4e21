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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc convert}: reads CSV or XML straight into a batch file, by the schema alone. */
@Command(name = "convert",
        header = "Converts CSV or XML records into a .sdob batch file.",
        description = {
            "Reads IN (CSV, or XML when it ends in .xml or with --format xml) as records of the schema's record, "
                    + "by its @csv or @xml binding, straight into their bits, and writes them as a batch file that "
                    + "the record's generated XBatch reads.",
            "A bad row or element stops the conversion with FILE:LINE:COLUMN: error: MESSAGE naming the field, "
                    + "and leaves no output file; --skip-bad skips such rows instead and reports how many."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:bad input, schema errors, unreadable input or unwritable output",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class ConvertCommand implements Callable<Integer> {
    /** How many skipped rows are shown one by one before only the count. */
    private static final int SHOWN_SKIPS = 10;

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
        RecordStore store = RecordStore.heap(record.layout().bytes());
        long[] skipped = {0};
        BadInputPolicy policy = !skipBad ? BadInputPolicy.FAIL : BadInputPolicy.skip(bad -> {
            if (++skipped[0] <= SHOWN_SKIPS) {
                err.println(bad.source() + ":" + bad.line() + ":" + bad.column() + ": warning: skipped: "
                        + bad.reason());
            }
        });
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
        if (result.skipped() > 0) {
            err.printf("skipped %,d bad %s%s%n", result.skipped(), inputFormat == DataFormat.csv ? "row" : "element",
                    result.skipped() == 1 ? "" : "s");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %,d %s record%s of %d byte%s from %s%n", output, result.records(),
                record.layout().record().name().simpleName(), result.records() == 1 ? "" : "s",
                record.layout().bytes(), record.layout().bytes() == 1 ? "" : "s", input);
        out.flush();
        err.flush();
        return Sdoc.EXIT_OK;
    }
}
