package dev.sdo.compiler.diagnostics;

/** One problem found in a schema, printed in the gcc form {@code FILE:LINE:COLUMN: error: MESSAGE}. */
public record Diagnostic(SourcePosition position, String message) implements Comparable<Diagnostic> {

    @Override
    public String toString() {
        return position + ": error: " + message;
    }

    /** Orders by file, then line, then column, so that a run reports problems in reading order. */
    @Override
    public int compareTo(Diagnostic other) {
        int byFile = position.file().compareTo(other.position.file());
        if (byFile != 0) {
            return byFile;
        }
        int byLine = Integer.compare(position.line(), other.position.line());
        if (byLine != 0) {
            return byLine;
        }
        int byColumn = Integer.compare(position.column(), other.position.column());
        return byColumn != 0 ? byColumn : message.compareTo(other.message);
    }
}
