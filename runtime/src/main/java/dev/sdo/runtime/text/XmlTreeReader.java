package dev.sdo.runtime.text;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The state of one read of {@link XmlTreeBinding}: the StAX reader, the input's name for messages, the namespace
 * of the record's elements, and the element depth, so that a bad record can be skipped to its end tag wherever in
 * it the error was found.
 */
final class XmlTreeReader {
    private final XMLStreamReader xml;
    private final String source;
    private final String namespace;
    private int depth;

    XmlTreeReader(XMLStreamReader xml, String source, String namespace) {
        this.xml = xml;
        this.source = source;
        this.namespace = namespace;
    }

    XMLStreamReader xml() {
        return xml;
    }

    /** The next event, keeping count of the depth. */
    int next() throws XMLStreamException {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
            depth++;
        } else if (event == XMLStreamConstants.END_ELEMENT) {
            depth--;
        }
        return event;
    }

    /** The depth of the element the reader is in: 1 inside the root element. */
    int depth() {
        return depth;
    }

    /** Reads on to the end tag that brings the depth back to {@code target}. */
    void skipTo(int target) throws XMLStreamException {
        while (depth > target) {
            next();
        }
    }

    /** Whether the element the reader is at is in the records' namespace. */
    boolean inNamespace() {
        String uri = xml.getNamespaceURI();
        return namespace.equals(uri == null ? "" : uri);
    }

    /** Where the reader is, copied: some StAX implementations return a live location. */
    Position position() {
        Location at = xml.getLocation();
        return new Position(at.getLineNumber(), at.getColumnNumber());
    }

    /**
     * The text of the value element the reader is at, up to its end tag: the field {@code field} of the record at
     * {@code path}, or its item {@code item} (from 0; -1 for no list).
     *
     * @throws TextInputException when the element holds an element: a value's element holds text only
     */
    String text(FieldPath path, String field, int item) throws XMLStreamException, TextInputException {
        Position at = position();
        String name = xml.getLocalName();
        StringBuilder text = new StringBuilder();
        int end = depth - 1;
        while (true) {
            int event = next();
            if (depth == end) {
                return text.toString();
            }
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE,
                        XMLStreamConstants.ENTITY_REFERENCE -> text.append(xml.getText());
                case XMLStreamConstants.START_ELEMENT -> throw error(position(), path.field(field, item) + ": element <" + name
                        + "> (line " + at.line() + ") holds the element <" + xml.getLocalName()
                        + ">, but its value is text");
                default -> {
                    // Comments and processing instructions are no part of the value.
                }
            }
        }
    }

    TextInputException error(Position at, String reason) {
        return new TextInputException(source, at.line(), at.column(), reason);
    }

    /** A line and column. */
    record Position(int line, int column) {}
}
