package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.testing.XmlDocumentComparison;
import dev.sdo.testing.XsdInstances;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * FpML documents that nobody published: random documents valid against FpML's own XSD (made by
 * {@link XsdInstances}, which reads the XSD itself and knows nothing of sdo's importer), for every document element
 * of the confirmation view, through the imported model as the published ones go ({@link ImportedModelRoundTripTest}):
 * XML read into a batch of SDOs, the SDOs written back as XML, and the result compared with the original as XML.
 * Issue #15 asks that documents other than the 142 published examples work too; these reach the content models,
 * facets and value forms the examples never use. Each failure names its root element and seed, which make the
 * document again ({@code XsdInstances.document(root, seed)}).
 */
class RandomFpmlDocumentsRoundTripTest {
    /** Documents per document element. */
    private static final int SEEDS = 8;

    private static ImportedDocuments model;
    private static XsdInstances schema;

    @BeforeAll
    static void loadTheSchemaAndTheModel() {
        model = ImportedDocuments.load();
        schema = XsdInstances.load(Path.of("src/main/xsd/confirmation/fpml-main-5-11.xsd"));
    }

    @Test
    void everyDocumentElementsRandomDocumentsComeBackAsTheyWereWritten() {
        List<String> failures = new ArrayList<>();
        int documents = 0;
        long xmlBytes = 0;
        long sdoBytes = 0;
        Map<String, ImportedDocuments.Root> roots = model.roots();
        int elements = 0;
        for (QName element : schema.globalElements()) {
            ImportedDocuments.Root root = roots.get(element.toString());
            if (root == null) {
                continue; // an element that only appears inside documents
            }
            elements++;
            for (long seed = 1; seed <= SEEDS; seed++) {
                byte[] original = schema.document(element, seed);
                documents++;
                try {
                    long[] sizes = roundTrip(root, original, element.getLocalPart() + "#" + seed);
                    xmlBytes += sizes[0];
                    sdoBytes += sizes[1];
                } catch (Exception | AssertionError e) {
                    failures.add(element.getLocalPart() + ", seed " + seed + ": " + e + "\n"
                            + new String(original, StandardCharsets.UTF_8));
                }
            }
        }
        System.out.printf("FpML random documents: %d documents of %d document elements, %d XML bytes, %d SDO bytes%n",
                documents, elements, xmlBytes, sdoBytes);
        assertThat(elements).as("document elements the imported model binds").isGreaterThan(30);
        assertThat(failures).as("random documents that did not come back as written").isEmpty();
    }

    /** Converts one document there and back; returns its XML bytes and its SDO bytes. */
    private static long[] roundTrip(ImportedDocuments.Root root, byte[] original, String name) throws Exception {
        RecordBatch<?, ?, ?> batch = root.readBatch(original, name);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        root.writeBatch(batch, written);
        assertThat(XmlDocumentComparison.differences(original, written.toByteArray()))
                .as("differences from the original").isEmpty();
        assertThat(root.read(written.toByteArray(), "written")).isEqualTo(root.read(original, name));
        return new long[] {original.length, batch.recordBytes()};
    }
}
