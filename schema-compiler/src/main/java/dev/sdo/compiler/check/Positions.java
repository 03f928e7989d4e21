package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.SourcePosition;

/** How messages refer to another place: "line 3" in the same file, "FILE:3:5" in another. */
final class Positions {
    private Positions() {}

    static String where(SourcePosition other, SourcePosition here) {
        return other.file().equals(here.file()) ? "line " + other.line() : other.toString();
    }
}
