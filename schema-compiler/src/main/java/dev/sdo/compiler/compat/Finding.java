package dev.sdo.compiler.compat;

import dev.sdo.compiler.diagnostics.SourcePosition;

/** One thing that changed between two schemas, at the place of the change (in NEW, or in OLD for what is gone). */
public record Finding(SourcePosition position, String message) {

    /** {@code FILE:LINE:COLUMN: message}, as compiler diagnostics are printed. */
    @Override
    public String toString() {
        return position + ": " + message;
    }
}
