package dev.sdo.compiler.parse;

import dev.sdo.compiler.ast.ImportDecl;
import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses schema files and, transitively, the files they import, each file once: roots in the order given, each
 * file's imports depth-first right after it. Import cycles are fine. Files that cannot be read are reported and
 * left out; the other files are still parsed, so that one run reports every problem.
 */
public final class SchemaLoader {
    private final SchemaSources sources;
    private final Diagnostics diagnostics;
    private final Set<String> seen = new HashSet<>();
    private final List<SchemaFile> loaded = new ArrayList<>();

    public SchemaLoader(SchemaSources sources, Diagnostics diagnostics) {
        this.sources = sources;
        this.diagnostics = diagnostics;
    }

    /** Loads the roots and everything they import, in a deterministic order. */
    public List<SchemaFile> load(List<String> roots) {
        for (String root : roots) {
            String identity;
            try {
                identity = sources.identity(root);
            } catch (InvalidPathException e) {
                diagnostics.error(new SourcePosition(root, 1, 1), "cannot read schema file: invalid path");
                continue;
            }
            load(root, identity, null);
        }
        return List.copyOf(loaded);
    }

    private void load(String name, String identity, SourcePosition importedAt) {
        if (!seen.add(identity)) {
            return;
        }
        String text;
        try {
            text = sources.read(name);
        } catch (IOException e) {
            if (importedAt == null) {
                diagnostics.error(new SourcePosition(name, 1, 1), "cannot read schema file: " + reason(e));
            } else {
                diagnostics.error(importedAt, "cannot read imported file '" + name + "': " + reason(e));
            }
            return;
        }
        SchemaFile file = new SchemaFileParser(sources, diagnostics).parse(name, identity, text);
        loaded.add(file);
        for (ImportDecl anImport : file.imports()) {
            load(anImport.fileName(), anImport.identity(), anImport.position());
        }
    }

    /** The reason a file could not be read, as a user reads it (no exception class names). */
    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file";
        } else if (e instanceof AccessDeniedException) {
            return "Permission denied";
        } else if (e instanceof CharacterCodingException) {
            return "not valid UTF-8 text";
        } else if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
