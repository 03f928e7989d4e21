package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Generated classes compiled in memory, with reflective shortcuts for the tests. */
final class Generated {
    private final ClassLoader loader;
    private final List<GeneratedSource> sources;

    private Generated(List<GeneratedSource> sources) {
        this.sources = sources;
        this.loader = InMemoryJavaCompiler.compile(sources);
    }

    static Generated compile(TestSchemas schemas) {
        return new Generated(schemas.generate());
    }

    /** Compiles schema text through the whole compiler: {@code files} maps file names to text, all of them roots. */
    static Generated compile(Map<String, String> files) {
        Compilation compilation = new SchemaCompiler().compile(files, List.copyOf(new TreeMap<>(files).keySet()));
        assertThat(compilation.diagnostics()).as("schema errors").isEmpty();
        return new Generated(compilation.sources());
    }

    List<GeneratedSource> sources() {
        return sources;
    }

    String source(String qualifiedName) {
        return sources.stream().filter(s -> s.qualifiedName().equals(qualifiedName)).findFirst().orElseThrow()
                .content();
    }

    Class<?> type(String qualifiedName) {
        try {
            return Class.forName(qualifiedName, true, loader);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /** A new bean of {@code record} (qualified) with the fields set through their setters. */
    Object bean(String record, Map<String, ?> values) {
        try {
            Object bean = type(record + "Bean").getConstructor().newInstance();
            values.forEach((name, value) -> set(bean, name, value));
            return bean;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    void set(Object bean, String field, Object value) {
        String setter = "set" + Character.toUpperCase(field.charAt(0)) + field.substring(1);
        Method method = Arrays.stream(bean.getClass().getMethods()).filter(m -> m.getName().equals(setter))
                .findFirst().orElseThrow(() -> new AssertionError("no " + setter));
        invoke(bean, method, value);
    }

    Object enumConstant(String enumName, String constant) {
        return Arrays.stream(type(enumName).getEnumConstants()).filter(c -> ((Enum<?>) c).name().equals(constant))
                .findFirst().orElseThrow();
    }

    /** {@code RecordSdo.of(source)}. */
    Object of(String record, Object source) {
        return callStatic(record + "Sdo", "of", source);
    }

    /** {@code RecordSdo.wrap(buffer, offset)}. */
    Object wrap(String record, ByteBuffer buffer, int offset) {
        return callStatic(record + "Sdo", "wrap", buffer, offset);
    }

    int bytes(String record) {
        try {
            return type(record + "Sdo").getField("BYTES").getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    Object callStatic(String className, String method, Object... args) {
        return invoke(null, find(type(className), method, args.length), args);
    }

    /** Reads {@code xml} (named {@code source} in messages) with {@code XXml.read} of {@code record} (qualified). */
    @SuppressWarnings("unchecked")
    List<Object> readXml(String record, String xml, String source) {
        return (List<Object>) invoke(null, method(record + "Xml", "read", InputStream.class, String.class),
                new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), source);
    }

    /** Reads {@code xml} as {@link #readXml} does, which must hold one record: that record. */
    Object readOneXml(String record, String xml, String source) {
        List<Object> records = readXml(record, xml, source);
        if (records.size() != 1) {
            throw new AssertionError(source + " holds " + records.size() + " records, not one");
        }
        return records.get(0);
    }

    /** Writes {@code records} (beans or SDOs) with {@code XXml.write} of {@code record} (qualified). */
    String writeXml(String record, List<?> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        invoke(null, method(record + "Xml", "write", List.class, OutputStream.class), records, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private Method method(String className, String name, Class<?>... parameters) {
        try {
            return type(className).getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** Calls the public no-argument or matching-arity method {@code method} on {@code target}. */
    static Object call(Object target, String method, Object... args) {
        return invoke(target, find(target.getClass(), method, args.length), args);
    }

    private static Method find(Class<?> type, String name, int arity) {
        return Arrays.stream(type.getMethods()).filter(m -> m.getName().equals(name) && m.getParameterCount() == arity)
                .filter(m -> !m.isBridge())
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + "/" + arity + " in " + type));
    }

    /** Throws {@code thrown}, checked or not, as the generated code threw it. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable thrown) throws T {
        throw (T) thrown;
    }

    /** Invokes, rethrowing what the generated code threw. */
    private static Object invoke(Object target, Method method, Object... args) {
        try {
            method.setAccessible(true);
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw Generated.<RuntimeException>rethrow(e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
