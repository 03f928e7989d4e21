package dev.sdo.compiler.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc compile}: generates the Java sources of schemas and of everything they import. */
@Command(name = "compile",
        header = "Generates Java sources from schemas.",
        description = {
            "Generates Java sources for the schemas and everything they import (each file once, even if named "
                    + "twice) into DIR, in package folders. A directory stands for all the .sdo files below it, "
                    + "compiled together in the order of their paths. Long lists of files go in an argument file: "
                    + "sdoc compile -o out @schemas.txt. Files whose content would not change are left "
                    + "untouched. Prints nothing on success unless -v is given.",
            "Schema errors are printed to standard error as FILE:LINE:COLUMN: error: MESSAGE, followed by a "
                    + "count; nothing is written then."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:errors in a schema, or an output file could not be written",
            "2:wrong usage"})
final class CompileCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory to write the sources into (default: ${DEFAULT-VALUE}).")
    private Path outputDirectory;

    @Option(names = {"-v", "--verbose"}, description = "List each file written.")
    private boolean verbose;

    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "The .sdo schema files to compile, or directories of them.")
    private List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CompiledSchema schema;
        try {
            schema = CompiledSchema.compile(spec.commandLine(), files);
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        GeneratedSourceWriter.Result result;
        try {
            result = new GeneratedSourceWriter(outputDirectory).write(schema.compilation().sources());
        } catch (IOException e) {
            err.println("sdoc: " + e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        if (verbose) {
            result.written().forEach(file -> out.println("wrote " + file));
            result.unchanged().forEach(file -> out.println("unchanged " + file));
            out.flush();
        }
        return Sdoc.EXIT_OK;
    }
}
