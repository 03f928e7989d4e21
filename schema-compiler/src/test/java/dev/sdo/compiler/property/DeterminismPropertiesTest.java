package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

/**
 * Generated code is deterministic: the same schema text gives byte-identical sources, and files compiled in
 * either root order (or reached through an import) give the same sources. Records that use another file's
 * records and enums also lay out and encode as the spec says.
 */
class DeterminismPropertiesTest {

    @Test
    void sameTextTwiceGivesIdenticalSources() {
        PropertyRunner.forAll(40, draw -> sameTextTwiceGivesIdenticalSources(draw.anyLong()));
    }

    private static void sameTextTwiceGivesIdenticalSources(long seed) {
        TestSchema schema = new RandomSchemas(new Random(seed)).schema("s.sdo", "prop.det", RandomSchemas.Profile.NORMAL);

        Compilation first = compile(Map.of("s.sdo", schema.text()), List.of("s.sdo"));
        Compilation second = compile(Map.of("s.sdo", schema.text()), List.of("s.sdo"));

        assertThat(first.sources()).as(schema.text()).isNotEmpty().isEqualTo(second.sources());
    }

    @Test
    void rootOrderDoesNotChangeTheSources() {
        PropertyRunner.forAll(25, draw -> rootOrderDoesNotChangeTheSources(draw.anyLong()));
    }

    private static void rootOrderDoesNotChangeTheSources(long seed) {
        ImportingPair pair = ImportingPair.generate(seed, "prop.imp");

        Compilation ab = compile(pair.files(), List.of(pair.imported().fileName(), pair.importing().fileName()));
        Compilation ba = compile(pair.files(), List.of(pair.importing().fileName(), pair.imported().fileName()));
        Compilation viaImport = compile(pair.files(), List.of(pair.importing().fileName()));

        assertThat(bySourceName(ab)).as(pair.describe()).isEqualTo(bySourceName(ba)).isEqualTo(bySourceName(viaImport));
        assertThat(ab.sources()).as("order of the sources list, " + pair.describe()).isEqualTo(ba.sources());
    }

    /** Cross-file records through javac and the reference checks, a few pairs per run. */
    @Test
    void recordsUsingImportedTypesFollowTheSpec() throws ReflectiveOperationException {
        List<ImportingPair> pairs = new ArrayList<>();
        List<GeneratedSource> sources = new ArrayList<>();
        List<Compilation> compilations = new ArrayList<>();
        Random seeds = new Random(77);
        for (int i = 0; i < 12; i++) {
            ImportingPair pair = ImportingPair.generate(seeds.nextLong() >>> 1, "prop.cross" + i);
            Compilation compilation = compile(pair.files(), List.of(pair.importing().fileName()));
            pairs.add(pair);
            compilations.add(compilation);
            sources.addAll(compilation.sources());
        }
        ClassLoader loader = InMemoryJavaCompiler.compile(sources);
        for (int i = 0; i < pairs.size(); i++) {
            ImportingPair pair = pairs.get(i);
            GeneratedSchema generated = new GeneratedSchema(List.of(pair.imported(), pair.importing()), loader);
            for (TestSchema schema : List.of(pair.imported(), pair.importing())) {
                SchemaChecks checks = new SchemaChecks(schema, compilations.get(i), generated, i, pair.describe());
                checks.layoutsAndSizes();
                checks.javaTypes();
                checks.roundTrip();
                checks.exactBytes();
            }
        }
    }

    private static Map<String, String> bySourceName(Compilation compilation) {
        Map<String, String> sources = new TreeMap<>();
        compilation.sources().forEach(s -> sources.put(s.relativePath(), s.content()));
        return sources;
    }

    private static Compilation compile(Map<String, String> files, List<String> roots) {
        Compilation compilation = new SchemaCompiler().compile(files, roots);
        assertThat(compilation.diagnostics()).as("diagnostics for valid schemas " + files).isEmpty();
        return compilation;
    }

    /** A schema in a sub-folder, and one in another package that imports it and uses its types. */
    private record ImportingPair(TestSchema imported, TestSchema importing) {

        static ImportingPair generate(long seed, String packagePrefix) {
            RandomSchemas schemas = new RandomSchemas(new Random(seed));
            TestSchema imported = schemas.schema("common/types.sdo", packagePrefix + ".common",
                    RandomSchemas.Profile.NORMAL, "Common", List.of(), List.of(), List.of());
            TestSchema importing = schemas.schema("main.sdo", packagePrefix + ".main", RandomSchemas.Profile.NORMAL,
                    "", List.of("common/types.sdo"), imported.enums(), imported.records());
            return new ImportingPair(imported, importing);
        }

        Map<String, String> files() {
            return Map.of(imported.fileName(), imported.text(), importing.fileName(), importing.text());
        }

        String describe() {
            return imported.fileName() + ":\n" + imported.text() + "\n" + importing.fileName() + ":\n"
                    + importing.text();
        }
    }
}
