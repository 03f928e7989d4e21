package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.GenericXmlBindings;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.testing.XmlDocumentComparison;
import dev.sdo.testing.XsdInstances;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

/**
 * Random documents valid against FpML's own XSD ({@link XsdInstances}, which reads the XSD itself and knows nothing
 * of the importer), of every document element of the confirmation view, through the model imported from that XSD on
 * the generic engine ({@link GenericXmlBinding}, {@code sdoc convert}'s path): read into values, written back, and
 * compared with the original as {@link GenericFpmlRoundTripTest} compares the published documents. Each failure
 * names its root element and seed, which make the document again.
 */
class RandomFpmlDocumentsGenericTest {
    private static final Path XSD = Path.of("../examples/fpml/src/main/xsd/confirmation/fpml-main-5-11.xsd");
    /** Documents per document element. */
    private static final int SEEDS = 8;

    @Test
    void everyDocumentElementsRandomDocumentsComeBackAsTheyWereWritten() {
        Compilation compilation = ImportedSchemaCompilation.confirmationView();
        XsdInstances schema = XsdInstances.load(XSD);
        List<String> failures = new ArrayList<>();
        // The roots' bindings share their package's mappings, as sdoc convert's do.
        GenericXmlBindings bindings = GenericXmlBindings.of(compilation.model().orElseThrow());
        int elements = 0;
        for (QName element : schema.globalElements()) {
            Optional<RecordLayout> root = XmlRecordBinding.boundTo(compilation.layouts(), element.getNamespaceURI(),
                    element.getLocalPart());
            if (root.isEmpty()) {
                continue; // an element that only appears inside documents
            }
            elements++;
            GenericXmlBinding binding = bindings.binding(root.get());
            for (long seed = 1; seed <= SEEDS; seed++) {
                byte[] original = schema.document(element, seed);
                String name = element.getLocalPart() + "#" + seed;
                try {
                    List<RecordValues> values = binding.read(new ByteArrayInputStream(original), name);
                    ByteArrayOutputStream written = new ByteArrayOutputStream();
                    binding.write(values, values.size(), written);
                    List<String> differences = XmlDocumentComparison.differences(original, written.toByteArray());
                    if (!differences.isEmpty()) {
                        failures.add(name + ": " + differences + "\n" + new String(original, StandardCharsets.UTF_8));
                    } else if (!binding.read(new ByteArrayInputStream(written.toByteArray()), "written")
                            .equals(values)) {
                        failures.add(name + ": the written document reads back into other values");
                    }
                } catch (Exception e) {
                    failures.add(name + ": " + e + "\n" + new String(original, StandardCharsets.UTF_8));
                }
            }
        }
        System.out.printf("FpML random documents, generic engine: %d documents of %d document elements%n",
                elements * SEEDS, elements);
        assertThat(elements).as("document elements the imported model binds").isGreaterThan(30);
        assertThat(failures).as("random documents that did not come back as written").isEmpty();
    }
}
