package dev.sdo.compiler.cli;

import dev.sdo.compiler.compat.RecordCompatibility;
import dev.sdo.compiler.compat.SchemaCompatibility;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc compat}: whether a new version of a schema reads the data of an old one, and back. */
@Command(name = "compat",
        header = "Tells whether two versions of a schema read each other's data.",
        description = {
            "Compiles OLD and NEW (each a .sdo file, or a directory whose .sdo files are compiled together) and says, "
                    + "for each record, whether code generated from NEW reads data written by OLD's code (batch "
                    + "files, serialised SDOs, records a container hands over) and whether OLD's code reads NEW's.",
            "A refusal names the first field that differs and how, as FILE:LINE:COLUMN: MESSAGE at the change (in "
                    + "NEW, or in OLD for what NEW no longer has). Readable data comes with what a reader should "
                    + "know: fields added, renames, and enum constants one side does not know, which its code "
                    + "refuses in a record that holds one (naming the field and the ordinal) rather than misread. "
                    + "The rules are in docs/schema-reference.md, \"Compatibility\"."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:compatible: for every record of OLD, each reads the other's data",
            "1:not compatible (a record's data is refused in either direction, or a record of OLD is gone), or a "
                    + "schema has errors (printed as FILE:LINE:COLUMN: error: MESSAGE)",
            "2:wrong usage"})
final class CompatCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @picocli.CommandLine.Option(names = {"-h", "--help"}, usageHelp = true,
            description = "Show this help message and exit.")
    private boolean help;

    @Parameters(index = "0", paramLabel = "OLD", description = "The old schema: a .sdo file or a directory.")
    private Path oldSchema;

    @Parameters(index = "1", paramLabel = "NEW", description = "The new schema: a .sdo file or a directory.")
    private Path newSchema;

    @Override
    public Integer call() {
        CompiledSchema before;
        CompiledSchema after;
        try {
            before = CompiledSchema.layOut(spec.commandLine(), List.of(oldSchema));
            after = CompiledSchema.layOut(spec.commandLine(), List.of(newSchema));
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        List<RecordCompatibility> records = SchemaCompatibility.compare(before.model(), after.model());
        PrintWriter out = spec.commandLine().getOut();
        records.forEach(record -> record.lines().forEach(out::println));
        long refused = records.stream().filter(r -> !r.compatible()).count();
        out.println(refused == 0 ? "compatible: NEW and OLD read each other's data"
                : "not compatible: " + refused + " of " + records.size() + " records");
        out.flush();
        return refused == 0 ? Sdoc.EXIT_OK : Sdoc.EXIT_INPUT_ERRORS;
    }
}
