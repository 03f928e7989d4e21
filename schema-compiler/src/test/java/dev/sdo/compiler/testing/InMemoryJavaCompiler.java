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
 * against the test class path (which holds the runtime), with no file written, and loads the classes in a fresh
 * class loader: how the tests run what the generator writes ({@code sdoc} itself compiles no Java).
 */
public final class InMemoryJavaCompiler {

    private InMemoryJavaCompiler() {}

    /** Compiles the sources; throws {@link AssertionError} with every compiler message on any error or warning. */
    public static ClassLoader compile(List<GeneratedSource> sources) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<String> options = List.of("--release", "17", "-Xlint:all", "-Werror", "-classpath",
                System.getProperty("java.class.path"));
        Map<String, byte[]> bytecode = bytecode(ToolProvider.getSystemJavaCompiler(), sources, options, diagnostics);
        if (bytecode == null || !diagnostics.getDiagnostics().isEmpty()) {
            StringBuilder report = new StringBuilder("generated sources do not compile cleanly:\n");
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                report.append(d.getKind()).append(' ')
                        .append(d.getSource() == null ? "" : d.getSource().getName())
                        .append(':').append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT))
                        .append('\n');
            }
            throw new AssertionError(report.toString());
        }
        return loader(bytecode, InMemoryJavaCompiler.class.getClassLoader());
    }

    /** The bytecode of every class compiled, by binary name; null if {@code compiler} reported errors. */
    private static Map<String, byte[]> bytecode(JavaCompiler compiler, List<GeneratedSource> sources,
            List<String> options, DiagnosticCollector<JavaFileObject> diagnostics) {
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
            units.add(new SimpleJavaFileObject(URI.create("mem:///" + source.relativePath()),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source.content();
                }
            });
        }
        if (!compiler.getTask(null, manager, diagnostics, options, null, units).call()) {
            return null;
        }
        Map<String, byte[]> bytecode = new HashMap<>();
        classes.forEach((name, bytes) -> bytecode.put(name, bytes.toByteArray()));
        return bytecode;
    }

    /** A loader of the classes {@code bytecode} holds (by binary name), defined on first use. */
    private static ClassLoader loader(Map<String, byte[]> bytecode, ClassLoader parent) {
        return new ClassLoader(parent) {
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
