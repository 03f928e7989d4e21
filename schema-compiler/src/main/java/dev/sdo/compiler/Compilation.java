package dev.sdo.compiler;

import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Schema;
import java.util.List;
import java.util.Optional;

/**
 * What one compiler run produced: every problem found, and, only when there were none, the checked schema, the
 * layout of each record and the generated sources.
 */
public record Compilation(List<Diagnostic> diagnostics, Optional<Schema> schema, List<RecordLayout> layouts,
        List<GeneratedSource> sources) {

    public Compilation {
        diagnostics = List.copyOf(diagnostics);
        layouts = List.copyOf(layouts);
        sources = List.copyOf(sources);
    }

    static Compilation failed(List<Diagnostic> diagnostics) {
        return new Compilation(diagnostics, Optional.empty(), List.of(), List.of());
    }

    public boolean succeeded() {
        return diagnostics.isEmpty();
    }
}
