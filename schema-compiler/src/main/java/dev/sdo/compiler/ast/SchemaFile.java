package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * One parsed schema file.
 *
 * @param name the file's name as the user sees it in diagnostics
 * @param identity what makes two names the same file (a normalised path)
 * @param packageName the declared package, or null when the file has none (already reported)
 * @param packageSegments the package's dot-separated parts with their positions (empty when there is no package)
 * @param imports the file's imports, in written order
 * @param declarations its enums and records, in written order
 */
public record SchemaFile(String name, String identity, String packageName, List<Name> packageSegments,
        List<ImportDecl> imports, List<Declaration> declarations) {

    public SchemaFile {
        packageSegments = List.copyOf(packageSegments);
        imports = List.copyOf(imports);
        declarations = List.copyOf(declarations);
    }

    /** A name as written, with its position. */
    public record Name(String text, SourcePosition position) {}
}
