package dev.sdo.compiler.diagnostics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects the problems of one compiler run; every stage adds to the same collector. */
public final class Diagnostics {
    private final List<Diagnostic> errors = new ArrayList<>();

    public void error(SourcePosition position, String message) {
        errors.add(new Diagnostic(position, message));
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    /** The problems in reading order, each reported once. */
    public List<Diagnostic> sorted() {
        List<Diagnostic> result = new ArrayList<>(errors.stream().distinct().toList());
        Collections.sort(result);
        return List.copyOf(result);
    }
}
