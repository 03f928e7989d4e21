package dev.sdo.compiler.model;

import java.util.HashMap;
import java.util.Map;

/**
 * The type names one schema file can use: its own declarations and those of the files it imports.
 */
final class Scope {
    private final Map<String, DeclaredType> visible = new HashMap<>();
    private final Map<String, DeclaredType> everywhere;
    private boolean incomplete;

    /** @param everywhere every declaration of the run by simple name, to tell the user what to import */
    Scope(Map<String, DeclaredType> everywhere) {
        this.everywhere = everywhere;
    }

    /** The declaration a name refers to, or null. */
    DeclaredType lookUp(String simpleName) {
        return visible.get(simpleName);
    }

    /** A declaration of that name in a file this one does not import, or null. */
    DeclaredType elsewhere(String simpleName) {
        return everywhere.get(simpleName);
    }

    /** Adds a declaration under its simple name, unless the name is taken; returns the one that holds it. */
    DeclaredType add(DeclaredType declared) {
        DeclaredType existing = visible.putIfAbsent(declared.declaration().name(), declared);
        return existing == null ? declared : existing;
    }

    /** Marks the scope as missing an import that could not be read (and was reported). */
    void markIncomplete() {
        incomplete = true;
    }

    /** Whether an import could not be read: unknown names may come from it, so they are not reported. */
    boolean incomplete() {
        return incomplete;
    }
}
