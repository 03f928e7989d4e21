package dev.sdo.runtime.text;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The state of one write of {@link XmlTreeBinding}: the StAX writer, the records' namespace, and the depth, for
 * indentation (two spaces a level), and a count of elements written, which tells whether an element had children.
 */
final class XmlTreeWriter {
    private static final int MAX_CACHED_DEPTH = 16;
    private static final String[] INDENTS = new String[MAX_CACHED_DEPTH];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = "\n" + "  ".repeat(i);
        }
    }

    private final XMLStreamWriter xml;
    private final String namespace;
    private int depth;
    private long elements;

    /** @param depth the depth of the elements written first: 0 for a document's root */
    XmlTreeWriter(XMLStreamWriter xml, String namespace, int depth) {
        this.xml = xml;
        this.namespace = namespace;
        this.depth = depth;
    }

    XMLStreamWriter xml() {
        return xml;
    }

    String namespace() {
        return namespace;
    }

    /** How many elements have been started so far. */
    long elements() {
        return elements;
    }

    void deeper() {
        depth++;
    }

    void shallower() {
        depth--;
    }

    /** Starts a new line for an element, and counts it. */
    void beginElement() throws XMLStreamException {
        elements++;
        indent();
    }

    /** Starts a new line at the current depth. */
    void indent() throws XMLStreamException {
        xml.writeCharacters(depth < MAX_CACHED_DEPTH ? INDENTS[depth] : "\n" + "  ".repeat(depth));
    }

    /** Writes {@code <name>text</name>} on a new line. */
    void value(String name, String text) throws XMLStreamException {
        beginElement();
        xml.writeStartElement("", name, namespace);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }
}
