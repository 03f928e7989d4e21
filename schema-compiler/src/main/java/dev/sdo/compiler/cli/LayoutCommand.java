package dev.sdo.compiler.cli;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.RecordFingerprints;
import dev.sdo.compiler.layout.RecordLayout;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc layout}: shows where every field of a schema's records lives. */
@Command(name = "layout",
        header = "Prints the bit layout of records.",
        description = {
            "Prints the bit layout of each record of FILE (and of the files it imports): every field with its "
                    + "type as written, its bit offset and its width in bits, then the record's total bits and "
                    + "bytes. An optional field's row starts at its presence bit and includes it. A record with "
                    + "@since fields also shows each field's version, and each version's size and layout "
                    + "fingerprint (code of two versions reads the other's data when they agree on the older "
                    + "version's fingerprint).",
            "Schema errors are printed to standard error as FILE:LINE:COLUMN: error: MESSAGE."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:errors in the schema",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class LayoutCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Parameters(paramLabel = "FILE", description = "The .sdo schema file.")
    private Path file;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "Show only this record (simple or qualified name).")
    private String recordName;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Compilation compilation = new SchemaCompiler().compile(List.of(file));
        if (!compilation.succeeded()) {
            DiagnosticReport.print(compilation.diagnostics(), spec.commandLine().getErr());
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        List<RecordLayout> layouts = selected(compilation.layouts());
        RecordFingerprints fingerprints = new RecordFingerprints(compilation.schema().orElseThrow(),
                compilation.layouts());
        for (int i = 0; i < layouts.size(); i++) {
            if (i > 0) {
                out.println();
            }
            RecordLayout layout = layouts.get(i);
            LayoutTable.print(layout, fingerprints.versions(layout.record().name()), compilation.schema().orElseThrow(),
                    out);
        }
        out.flush();
        return Sdoc.EXIT_OK;
    }

    private List<RecordLayout> selected(List<RecordLayout> all) {
        if (recordName == null) {
            return all;
        }
        List<RecordLayout> matching = all.stream()
                .filter(layout -> recordName.equals(layout.record().name().simpleName())
                        || recordName.equals(layout.record().name().toString()))
                .toList();
        if (matching.isEmpty()) {
            List<String> known = all.stream().map(layout -> layout.record().name().simpleName()).sorted().toList();
            throw new ParameterException(spec.commandLine(), "No record named '" + recordName + "' in " + file
                    + (known.isEmpty() ? "; it declares no records" : "; its records: " + String.join(", ", known)));
        }
        return matching;
    }
}
