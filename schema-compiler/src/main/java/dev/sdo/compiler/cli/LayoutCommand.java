package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.RecordLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
            "Prints the bit layout of each record of the FILEs (and of the files they import; a directory stands for "
                    + "all the .sdo files below it): every field with its "
                    + "type as written, its bit offset and its width in bits, then the record's total bits and "
                    + "bytes. An optional field's row starts at its presence bit and includes it. A record with "
                    + "@since fields also shows each field's version, and each version's size and layout "
                    + "fingerprint (code of two versions reads the other's data when they agree on the older "
                    + "version's fingerprint).",
            "With --svg DIR, also writes DIR/RECORD.svg for each record: a bit diagram of its fixed part, 32 bits "
                    + "a row, a box per field (and per presence bit), with a legend of every box's bits and type.",
            "Schema errors are printed to standard error as FILE:LINE:COLUMN: error: MESSAGE."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:errors in the schema, or a diagram that could not be written",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class LayoutCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "The .sdo schema files, or directories of them.")
    private List<Path> files;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "Show only this record (simple or qualified name).")
    private String recordName;

    @Option(names = "--svg", paramLabel = "DIR",
            description = "Also write a bit diagram of each record to DIR/RECORD.svg (DIR is created).")
    private Path svgDirectory;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        CompiledSchema schema;
        try {
            schema = CompiledSchema.layOut(spec.commandLine(), files);
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        List<RecordLayout> layouts = selected(schema);
        for (int i = 0; i < layouts.size(); i++) {
            if (i > 0) {
                out.println();
            }
            RecordLayout layout = layouts.get(i);
            LayoutTable.print(layout, schema.model(), out);
        }
        out.flush();
        return svgDirectory == null ? Sdoc.EXIT_OK : writeDiagrams(layouts);
    }

    /** Writes each record's diagram; a record's file is named by its simple name, or its qualified one if two share it. */
    private int writeDiagrams(List<RecordLayout> layouts) {
        Set<String> simpleNames = new HashSet<>();
        Set<String> shared = new HashSet<>();
        layouts.forEach(l -> (simpleNames.add(l.record().name().simpleName()) ? simpleNames : shared)
                .add(l.record().name().simpleName()));
        try {
            Files.createDirectories(svgDirectory);
            for (RecordLayout layout : layouts) {
                String simple = layout.record().name().simpleName();
                String name = shared.contains(simple) ? layout.record().name().toString() : simple;
                Files.writeString(svgDirectory.resolve(name + ".svg"), LayoutDiagram.svg(layout));
            }
        } catch (IOException e) {
            return Failures.report(spec.commandLine().getErr(), "cannot write the diagrams to " + svgDirectory, e);
        }
        return Sdoc.EXIT_OK;
    }

    private List<RecordLayout> selected(CompiledSchema schema) {
        if (recordName == null) {
            return schema.compilation().layouts();
        }
        List<RecordLayout> matching = schema.named(recordName);
        if (matching.isEmpty()) {
            String known = schema.known();
            throw new ParameterException(spec.commandLine(), "No record named '" + recordName + "' in "
                    + schema.named() + (known.isEmpty() ? "; it declares no records" : known));
        }
        return matching;
    }
}
