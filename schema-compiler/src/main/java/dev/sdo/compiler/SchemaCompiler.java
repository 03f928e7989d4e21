package dev.sdo.compiler;

import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.check.SchemaChecker;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.generate.JavaGenerator;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.model.ModelBuilder;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.parse.SchemaLoader;
import dev.sdo.compiler.parse.SchemaSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compiler's public entry point, which the {@code sdoc} command line and the Maven plugin are thin shells
 * over. One run goes parse, model, check, layout, generate; any problem stops the run before layout, so that
 * nothing is generated from a schema with errors, and every problem of the run is reported together.
 */
public final class SchemaCompiler {

    /**
     * Compiles schema files and everything they import, each file once.
     *
     * @param files the schema files as the user named them; diagnostics name them the same way
     */
    public Compilation compile(List<Path> files) {
        return run(SchemaSources.fileSystem(), files.stream().map(Path::toString).toList(), true);
    }

    /**
     * Compiles schemas held in memory: {@code files} maps a file name to its text, imports are resolved
     * against those names relative to the importing file's name, and {@code roots} names the files to start from.
     */
    public Compilation compile(Map<String, String> files, List<String> roots) {
        return run(SchemaSources.inMemory(files), roots, true);
    }

    /**
     * Compiles schemas read through {@code sources}, starting from the files {@code roots} names. Build tools use it
     * to see which files a run read (the roots and every import), for example to know when to compile again.
     */
    public Compilation compile(SchemaSources sources, List<String> roots) {
        return run(sources, roots, true);
    }

    /**
     * Lays out schema files as {@link #compile(List)} does, without generating Java: for tools that read and write
     * data by the layout alone ({@code sdoc convert}, {@code dump}, {@code check}, {@code layout}, {@code compat}),
     * to which generating the sources of a large schema (FpML's) would add most of their start-up time.
     */
    public Compilation layOut(List<Path> files) {
        return run(SchemaSources.fileSystem(), files.stream().map(Path::toString).toList(), false);
    }

    /**
     * Lays out schemas held in memory as {@link #compile(Map, List)} does, without generating Java: for tools that
     * need only the layout (fingerprints, descriptors), such as a schema written back from a batch file's.
     */
    public Compilation layOut(Map<String, String> files, List<String> roots) {
        return run(SchemaSources.inMemory(files), roots, false);
    }

    private Compilation run(SchemaSources sources, List<String> roots, boolean generate) {
        Diagnostics diagnostics = new Diagnostics();
        List<SchemaFile> parsed = new SchemaLoader(sources, diagnostics).load(roots);
        Schema schema = new ModelBuilder(diagnostics).build(parsed);
        // The model holds only what parsed and resolved, so checking it after earlier errors is safe, and it
        // reports the remaining problems in the same run instead of one stage's problems per run.
        new SchemaChecker(diagnostics).check(schema);
        if (diagnostics.hasErrors()) {
            return Compilation.failed(diagnostics.sorted());
        }
        CodecModel model = CodecModel.of(schema);
        return new Compilation(List.of(), Optional.of(model),
                generate ? new JavaGenerator(model).generate() : List.of());
    }
}
