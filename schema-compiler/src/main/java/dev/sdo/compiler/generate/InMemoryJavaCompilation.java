package dev.sdo.compiler.generate;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;

/**
 * Compiles generated sources in memory with {@code javax.tools} and loads their classes, with no file written:
 * how {@code sdoc convert} and {@code dump} run the classes of a schema, and how the tests compile what the
 * generator writes.
 */
public final class InMemoryJavaCompilation {
    private InMemoryJavaCompilation() {}

    /**
     * Compiles {@code sources} with {@code options} (class path included), reporting every message to
     * {@code diagnostics}.
     *
     * @param parent the parent of the returned loader, which must reach the classes on the class path given
     * @return the loader of the compiled classes, or empty if {@code compiler} reported errors
     */
    public static Optional<ClassLoader> compile(JavaCompiler compiler, List<GeneratedSource> sources,
            List<String> options, ClassLoader parent, DiagnosticCollector<JavaFileObject> diagnostics) {
        return bytecode(compiler, sources, options, diagnostics).map(classes -> loader(classes, parent));
    }

    /**
     * Compiles {@code sources} with {@code options}, reporting every message to {@code diagnostics}.
     *
     * @return the bytecode of every class, by binary name, or empty if {@code compiler} reported errors
     */
    public static Optional<Map<String, byte[]>> bytecode(JavaCompiler compiler, List<GeneratedSource> sources,
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
            return Optional.empty();
        }
        Map<String, byte[]> bytecode = new HashMap<>();
        classes.forEach((name, bytes) -> bytecode.put(name, bytes.toByteArray()));
        return Optional.of(bytecode);
    }

    /** A loader of the classes {@code bytecode} holds (by binary name), defined on first use. */
    public static ClassLoader loader(Map<String, byte[]> bytecode, ClassLoader parent) {
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
