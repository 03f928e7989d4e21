package dev.sdo.compiler.cli;

import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.XmlStreams;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The first elements of an XML document, read without the rest: what {@code sdoc convert} picks a document's
 * record by. The root is the record of a document of one record; a document of several holds them inside another
 * root ({@code <records>} as {@code sdoc dump} writes them, FpML's {@code <dataDocument>}), whose first child then
 * names the record.
 */
final class XmlRootPeek {
    private XmlRootPeek() {}

    /** An element's namespace ("" for none) and local name. */
    record Element(String namespace, String local) {
        @Override
        public String toString() {
            return namespace.isEmpty() ? "<" + local + ">" : "<" + local + "> in namespace " + namespace;
        }
    }

    /**
     * The document's root and its first child element.
     *
     * @param firstChild null when the root has no child element
     */
    record Root(Element root, Element firstChild) {}

    /**
     * Reads {@code file} up to its root's first child element.
     *
     * @throws TextInputException for a document that is not well-formed that far, or has no root element
     */
    static Root of(Path file) throws IOException {
        XMLStreamReader xml = null;
        try (InputStream in = Files.newInputStream(file)) {
            xml = XmlStreams.reader(in);
            Element root = null;
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Element element = new Element(xml.getNamespaceURI() == null ? "" : xml.getNamespaceURI(),
                            xml.getLocalName());
                    if (root != null) {
                        return new Root(root, element);
                    }
                    root = element;
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    // The root closed before any child opened.
                    return new Root(root, null);
                }
            }
            throw new TextInputException(file.toString(), 1, 1, "malformed XML: the document has no root element");
        } catch (XMLStreamException e) {
            Location at = e.getLocation();
            throw new TextInputException(file.toString(), at == null ? 0 : at.getLineNumber(),
                    at == null ? 0 : at.getColumnNumber(), "malformed XML: " + XmlStreams.stripLocation(e.getMessage()));
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // Closing frees the parser only; the stream is closed above.
                }
            }
        }
    }
}
