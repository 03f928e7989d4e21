package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.List;

/**
 * {@code @name} or {@code @name(key = value, ...)} as written.
 *
 * @param position the position of the annotation's name
 */
public record AnnotationNode(String name, SourcePosition position, List<Argument> arguments) {

    public AnnotationNode {
        arguments = List.copyOf(arguments);
    }

    /**
     * One argument.
     *
     * @param key the key, or null for a positional value such as {@code @since(2)}'s
     * @param keyPosition the key's position, or the value's for a positional value
     * @param value a {@link String}, a {@link java.math.BigInteger} (range-checked later) or a {@link Boolean}
     * @param valuePosition the value's position
     */
    public record Argument(String key, SourcePosition keyPosition, Object value, SourcePosition valuePosition) {}
}
