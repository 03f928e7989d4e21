package dev.sdo.compiler.binding;

import dev.sdo.compiler.diagnostics.SourcePosition;

/** A record whose fields a text binding cannot carry yet (a nested record), with where the field is declared. */
public final class UnsupportedBindingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient SourcePosition position;

    public UnsupportedBindingException(SourcePosition position, String message) {
        super(message);
        this.position = position;
    }

    public SourcePosition position() {
        return position;
    }
}
