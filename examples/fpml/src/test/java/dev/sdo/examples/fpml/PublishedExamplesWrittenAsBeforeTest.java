package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.text.XmlStreams;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every published FpML document of the confirmation view, written from its SDOs by {@code writeBatch} (the runtime's
 * UTF-8 output), is byte for byte the document the JDK's StAX writer writes from the same record through
 * {@code writeRecord(XMLStreamWriter, ...)}: the one walk over the record, into either output. (The root's
 * namespace declaration, which a document declares and an element written into a caller's document does not, is put
 * back into the latter before they are compared.)
 */
class PublishedExamplesWrittenAsBeforeTest {
    private static ImportedDocuments model;

    @BeforeAll
    static void findTheRootBindings() {
        model = ImportedDocuments.load();
    }

    @Test
    void everyPublishedDocumentIsWrittenAsTheJdkStaxWriterWritesIt() throws Exception {
        List<String> documents = PublishedExamples.all();
        assertThat(documents).hasSize(142);
        List<String> failures = new ArrayList<>();
        for (String document : documents) {
            byte[] original = PublishedExamples.document(document);
            ImportedDocuments.Root root = model.rootOf(original, document);
            RecordBatch<?, ?, ?> batch = root.readBatch(original, document);
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            root.writeBatch(batch, written);

            List<?> beans = root.read(original, document);
            assertThat(beans).hasSize(1);
            ByteArrayOutputStream stax = new ByteArrayOutputStream();
            XMLStreamWriter xml = XmlStreams.writer(stax);
            xml.writeStartDocument("UTF-8", "1.0");
            root.binding().writeRecord(xml, beans.get(0), 0);
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
            String start = "\n<" + root.element();
            String old = stax.toString(StandardCharsets.UTF_8);
            int at = old.indexOf(start) + start.length();
            String expected = old.substring(0, at) + " xmlns=\"" + root.namespace() + "\"" + old.substring(at);

            if (!written.toString(StandardCharsets.UTF_8).equals(expected)) {
                failures.add(document);
            }
        }
        assertThat(failures).as("documents written otherwise than by the JDK's StAX writer").isEmpty();
    }
}
