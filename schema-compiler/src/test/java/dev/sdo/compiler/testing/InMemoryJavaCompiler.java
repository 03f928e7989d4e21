package dev.sdo.compiler.testing;

import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.generate.InMemoryJavaCompilation;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

/**
 * Compiles generated sources in-process with {@code javax.tools} at {@code --release 17 -Xlint:all -Werror}
 * against the test class path (which holds the runtime), and loads the classes in a fresh class loader.
 */
public final class InMemoryJavaCompiler {

    private InMemoryJavaCompiler() {}

    /** Compiles the sources; throws {@link AssertionError} with every compiler message on any error or warning. */
    public static ClassLoader compile(List<GeneratedSource> sources) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of("--release", "17", "-Xlint:all", "-Werror", "-classpath",
                System.getProperty("java.class.path"));
        Optional<ClassLoader> loader = InMemoryJavaCompilation.compile(ToolProvider.getSystemJavaCompiler(), sources,
                options, InMemoryJavaCompiler.class.getClassLoader(), diagnostics);
        if (loader.isEmpty() || !diagnostics.getDiagnostics().isEmpty()) {
            StringBuilder report = new StringBuilder("generated sources do not compile cleanly:\n");
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                report.append(d.getKind()).append(' ')
                        .append(d.getSource() == null ? "" : d.getSource().getName())
                        .append(':').append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT))
                        .append('\n');
            }
            throw new AssertionError(report.toString());
        }
        return loader.get();
    }
}
