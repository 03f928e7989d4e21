package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.text.Utf8XmlReader;
import dev.sdo.testing.XmlEventTrace;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8XmlReader} reads every published FpML document of the confirmation view as the JDK's StAX reader does:
 * the same {@linkplain XmlEventTrace trace} (every event, name, namespace declaration, attribute, piece of text, and
 * the location of every element's start and end), from the document whole, from a byte array, and from a stream that
 * gives it a few bytes a read.
 */
class Utf8XmlReaderFpmlTest {
    @Test
    void everyPublishedDocumentReadsAsTheJdkReadsIt() throws XMLStreamException {
        List<String> documents = PublishedExamples.all();
        assertThat(documents).hasSize(142);
        List<String> failures = new ArrayList<>();
        long events = 0;
        for (String document : documents) {
            byte[] xml = PublishedExamples.document(document);
            List<String> expected = XmlEventTrace.jdkTrace(xml);
            events += expected.size();
            SplittableRandom random = new SplittableRandom(document.hashCode());
            check(document, "whole", expected, () -> new Utf8XmlReader(new ByteArrayInputStream(xml)), failures);
            check(document, "from a byte array", expected, () -> new Utf8XmlReader(xml), failures);
            check(document, "1 to 13 bytes a read", expected,
                    () -> new Utf8XmlReader(XmlEventTrace.inPieces(xml, random, 13)), failures);
        }
        assertThat(events).as("events read").isGreaterThan(60_000);
        assertThat(failures).as("documents not read as the JDK reads them").isEmpty();
    }

    @FunctionalInterface
    private interface Opener {
        XMLStreamReader open() throws XMLStreamException;
    }

    private static void check(String document, String how, List<String> expected, Opener opener,
            List<String> failures) {
        try {
            String difference = XmlEventTrace.difference(expected, XmlEventTrace.strictTrace(opener.open()));
            if (!difference.isEmpty()) {
                failures.add(document + " (" + how + "): " + difference);
            }
        } catch (Exception e) {
            failures.add(document + " (" + how + "): " + e);
        }
    }
}
