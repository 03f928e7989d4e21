package dev.sdo.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.testing.FrontEnd;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading files and their imports: each file once, in a deterministic order, named as the user expects. */
class SchemaLoaderTest {

    private static List<String> load(Map<String, String> files, String... roots) {
        Diagnostics diagnostics = new Diagnostics();
        List<SchemaFile> loaded = new SchemaLoader(SchemaSources.inMemory(files), diagnostics).load(List.of(roots));
        assertThat(diagnostics.sorted()).isEmpty();
        return loaded.stream().map(SchemaFile::name).toList();
    }

    @Test
    void importsAreResolvedAgainstTheImportingFilesDirectory() {
        FrontEnd.Result result = FrontEnd.run(SchemaSources.inMemory(Map.of(
                "schemas/trade.sdo", "package t;\nimport \"common/ccy.sdo\";\nrecord Trade { ccy: Ccy; }\n",
                "schemas/common/ccy.sdo", "package c;\nenum Ccy { EUR, USD }\n")), List.of("schemas/trade.sdo"));

        assertThat(result.diagnostics()).isEmpty();
        assertThat(result.record("Trade").fields().get(0).type()).isEqualTo(new EnumRef(
                new QualifiedName("c", "Ccy"), new dev.sdo.compiler.diagnostics.SourcePosition(
                        "schemas/trade.sdo", 3, 21)));
        assertThat(result.schema().enums()).extracting(e -> e.position().file())
                .containsExactly("schemas/common/ccy.sdo");
    }

    @Test
    void importsLoadDepthFirstAfterTheirImporterAndEachFileOnce() {
        Map<String, String> files = Map.of(
                "a.sdo", "package p;\nimport \"b.sdo\";\nimport \"c.sdo\";\n",
                "b.sdo", "package p;\nimport \"d.sdo\";\n",
                "c.sdo", "package p;\nimport \"d.sdo\";\nimport \"a.sdo\";\n",
                "d.sdo", "package p;\nimport \"./sub/../c.sdo\";\n",
                "e.sdo", "package p;\n");

        assertThat(load(files, "a.sdo")).containsExactly("a.sdo", "b.sdo", "d.sdo", "c.sdo");
        assertThat(load(files, "e.sdo", "c.sdo")).containsExactly("e.sdo", "c.sdo", "d.sdo", "a.sdo", "b.sdo");
    }

    @Test
    void aFileNamedTwiceLoadsOnce() {
        Map<String, String> files = Map.of("dir/a.sdo", "package p;\nenum E { A }\n");

        assertThat(load(files, "dir/a.sdo", "./dir/a.sdo", "dir/../dir/a.sdo")).containsExactly("dir/a.sdo");
        assertThat(FrontEnd.run(SchemaSources.inMemory(files), List.of("dir/a.sdo", "dir/./a.sdo")).diagnostics())
                .isEmpty();
    }

    @Test
    void importedNamesAreShownRelativeToTheImportingFile() {
        Map<String, String> files = Map.of(
                "schemas/trade.sdo", "package t;\nimport \"../common/ccy.sdo\";\nimport \"missing/x.sdo\";\n",
                "common/ccy.sdo", "package c;\nrecord Ccy { code: Bad; }\n");

        FrontEnd.Result result = FrontEnd.run(SchemaSources.inMemory(files), List.of("schemas/trade.sdo"));

        assertThat(result.messages()).containsExactly(
                "common/ccy.sdo:2:20: error: unknown type 'Bad'",
                "schemas/trade.sdo:3:8: error: cannot read imported file 'schemas/missing/x.sdo': No such file");
    }

    @Test
    void aFileSeesOnlyWhatItImportsItself() {
        Map<String, String> files = Map.of(
                "a.sdo", "package a;\nimport \"b.sdo\";\nrecord A { b: B; c: C; }\n",
                "b.sdo", "package b;\nimport \"c.sdo\";\nrecord B { c: C; }\n",
                "c.sdo", "package c;\nrecord C { x: int8; }\n");

        assertThat(FrontEnd.run(SchemaSources.inMemory(files), List.of("a.sdo")).messages())
                .containsExactly("a.sdo:3:21: error: unknown type 'C': c.C is declared in c.sdo, which this file does not import");
    }

    @Test
    void realFilesWithImportsCompile(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("schemas/common"));
        Files.writeString(dir.resolve("schemas/trade.sdo"),
                "package t;\nimport \"common/side.sdo\";\nrecord Trade { side: Side; }\n");
        Files.writeString(dir.resolve("schemas/common/side.sdo"), "package t;\nenum Side { Buy, Sell }\n");
        Path trade = dir.resolve("schemas/trade.sdo");

        Compilation compilation = new SchemaCompiler().compile(List.of(trade, trade));

        assertThat(compilation.diagnostics()).isEmpty();
        assertThat(compilation.schema()).isPresent();
        assertThat(compilation.layouts()).singleElement().satisfies(layout -> assertThat(layout.totalBits()).isOne());
    }

    @Test
    void aMissingRootFileIsReportedAtItsFirstLine(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("nope.sdo");
        Files.writeString(dir.resolve("ok.sdo"), "package p;\nrecord R { x: Unknown; }\n");

        Compilation compilation = new SchemaCompiler().compile(List.of(missing, dir.resolve("ok.sdo")));

        assertThat(compilation.diagnostics()).extracting(Diagnostic::toString).containsExactly(
                missing + ":1:1: error: cannot read schema file: No such file",
                dir.resolve("ok.sdo") + ":2:15: error: unknown type 'Unknown'");
    }

    @Test
    void aDirectoryIsNotASchemaFile(@TempDir Path dir) {
        assertThat(new SchemaCompiler().compile(List.of(dir)).diagnostics()).extracting(Diagnostic::toString)
                .containsExactly(dir + ":1:1: error: cannot read schema file: Is a directory");
    }

    @Test
    void aFileNamedByRelativeAndAbsolutePathLoadsOnce(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("one.sdo");
        Files.writeString(file, "package p;\nenum E { A }\n");
        Path relative = Path.of("").toAbsolutePath().relativize(file);

        Diagnostics diagnostics = new Diagnostics();
        List<SchemaFile> loaded = new SchemaLoader(SchemaSources.fileSystem(), diagnostics)
                .load(List.of(relative.toString(), file.toString()));

        assertThat(diagnostics.sorted()).isEmpty();
        assertThat(loaded).extracting(SchemaFile::name).containsExactly(relative.toString());
    }

    @Test
    void aFileThatIsNotUtf8IsReported(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.sdo");
        Files.write(latin1, new byte[] {'p', 'a', 'c', 'k', (byte) 0xE9});

        assertThat(new SchemaCompiler().compile(List.of(latin1)).diagnostics()).extracting(Diagnostic::toString)
                .containsExactly(latin1 + ":1:1: error: cannot read schema file: not valid UTF-8 text");
    }
}
