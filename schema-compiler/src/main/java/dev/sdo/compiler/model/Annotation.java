package dev.sdo.compiler.model;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.Map;

/**
 * An annotation such as {@code @csv(column = "Amount1")}. Argument values are {@link String}, {@link Long} or
 * {@link Boolean}, in written order.
 */
public record Annotation(String name, Map<String, Object> arguments, SourcePosition position) {

    public Annotation {
        arguments = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(arguments));
    }
}
