package dev.sdo.compiler.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code sdo} block of the reference manual ({@code docs/manual}) is a schema file that compiles, and so does
 * the Java generated from it, so that the manual's examples cannot rot. A block whose first line is a comment
 * naming a file ({@code // common/side.sdo}) is that file, which the page's other blocks may import.
 */
class ManualExamplesTest {

    private static final Path MANUAL = Path.of("..", "docs", "manual");
    private static final Pattern BLOCK = Pattern.compile("```sdo\n(.*?)```", Pattern.DOTALL);
    private static final Pattern FILE_NAME = Pattern.compile("//\\s*(\\S+\\.sdo)\\b.*");
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PUBLIC_CLASS = Pattern.compile("^public class (\\w+)", Pattern.MULTILINE);

    @TestFactory
    Stream<DynamicTest> everySchemaOfTheManualCompiles() {
        return pages().stream().flatMap(page -> {
            Map<String, String> files = schemas(page);
            return files.keySet().stream().map(name -> DynamicTest.dynamicTest(
                    MANUAL.relativize(page) + ": " + name, () -> assertThat(compile(files, name).diagnostics())
                            .as("%s: %s", page, name).isEmpty()));
        });
    }

    /** One javac run for all of them (a file that others import is generated with each: once is enough). */
    @Test
    void theJavaGeneratedFromEverySchemaOfTheManualCompiles() {
        Map<String, GeneratedSource> sources = new TreeMap<>();
        for (Path page : pages()) {
            Map<String, String> files = schemas(page);
            for (String name : files.keySet()) {
                compile(files, name).sources().forEach(source -> sources.put(source.qualifiedName(), source));
            }
        }

        assertThat(sources).containsKeys("com.example.types.AllTypesSdo", "com.example.trading.OrderSdo");
        InMemoryJavaCompiler.compile(List.copyOf(sources.values()));
    }

    /**
     * A page's {@code java} blocks that declare a public class are whole programs over the classes generated from
     * the page's schemas: they compile, and their {@code main} runs with assertions on, so that what a page says the
     * generated code does is checked (other {@code java} blocks are fragments, shown for reading).
     */
    @TestFactory
    Stream<DynamicTest> everyJavaProgramOfTheManualCompilesAndRuns() {
        return pages().stream().filter(page -> !programs(page).isEmpty()).map(page -> DynamicTest.dynamicTest(
                MANUAL.relativize(page).toString(), () -> {
                    Map<String, GeneratedSource> sources = new TreeMap<>();
                    Map<String, String> files = schemas(page);
                    for (String name : files.keySet()) {
                        compile(files, name).sources().forEach(source -> sources.put(source.qualifiedName(), source));
                    }
                    Map<String, String> programs = programs(page);
                    programs.forEach((name, text) -> sources.put(name, new GeneratedSource(name, name + ".java", text)));
                    ClassLoader loader = InMemoryJavaCompiler.compile(List.copyOf(sources.values()));
                    loader.setDefaultAssertionStatus(true);
                    for (String name : programs.keySet()) {
                        Class<?> program = loader.loadClass(name);
                        assertThat(program.desiredAssertionStatus()).as("assertions on in " + name).isTrue();
                        try {
                            program.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw new AssertionError(MANUAL.relativize(page) + ": " + name + " failed", e.getCause());
                        }
                    }
                }));
    }

    @Test
    void theGeneratedApiPageHasProgramsToRun() {
        assertThat(programs(MANUAL.resolve("generated-api.md"))).hasSizeGreaterThanOrEqualTo(2);
    }

    /** The page's java blocks that declare a public class, by class name. */
    private static Map<String, String> programs(Path page) {
        Map<String, String> programs = new LinkedHashMap<>();
        Matcher block = JAVA_BLOCK.matcher(read(page));
        while (block.find()) {
            Matcher name = PUBLIC_CLASS.matcher(block.group(1));
            if (name.find()) {
                assertThat(programs.put(name.group(1), block.group(1))).as("two programs of %s are %s", page,
                        name.group(1)).isNull();
            }
        }
        return programs;
    }

    @Test
    void theManualHasSchemasToTest() {
        assertThat(schemas(MANUAL.resolve("schema-language.md"))).hasSizeGreaterThan(5);
    }

    private static Compilation compile(Map<String, String> files, String root) {
        return new SchemaCompiler().compile(files, List.of(root));
    }

    /** The page's sdo blocks by file name: the name its first line gives, else the block's number. */
    private static Map<String, String> schemas(Path page) {
        Map<String, String> files = new LinkedHashMap<>();
        Matcher block = BLOCK.matcher(read(page));
        while (block.find()) {
            String text = block.group(1);
            Matcher name = FILE_NAME.matcher(text.lines().findFirst().orElse(""));
            String file = name.matches() ? name.group(1) : "block-" + (files.size() + 1) + ".sdo";
            assertThat(files.put(file, text)).as("two blocks of %s are %s", page, file).isNull();
        }
        return files;
    }

    private static List<Path> pages() {
        try (Stream<Path> files = Files.walk(MANUAL)) {
            return new ArrayList<>(files.filter(f -> f.toString().endsWith(".md")).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
