package dev.sdo.compiler.testing;

import dev.sdo.compiler.generate.GeneratedSource;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles generated sources in-process with {@code javax.tools} at {@code --release 17 -Xlint:all -Werror}
 * against the test class path (which holds the runtime), and loads the classes in a fresh class loader.
 */
public final class InMemoryJavaCompiler {

    private InMemoryJavaCompiler() {}

    /** Compiles the sources; throws {@link AssertionError} with every compiler message on any error or warning. */
    public static ClassLoader compile(List<GeneratedSource> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null);
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        JavaFileManager manager = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension),
                        kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return classes.computeIfAbsent(className, name -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        for (GeneratedSource source : sources) {
            units.add(new SimpleJavaFileObject(URI.create("mem:///" + source.relativePath()), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source.content();
                }
            });
        }
        List<String> options = List.of("--release", "17", "-Xlint:all", "-Werror", "-classpath",
                System.getProperty("java.class.path"));
        boolean ok = compiler.getTask(null, manager, diagnostics, options, null, units).call();
        if (!ok || !diagnostics.getDiagnostics().isEmpty()) {
            StringBuilder report = new StringBuilder("generated sources do not compile cleanly:\n");
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                report.append(d.getKind()).append(' ')
                        .append(d.getSource() == null ? "" : d.getSource().getName())
                        .append(':').append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT))
                        .append('\n');
            }
            throw new AssertionError(report.toString());
        }
        Map<String, byte[]> bytecode = new HashMap<>();
        classes.forEach((name, bytes) -> bytecode.put(name, bytes.toByteArray()));
        return new ClassLoader(InMemoryJavaCompiler.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] bytes = bytecode.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
    }
}
