package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import java.util.List;
import java.util.Map;

/** Compiles what the importer wrote and asserts that the compiler has nothing to say about it. */
final class ImportedSchemaCompilation {
    /** FpML's confirmation view imported and compiled, once for the tests of a run that need it (it takes long). */
    private static Compilation confirmationView;

    private ImportedSchemaCompilation() {}

    /** The FpML 5.11 confirmation view that {@code examples/fpml} vendors, imported and compiled without diagnostics. */
    static synchronized Compilation confirmationView() {
        if (confirmationView == null) {
            confirmationView = compileWithoutDiagnostics(new XsdImporter().importSchema(FpmlImportTest.ROOT, null)
                    .files(), "fpml-main-5-11.sdo");
        }
        return confirmationView;
    }

    /** Compiles {@code files} from {@code root}; fails on any diagnostic, each of which is an importer bug. */
    static Compilation compileWithoutDiagnostics(Map<String, String> files, String root) {
        Compilation compilation = new SchemaCompiler().compile(files, List.of(root));
        assertThat(compilation.diagnostics()).as("the compiler's diagnostics of the imported schema")
                .extracting(Diagnostic::toString).isEmpty();
        return compilation;
    }
}
