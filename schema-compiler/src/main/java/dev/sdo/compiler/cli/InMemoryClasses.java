package dev.sdo.compiler.cli;

import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.generate.InMemoryJavaCompilation;
import dev.sdo.runtime.batch.RecordStore;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

/**
 * The CLI's one in-memory javac path: finds the JDK's Java compiler, compiles generated sources with it against the
 * runtime that {@code sdoc} itself runs on, and loads the classes in a class loader whose parent is {@code sdoc}'s
 * own, so that the generated classes and {@code sdoc} share the runtime's classes (its exceptions, policies and
 * bindings). The classes of a schema compiled once are kept in the {@link CompiledClassCache} for the next run.
 */
final class InMemoryClasses {
    private InMemoryClasses() {}

    /**
     * The Java compiler of the JDK that runs {@code sdoc}; empty in a Java runtime (JRE), which has the
     * {@code javax.tools} API but no compiler behind it, or in a trimmed one that lacks the API too (reported the
     * same way rather than as a {@link NoClassDefFoundError}).
     */
    static Optional<JavaCompiler> systemCompiler() {
        try {
            return Optional.ofNullable(ToolProvider.getSystemJavaCompiler());
        } catch (LinkageError noJavaCompilerModule) {
            return Optional.empty();
        }
    }

    /**
     * Compiles {@code sources} and returns the loader of their classes.
     *
     * @throws IllegalStateException with the compiler's messages if the sources do not compile: a bug of the
     *     generator, not of the user's schema, which the check stage has passed
     */
    static ClassLoader compile(JavaCompiler compiler, List<GeneratedSource> sources) {
        // No annotation processing (nothing on the class path should run) and no debug tables (nobody debugs these).
        List<String> options = List.of("--release", "17", "-proc:none", "-g:none", "-classpath", runtimeClassPath());
        Optional<CompiledClassCache> cache = CompiledClassCache.configured();
        String key = CompiledClassCache.key(sources, options, runtimeIdentity());
        Map<String, byte[]> classes = cache.flatMap(c -> c.load(key)).orElseGet(() -> {
            Map<String, byte[]> compiled = bytecode(compiler, sources, options);
            cache.ifPresent(c -> c.store(key, compiled));
            return compiled;
        });
        return InMemoryJavaCompilation.loader(classes, InMemoryClasses.class.getClassLoader());
    }

    private static Map<String, byte[]> bytecode(JavaCompiler compiler, List<GeneratedSource> sources,
            List<String> options) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        return InMemoryJavaCompilation.bytecode(compiler, sources, options, diagnostics).orElseThrow(() -> {
                    StringBuilder report = new StringBuilder("the generated classes do not compile:");
                    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                        if (d.getKind() == Diagnostic.Kind.ERROR) {
                            report.append(System.lineSeparator()).append("  ")
                                    .append(d.getSource() == null ? "" : d.getSource().getName()).append(':')
                                    .append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT));
                        }
                    }
                    return new IllegalStateException(report.toString());
                });
    }

    /**
     * What the compiled classes depend on besides their sources: the runtime they were compiled against (where it
     * is, its size and time), so that a new sdoc compiles again.
     */
    private static String runtimeIdentity() {
        String path = runtimeClassPath();
        File file = new File(path);
        return path + "|" + file.length() + "|" + file.lastModified() + "|"
                + RecordStore.class.getPackage().getImplementationVersion();
    }

    /**
     * Where the runtime's classes are: the sdoc jar, which holds them, or the runtime's own jar or classes
     * directory; the JVM's class path when the class loader does not say.
     */
    private static String runtimeClassPath() {
        CodeSource source = RecordStore.class.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
            try {
                return Path.of(source.getLocation().toURI()).toString();
            } catch (URISyntaxException | IllegalArgumentException notAFile) {
                // Not a file: the class path below is the best guess left.
            }
        }
        return System.getProperty("java.class.path", "");
    }
}
