package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.GenericXmlBindings;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.cli.Sdoc;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.testing.XmlDocumentComparison;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import picocli.CommandLine;

/**
 * Every document FpML publishes of its confirmation view ({@code examples/fpml}) through the model imported from
 * FpML's own XSD, with no generated class and no Java compiler: each read into generic values by the XML binding
 * built from the schema alone ({@link GenericXmlBinding}), written back from the values, and compared with the
 * original as {@code examples/fpml}'s {@code ImportedModelRoundTripTest} compares what the generated classes write:
 * the same elements in the same order, the same attributes (one holding its default may be left out) and the same
 * values (numbers by value); the written document reads back into equal values. And the same documents through
 * {@code sdoc convert}, all in one run, and back through {@code sdoc dump -f xml}, compared the same way.
 */
class GenericFpmlRoundTripTest {
    private static final Path EXAMPLES = Path.of("../examples/fpml/src/test/resources/fpml-examples");

    @Test
    void everyPublishedDocumentComesBackAsItWasWritten() throws Exception {
        Compilation compilation = ImportedSchemaCompilation.confirmationView();
        List<Path> documents = documents();
        assertThat(documents).hasSize(142);
        // The roots' bindings share their package's mappings, as sdoc convert's do.
        GenericXmlBindings bindings = GenericXmlBindings.of(compilation.model().orElseThrow());
        List<String> failures = new ArrayList<>();
        for (Path document : documents) {
            byte[] original = Files.readAllBytes(document);
            Element before = XmlDocumentComparison.documentElement(original);
            RecordLayout root = XmlRecordBinding.boundTo(compilation.layouts(),
                    nullToEmpty(before.getNamespaceURI()), before.getLocalName()).orElseThrow();
            GenericXmlBinding binding = bindings.binding(root);
            try {
                List<RecordValues> values = binding.read(new ByteArrayInputStream(original), document.toString());
                ByteArrayOutputStream written = new ByteArrayOutputStream();
                binding.write(values, values.size(), written);
                List<String> differences = XmlDocumentComparison.differences(original, written.toByteArray());
                if (!differences.isEmpty()) {
                    failures.add(document + ": " + differences);
                } else if (!binding.read(new ByteArrayInputStream(written.toByteArray()), "written").equals(values)) {
                    failures.add(document + ": the written document reads back into other values");
                }
            } catch (Exception e) {
                failures.add(document + ": " + e);
            }
        }
        assertThat(failures).as("documents that did not come back as written").isEmpty();
    }

    @Test
    void everyPublishedDocumentConvertsWithSdocAndDumpsBackAsXml(@TempDir Path dir) throws Exception {
        Path schema = dir.resolve("sdo");
        Files.createDirectories(schema);
        for (Map.Entry<String, String> file : new XsdImporter().importSchema(FpmlImportTest.ROOT, null).files()
                .entrySet()) {
            Files.writeString(schema.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
        }
        List<Path> documents = documents();
        List<String> convert = new ArrayList<>(List.of("convert", "-s", schema.toString(), "-o",
                dir.resolve("sdob").toString(), "--stats"));
        documents.forEach(document -> convert.add(document.toString()));
        Run converted = sdoc(convert);
        assertThat(converted.code()).as(converted.err()).isZero();
        assertThat(converted.out().lines()).hasSize(documents.size());

        List<String> dump = new ArrayList<>(List.of("dump", "-s", schema.toString(), "-f", "xml", "-o",
                dir.resolve("xml").toString()));
        documents.forEach(document -> dump.add(dir.resolve("sdob").resolve(
                document.getFileName().toString().replace(".xml", ".sdob")).toString()));
        Run dumped = sdoc(dump);
        assertThat(dumped.code()).as(dumped.err()).isZero();

        List<String> failures = new ArrayList<>();
        for (Path document : documents) {
            List<String> differences = XmlDocumentComparison.differences(Files.readAllBytes(document),
                    Files.readAllBytes(dir.resolve("xml").resolve(document.getFileName())));
            if (!differences.isEmpty()) {
                failures.add(document + ": " + differences);
            }
        }
        assertThat(failures).as("documents that sdoc did not dump back as they were").isEmpty();
    }

    /** What one {@code sdoc} run printed, and its exit code. */
    private record Run(int code, String out, String err) {}

    private static Run sdoc(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine sdoc = Sdoc.commandLine();
        sdoc.setOut(new PrintWriter(out));
        sdoc.setErr(new PrintWriter(err));
        int code = sdoc.execute(args.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }

    /** The documents FpML publishes of its confirmation view, in a stable order. */
    private static List<Path> documents() throws IOException {
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files.filter(p -> p.toString().endsWith(".xml")).sorted().toList();
        }
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
