package dev.sdo.compiler.diagnostics;

/**
 * A place in a schema file: the file as the user named it, and a 1-based line and column counted in characters
 * (a tab counts as one).
 */
public record SourcePosition(String file, int line, int column) {

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
