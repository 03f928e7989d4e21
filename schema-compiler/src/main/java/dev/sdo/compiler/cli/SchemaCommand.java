package dev.sdo.compiler.cli;

import dev.sdo.runtime.batch.BatchFileDescription;
import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc schema}: prints the schema a batch file carries as {@code .sdo} text. */
@Command(name = "schema",
        header = "Prints the schema a .sdob batch file carries, as .sdo text.",
        description = {
            "Prints the schema that FILE's writer embedded (batch file format 3) as .sdo text: the package, the "
                    + "enums, unions and records of the file's record, abstract records and what extends what, with "
                    + "each field's type, optional, default, @since and @alias, and @compact records; compiled, it "
                    + "has the file's layout "
                    + "fingerprint and reads the file (sdoc dump --schema). Doc comments, @csv and @xml bindings and "
                    + "Java types are not in the file. Files written before format 3 carry no schema; the schema of "
                    + "a file written before descriptor version 2 is printed unless it has unions."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:a damaged file, one without a schema, or a schema not written as text yet",
            "2:wrong usage"})
final class SchemaCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Parameters(paramLabel = "FILE", description = "The .sdob batch file.")
    private Path file;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        RecordIdentity writer;
        try {
            writer = BatchFileDescription.of(file).writer();
        } catch (BatchFileException e) {
            return Failures.error(err, e.getMessage() + "; sdoc check " + file + " tells what a recovery would keep");
        } catch (IOException e) {
            return Failures.report(err, "cannot read " + file, e);
        }
        if (writer.schema() == null) {
            return Failures.error(err, file + " carries no schema: it was written before batch file format 3");
        }
        try {
            // The whole text before any of it: a schema that cannot be written prints nothing.
            String text = DescriptorText.of(SchemaDescriptor.parse(writer.schema()));
            PrintWriter out = spec.commandLine().getOut();
            out.print("// The schema of " + writer + ", as " + file.getFileName() + " carries it\n");
            out.print(text);
            out.flush();
            return Sdoc.EXIT_OK;
        } catch (DescriptorException e) {
            return Failures.error(err, file + ": schema part: " + e.getMessage());
        } catch (DescriptorText.Unwritable e) {
            return Failures.error(err, file + ": " + e.getMessage());
        }
    }
}
