package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.sdo.testing.XsdInstances;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The random documents of {@link XsdInstances} for FpML 5.11's confirmation view, from its vendored XSD, are valid
 * for the JDK's validator of that XSD: for every global element a document can start with, a few seeds each. This
 * makes the generator an oracle for documents beyond FpML's published examples (issue #15).
 */
class RandomFpmlDocumentsValidTest {
    private static final Path XSD = Path.of("src/main/xsd/confirmation/fpml-main-5-11.xsd");
    private static final String FPML = "http://www.fpml.org/FpML-5/confirmation";
    /** Seeds per root; {@code -Dsdo.randomFpml.seeds=20} writes 97% of FpML's element names (3 write 91%). */
    private static final int SEEDS = Integer.getInteger("sdo.randomFpml.seeds", 3);

    private static XsdInstances instances;
    private static Schema schema;

    @BeforeAll
    static void load() throws Exception {
        instances = XsdInstances.load(XSD);
        schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(XSD.toFile());
    }

    @Test
    void theRootsAreFpmlsMessagesAndDocumentsAndTheSignature() {
        List<QName> roots = instances.globalElements();
        assertThat(roots).hasSizeGreaterThan(200).contains(new QName(FPML, "dataDocument"),
                new QName(FPML, "requestConfirmation"), new QName(FPML, "executionNotification"),
                new QName("http://www.w3.org/2000/09/xmldsig#", "Signature"));
        assertThat(roots).doesNotContain(new QName(FPML, "product"));
    }

    @TestFactory
    Stream<DynamicTest> everyRootGivesValidDocuments() {
        return instances.globalElements().stream().map(root -> DynamicTest.dynamicTest(root.getLocalPart(), () -> {
            for (long seed = 0; seed < SEEDS; seed++) {
                byte[] xml = instances.document(root, seed);
                try {
                    schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
                } catch (Exception e) {
                    fail("seed " + seed + ", root " + root + ": " + e.getMessage() + "\n"
                            + new String(xml, StandardCharsets.UTF_8));
                }
                assertThat(instances.document(root, seed)).as("seed %d, root %s: the same bytes again", seed, root)
                        .isEqualTo(xml);
            }
        }));
    }
}
