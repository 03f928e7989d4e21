package dev.sdo.compiler.binding;

import dev.sdo.compiler.diagnostics.SourcePosition;

/**
 * A record whose fields the flat text bindings cannot carry (a nested record, a variable-length field), with where
 * the field is declared.
 */
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
