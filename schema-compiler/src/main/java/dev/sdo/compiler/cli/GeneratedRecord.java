package dev.sdo.compiler.cli;

import dev.sdo.compiler.generate.GeneratedNames;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;

/**
 * The generated classes of one record, compiled in memory from the schema and driven by reflection: how
 * {@code sdoc convert} reads records that the flat text bindings cannot (nested records, lists, strings, blobs)
 * without a second encoder of the format ({@code dump} and {@code check} read through the generic records). Only the classes the records need are
 * compiled, in one javac run for all the records a command handles: the interface, bean and SDO of every record
 * and union they reach, their own batches and XML bindings, the enums.
 */
final class GeneratedRecord {
    private final ClassLoader loader;
    private final Class<?> batchClass;
    private final String xmlClassName;
    private final String csvClassName;

    /** Thrown when the record's classes cannot be compiled here: no Java compiler in this Java installation. */
    static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    private GeneratedRecord(ClassLoader loader, QualifiedName name) {
        this.loader = loader;
        this.batchClass = load(name.toString() + GeneratedNames.BATCH);
        this.xmlClassName = name + GeneratedNames.XML;
        this.csvClassName = name + GeneratedNames.CSV;
    }

    /**
     * {@link #compile}, or, when there is no Java compiler, its reason printed to {@code err} as an
     * {@code sdoc: error:} line, and empty: the inputs whose records need classes then fail one by one.
     */
    static Optional<Map<QualifiedName, GeneratedRecord>> compileOrReport(Collection<SchemaRecord> records,
            Supplier<Optional<JavaCompiler>> javaCompiler, PrintWriter err) {
        try {
            return Optional.of(compile(records, javaCompiler));
        } catch (Unavailable e) {
            Failures.error(err, e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Compiles the classes of those of {@code records} that are not flat with the compiler {@code javaCompiler}
     * supplies, all in one javac run however many records and documents a command handles: javac's start-up is
     * most of the time a compilation takes. Flat records need no classes: the runtime's bindings carry them.
     *
     * @param records records of one schema, each any number of times
     * @return the classes of each record that is not flat, by its name
     * @throws Unavailable when it supplies no compiler (a Java runtime without {@code javac}) and a record needs one
     */
    static Map<QualifiedName, GeneratedRecord> compile(Collection<SchemaRecord> records,
            Supplier<Optional<JavaCompiler>> javaCompiler) throws Unavailable {
        Map<QualifiedName, SchemaRecord> byName = new LinkedHashMap<>();
        records.stream().filter(record -> !record.flat())
                .forEach(record -> byName.putIfAbsent(record.layout().record().name(), record));
        if (byName.isEmpty()) {
            return Map.of();
        }
        Optional<JavaCompiler> compiler = javaCompiler.get();
        if (compiler.isEmpty()) {
            throw new Unavailable(byName.keySet().stream().map(QualifiedName::simpleName).sorted()
                    .collect(Collectors.joining(", ")) + " records hold nested records, lists or "
                    + "variable-length fields, which sdoc reads and writes through the schema's generated classes, "
                    + "compiled as it runs: that needs a JDK, and this Java (" + System.getProperty("java.home")
                    + ") has no Java compiler; run sdoc with a JDK's java");
        }
        Set<String> needed = new LinkedHashSet<>();
        CodecModel model = byName.values().iterator().next().model();
        for (SchemaRecord record : byName.values()) {
            // Its CSV binding, when it has one: only a record at the top is read or written as CSV.
            needed.add(record.layout().record().name() + GeneratedNames.CSV);
            for (QualifiedName reached : reachableRecords(model, record.layout())) {
                needed.add(reached.toString());
                needed.add(reached + GeneratedNames.BEAN);
                needed.add(reached + GeneratedNames.SDO);
                // An XML binding uses the bindings of the records it holds (and each of those names its batch).
                needed.add(reached + GeneratedNames.XML);
                needed.add(reached + GeneratedNames.BATCH);
                // The batch of a record of fixed width names its writer (append, writer(i)).
                needed.add(reached + GeneratedNames.WRITER);
                // The batch takes its schema descriptor from its package's.
                needed.add(reached.packageName() + "." + GeneratedNames.DESCRIPTORS);
            }
        }
        for (EnumType enumType : model.enums()) {
            needed.add(enumType.name().toString());
        }
        List<GeneratedSource> sources = byName.values().iterator().next().sources().stream()
                .filter(source -> needed.contains(source.qualifiedName())).toList();
        ClassLoader loader = InMemoryClasses.compile(compiler.get(), sources);
        Map<QualifiedName, GeneratedRecord> compiled = new LinkedHashMap<>();
        byName.keySet().forEach(name -> compiled.put(name, new GeneratedRecord(loader, name)));
        return compiled;
    }

    /**
     * {@code root} and every record and union its fields hold, directly or in lists, at any depth: the records a
     * union's alternatives hold, an abstract record's extensions (its union's alternatives) and the records a
     * record extends included. Names that generate no class (an abstract record's bean) are filtered out later.
     */
    private static Set<QualifiedName> reachableRecords(CodecModel model, RecordLayout root) {
        Set<QualifiedName> records = new LinkedHashSet<>();
        Set<QualifiedName> unions = new LinkedHashSet<>();
        Deque<RecordLayout> pendingRecords = new ArrayDeque<>(List.of(root));
        Deque<Encoding> pendingValues = new ArrayDeque<>();
        while (!pendingRecords.isEmpty() || !pendingValues.isEmpty()) {
            if (!pendingRecords.isEmpty()) {
                RecordLayout record = pendingRecords.pop();
                if (records.add(record.record().name())) {
                    record.fields().forEach(field -> pendingValues.push(field.encoding()));
                    if (record.record().base() != null) {
                        pendingRecords.push(model.record(record.record().base()));
                    }
                }
                continue;
            }
            Encoding value = pendingValues.pop();
            if (value instanceof Encoding.ListOf list) {
                pendingValues.push(list.element());
            } else if (value instanceof Encoding.Nested nested) {
                pendingRecords.push(model.record(nested.record()));
            } else if (value instanceof Encoding.Union union && unions.add(union.name())) {
                union.layout().alternatives().forEach(alternative -> pendingValues.push(alternative.encoding()));
            }
        }
        Set<QualifiedName> reached = new LinkedHashSet<>(records);
        reached.addAll(unions);
        return reached;
    }

    /** A batch of the record's generated {@code XBatch} class. */
    final class Batch {
        private final Object batch;
        private final Method size;

        private Batch(Object batch) {
            this.batch = batch;
            this.size = method(batchClass, "size");
        }

        int size() {
            return (Integer) invokeUnchecked(size, batch);
        }

        /** {@code XBatch.recordBytes()}: the bytes of the records' encodings, nothing of the file around them. */
        long recordBytes() {
            return (Long) invokeUnchecked(method(batchClass, "recordBytes"), batch);
        }

        /** {@code XBatch.writeTo}: the batch file. */
        void writeTo(WritableByteChannel out) throws IOException {
            invoke(method(batchClass, "writeTo", WritableByteChannel.class), batch, out);
        }
    }

    /**
     * {@code XXml.readBatch}: reads the record's elements into a new batch.
     *
     * @throws IOException as {@code readBatch} does: a {@link dev.sdo.runtime.text.TextInputException} for bad XML
     * @throws IllegalArgumentException when a record read cannot be encoded
     */
    Batch readXml(InputStream in, String source, BadInputPolicy policy) throws IOException {
        Method readBatch = method(load(xmlClassName), "readBatch", InputStream.class, String.class,
                BadInputPolicy.class);
        return new Batch(invoke(readBatch, null, in, source, policy));
    }

    private Class<?> load(String name) {
        try {
            return Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the generated class " + name + " is missing", e);
        }
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("the generated class " + type.getName() + " has no method " + name, e);
        }
    }

    /** Calls {@code method}, throwing what it throws as itself. */
    private static Object invoke(Method method, Object target, Object... arguments) throws IOException {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw unchecked(e);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Calls a {@code method} that throws no checked exception. */
    private static Object invokeUnchecked(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw unchecked(e);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RuntimeException unchecked(InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }
}
