package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.cli.Sdoc;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.RecordValues;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
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
        Map<RecordLayout, GenericXmlBinding> bindings = new HashMap<>();
        List<String> failures = new ArrayList<>();
        for (Path document : documents) {
            byte[] original = Files.readAllBytes(document);
            Element before = parse(original);
            RecordLayout root = compilation.layouts().stream().filter(XmlRecordBinding::declared)
                    .filter(l -> XmlRecordBinding.element(l.record()).equals(before.getLocalName())
                            && XmlRecordBinding.namespace(l.record()).equals(nullToEmpty(before.getNamespaceURI())))
                    .findFirst().orElseThrow();
            GenericXmlBinding binding = bindings.computeIfAbsent(root,
                    layout -> GenericXmlBinding.of(compilation.model().orElseThrow(), layout));
            try {
                List<RecordValues> values = binding.read(new ByteArrayInputStream(original), document.toString());
                ByteArrayOutputStream written = new ByteArrayOutputStream();
                binding.write(values, values.size(), written);
                List<String> differences = new ArrayList<>();
                compare(before, parse(written.toByteArray()), "/" + before.getLocalName(), differences);
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
            Element before = parse(Files.readAllBytes(document));
            Element after = parse(Files.readAllBytes(dir.resolve("xml").resolve(document.getFileName())));
            List<String> differences = new ArrayList<>();
            compare(before, after, "/" + before.getLocalName(), differences);
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

    /**
     * Compares two elements: name, attributes (an attribute of the original may be left out of the written one,
     * when it holds its default), and content: child elements in order, or a text.
     */
    private static void compare(Element original, Element written, String path, List<String> differences) {
        if (!nullToEmpty(original.getNamespaceURI()).equals(nullToEmpty(written.getNamespaceURI()))
                || !original.getLocalName().equals(written.getLocalName())) {
            differences.add(path + ": <" + written.getLocalName() + "> written for <" + original.getLocalName() + ">");
            return;
        }
        Map<String, String> before = attributes(original);
        attributes(written).forEach((name, value) -> {
            if (!before.containsKey(name)) {
                differences.add(path + "/@" + name + ": added");
            } else if (!sameValue(before.get(name), value)) {
                differences.add(path + "/@" + name + ": " + before.get(name) + " came back as " + value);
            }
        });
        List<Element> beforeChildren = children(original);
        List<Element> afterChildren = children(written);
        if (beforeChildren.isEmpty() && afterChildren.isEmpty()) {
            if (!sameValue(original.getTextContent().strip(), written.getTextContent().strip())) {
                differences.add(path + ": \"" + original.getTextContent().strip() + "\" came back as \""
                        + written.getTextContent().strip() + "\"");
            }
            return;
        }
        for (int i = 0; i < Math.max(beforeChildren.size(), afterChildren.size()); i++) {
            if (i >= beforeChildren.size()) {
                differences.add(path + ": <" + afterChildren.get(i).getLocalName() + "> added");
            } else if (i >= afterChildren.size()) {
                differences.add(path + ": <" + beforeChildren.get(i).getLocalName() + "> missing");
            } else {
                compare(beforeChildren.get(i), afterChildren.get(i),
                        path + "/" + beforeChildren.get(i).getLocalName() + "[" + i + "]", differences);
            }
        }
    }

    /** Text values are equal, or numbers of equal value. */
    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The attributes that are data: not namespace declarations, not {@code xsi:} ones. */
    private static Map<String, String> attributes(Element element) {
        Map<String, String> attributes = new TreeMap<>();
        NamedNodeMap all = element.getAttributes();
        for (int i = 0; i < all.getLength(); i++) {
            Attr attribute = (Attr) all.item(i);
            String namespace = nullToEmpty(attribute.getNamespaceURI());
            if (!namespace.equals("http://www.w3.org/2000/xmlns/")
                    && !namespace.equals("http://www.w3.org/2001/XMLSchema-instance")) {
                attributes.put("{" + namespace + "}" + attribute.getLocalName(), attribute.getValue());
            }
        }
        return attributes;
    }

    private static List<Element> children(Element element) {
        List<Element> children = new ArrayList<>();
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e) {
                children.add(e);
            }
        }
        return children;
    }

    private static Element parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (InputStream in = new ByteArrayInputStream(xml)) {
            return factory.newDocumentBuilder().parse(in).getDocumentElement();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
