package dev.sdo.maven;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.compat.RecordCompatibility;
import dev.sdo.compiler.compat.SchemaCompatibility;
import dev.sdo.compiler.diagnostics.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The opt-in check of the schemas against their previous version ({@code compatibleWith}): what
 * {@code sdoc compat PREVIOUS CURRENT} says, per record, through the compiler's {@link SchemaCompatibility}, so that
 * the build and the command line apply the same rules and print the same lines.
 */
final class CompatibilityCheck {
    /** What the check found: the records compared, or the diagnostics of a schema that does not compile. */
    record Result(List<RecordCompatibility> records, List<String> schemaErrors) {
        /** The records of which one side no longer reads the other's data. */
        List<RecordCompatibility> refused() {
            return records.stream().filter(record -> !record.compatible()).toList();
        }
    }

    private CompatibilityCheck() {}

    /**
     * Compares {@code previous} (a {@code .sdo} file, or a directory whose {@code .sdo} files are compiled
     * together) with the current {@code schemas}.
     *
     * @throws IOException when {@code previous} cannot be read or holds no schema
     */
    static Result run(Path previous, List<Path> schemas) throws IOException {
        Compilation before = new SchemaCompiler().compile(files(previous));
        Compilation now = new SchemaCompiler().compile(schemas);
        List<String> errors = Stream.concat(before.diagnostics().stream(), now.diagnostics().stream())
                .map(Diagnostic::toString).toList();
        if (!errors.isEmpty() || before.model().isEmpty() || now.model().isEmpty()) {
            return new Result(List.of(), errors);
        }
        return new Result(SchemaCompatibility.compare(before.model().get(), now.model().get()), List.of());
    }

    private static List<Path> files(Path previous) throws IOException {
        if (!Files.isDirectory(previous)) {
            if (!Files.isRegularFile(previous)) {
                throw new IOException(previous + " does not exist");
            }
            return List.of(previous);
        }
        List<Path> found;
        try (Stream<Path> walk = Files.walk(previous)) {
            found = walk.filter(f -> f.getFileName().toString().endsWith(".sdo") && Files.isRegularFile(f)).sorted()
                    .toList();
        }
        if (found.isEmpty()) {
            throw new IOException(previous + " holds no .sdo file");
        }
        return found;
    }
}
