package dev.sdo.compiler.cli;

import java.util.Optional;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The Java compiler of the JDK that runs {@code sdoc}, if it is a JDK. A Java runtime (JRE) has the
 * {@code javax.tools} API but no compiler behind it; a trimmed one may lack the API too, which is reported the same
 * way rather than as a {@link NoClassDefFoundError}.
 */
final class SystemJavaCompiler {
    private SystemJavaCompiler() {}

    /** The system Java compiler; empty in a Java runtime that has none or lacks {@code javax.tools}. */
    static Optional<JavaCompiler> find() {
        try {
            return Optional.ofNullable(ToolProvider.getSystemJavaCompiler());
        } catch (LinkageError noJavaCompilerModule) {
            return Optional.empty();
        }
    }
}
