package dev.sdo.compiler.cli;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/**
 * The schema a command was given ({@code --schema}, or {@code compile}'s and {@code layout}'s files), compiled
 * once per run however many documents the run reads: every command's one way from the named files and
 * directories to layouts, generated sources and records.
 */
final class CompiledSchema {
    private final CommandLine commandLine;
    private final String named;
    private final Compilation compilation;

    /** Thrown when the schema cannot be compiled; why has been printed already. */
    static final class SchemaErrors extends Exception {
        private static final long serialVersionUID = 1L;

        SchemaErrors() {
            super(null, null, false, false);
        }
    }

    private CompiledSchema(CommandLine commandLine, String named, Compilation compilation) {
        this.commandLine = commandLine;
        this.named = named;
        this.compilation = compilation;
    }

    /**
     * Compiles the files {@code named} names (a directory stands for all its {@code .sdo} files) and everything
     * they import, each file once.
     *
     * @throws SchemaErrors after printing the schema's errors, or why a directory could not be read
     */
    static CompiledSchema compile(CommandLine commandLine, List<Path> named) throws SchemaErrors {
        return run(commandLine, named, new SchemaCompiler()::compile);
    }

    /**
     * Lays out the files {@code named} names as {@link #compile} does, without generating Java sources (the
     * compilation holds none): for the commands that work from the layout alone.
     *
     * @throws SchemaErrors after printing the schema's errors, or why a directory could not be read
     */
    static CompiledSchema layOut(CommandLine commandLine, List<Path> named) throws SchemaErrors {
        return run(commandLine, named, new SchemaCompiler()::layOut);
    }

    private static CompiledSchema run(CommandLine commandLine, List<Path> named,
            Function<List<Path>, Compilation> compiler) throws SchemaErrors {
        List<Path> files;
        try {
            files = SchemaFiles.expand(named);
        } catch (IOException e) {
            Failures.report(commandLine.getErr(), "cannot read the schema", e);
            throw new SchemaErrors();
        }
        Compilation compilation = compiler.apply(files);
        if (!compilation.succeeded()) {
            DiagnosticReport.print(compilation.diagnostics(), commandLine.getErr());
            throw new SchemaErrors();
        }
        return new CompiledSchema(commandLine, named.stream().map(Path::toString).collect(Collectors.joining(" ")),
                compilation);
    }

    /** The compilation: its layouts, and the generated sources when made by {@link #compile}. */
    Compilation compilation() {
        return compilation;
    }

    /** The schema laid out: records' layouts, encodings and fingerprints. */
    CodecModel model() {
        return compilation.model().orElseThrow();
    }

    /** The schema as the user named it, for messages. */
    String named() {
        return named;
    }

    /**
     * Selects a record: the one named {@code name} (simple or qualified) when given, else the only one that
     * {@code preferred} accepts, else the only record.
     *
     * @throws ParameterException (a usage error) when no record or more than one fits
     */
    SchemaRecord select(String name, Predicate<RecordLayout> preferred, String preferredWhat) {
        List<RecordLayout> all = compilation.layouts();
        List<RecordLayout> matching;
        if (name != null) {
            matching = named(name);
        } else {
            matching = all.stream().filter(preferred).toList();
            if (matching.isEmpty()) {
                matching = all;
            }
        }
        if (matching.size() != 1) {
            String problem = name != null ? "No record named '" + name + "' in " + named
                    : matching.isEmpty() ? named + " declares no records"
                    : named + " declares several records" + preferredWhat + "; choose one with --record NAME";
            throw new ParameterException(commandLine, problem + known());
        }
        return record(matching.get(0));
    }

    /** The layouts of the records named {@code name}, simple or qualified. */
    List<RecordLayout> named(String name) {
        return compilation.layouts().stream().filter(l -> name.equals(l.record().name().simpleName())
                || name.equals(l.record().name().toString())).toList();
    }

    /** {@code "; its records: A, B"}, or nothing for a schema without records. */
    String known() {
        List<String> known = compilation.layouts().stream().map(l -> l.record().name().simpleName()).sorted().toList();
        return known.isEmpty() ? "" : "; its records: " + String.join(", ", known);
    }

    /**
     * The record whose {@code @xml} binding names the element {@code local} in {@code namespace} ("" for none):
     * how {@code convert} picks the record of an XML document.
     */
    Optional<SchemaRecord> boundToElement(String namespace, String local) {
        return XmlRecordBinding.boundTo(compilation.layouts(), namespace, local).map(this::record);
    }

    /**
     * The only record whose {@code @xml} binding names an element {@code local} but for its case, in any namespace:
     * the record a document most likely holds when no record is bound to its elements exactly. Reading it then
     * refuses the mistaken element where it is, naming the element expected.
     */
    Optional<SchemaRecord> nearlyBoundToElement(String local) {
        List<RecordLayout> near = compilation.layouts().stream().filter(XmlRecordBinding::declared)
                .filter(l -> XmlRecordBinding.element(l.record()).equalsIgnoreCase(local)).toList();
        return near.size() == 1 ? Optional.of(record(near.get(0))) : Optional.empty();
    }

    /** The record of {@code layout}, with the identity its batch files carry. */
    SchemaRecord record(RecordLayout layout) {
        return new SchemaRecord(model(), layout, model().identity(layout));
    }
}
