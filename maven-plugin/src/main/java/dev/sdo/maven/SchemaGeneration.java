package dev.sdo.maven;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.cli.GeneratedSourceWriter;
import dev.sdo.compiler.diagnostics.Diagnostic;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of the generate goal without Maven: compile the selected schemas, then either report their problems
 * or write the generated sources, touching only files whose bytes change.
 *
 * @param basedir the project's directory; diagnostics name schema files relative to it
 * @param outputDirectory where the sources go, in package folders
 */
public record SchemaGeneration(Path basedir, Path outputDirectory) {

    /**
     * What a run did.
     *
     * @param errors the schema problems, in the {@code path/File.sdo:LINE:COLUMN: error: MESSAGE} form with paths
     *     relative to the project; when there are any, nothing was written
     * @param written the files created or changed
     * @param unchanged the files that already held the generated text
     */
    public record Outcome(List<String> errors, List<Path> written, List<Path> unchanged) {
        public Outcome {
            errors = List.copyOf(errors);
            written = List.copyOf(written);
            unchanged = List.copyOf(unchanged);
        }

        public boolean failed() {
            return !errors.isEmpty();
        }
    }

    /**
     * Compiles {@code schemas} (and what they import) and writes the result.
     *
     * @throws IOException when a generated file cannot be written
     */
    public Outcome run(List<Path> schemas) throws IOException {
        Compilation compilation = new SchemaCompiler().compile(schemas);
        if (!compilation.succeeded()) {
            return new Outcome(compilation.diagnostics().stream().map(this::relativeToProject).toList(),
                    List.of(), List.of());
        }
        GeneratedSourceWriter.Result result = new GeneratedSourceWriter(outputDirectory).write(compilation.sources());
        return new Outcome(List.of(), result.written(), result.unchanged());
    }

    /** A diagnostic with its file named relative to the project, as Maven users read paths in a build log. */
    private String relativeToProject(Diagnostic diagnostic) {
        Path file = Path.of(diagnostic.position().file());
        Path absoluteBase = basedir.toAbsolutePath().normalize();
        Path absoluteFile = file.toAbsolutePath().normalize();
        String shown = absoluteFile.startsWith(absoluteBase)
                ? absoluteBase.relativize(absoluteFile).toString().replace(file.getFileSystem().getSeparator(), "/")
                : diagnostic.position().file();
        return shown + ":" + diagnostic.position().line() + ":" + diagnostic.position().column() + ": error: "
                + diagnostic.message();
    }
}
