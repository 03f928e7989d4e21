package dev.sdo.compiler;

import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Schema;
import java.util.List;
import java.util.Optional;

/**
 * What one compiler run produced: every problem found, and, only when there were none, the codec model (the
 * checked schema laid out) and the generated sources.
 */
public record Compilation(List<Diagnostic> diagnostics, Optional<CodecModel> model, List<GeneratedSource> sources) {

    public Compilation {
        diagnostics = List.copyOf(diagnostics);
        sources = List.copyOf(sources);
    }

    static Compilation failed(List<Diagnostic> diagnostics) {
        return new Compilation(diagnostics, Optional.empty(), List.of());
    }

    /** The checked schema, when there were no problems. */
    public Optional<Schema> schema() {
        return model.map(CodecModel::schema);
    }

    /** The layout of each record, in the schema's order; none when there were problems. */
    public List<RecordLayout> layouts() {
        return model.map(CodecModel::records).orElse(List.of());
    }

    public boolean succeeded() {
        return diagnostics.isEmpty();
    }
}
