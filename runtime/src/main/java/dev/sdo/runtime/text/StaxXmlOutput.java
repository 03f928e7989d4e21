package dev.sdo.runtime.text;

import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The {@link XmlOutput} of a StAX writer that a caller hands in, to write records among elements of its own
 * ({@link XmlTreeBinding#writeElement}): each call the writer's. The writer escapes as it does.
 */
final class StaxXmlOutput extends XmlOutput {
    private static final int MAX_CACHED_DEPTH = 16;
    private static final String[] INDENTS = new String[MAX_CACHED_DEPTH];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = "\n" + "  ".repeat(i);
        }
    }

    private final XMLStreamWriter xml;

    StaxXmlOutput(XMLStreamWriter xml) {
        this.xml = xml;
    }

    @Override
    void declaration() throws XMLStreamException {
        xml.writeStartDocument("UTF-8", "1.0");
    }

    @Override
    void start(XmlName name, boolean empty) throws XMLStreamException {
        if (empty) {
            xml.writeEmptyElement("", name.local, name.namespace);
        } else {
            xml.writeStartElement("", name.local, name.namespace);
        }
    }

    @Override
    void start(String prefix, String local, String namespace) throws XMLStreamException {
        xml.writeStartElement(prefix, local, namespace);
    }

    @Override
    void defaultNamespace(String namespace) throws XMLStreamException {
        xml.writeDefaultNamespace(namespace);
    }

    @Override
    void namespace(String prefix, String namespace) throws XMLStreamException {
        xml.writeNamespace(prefix, namespace);
    }

    @Override
    void attribute(XmlName name, String value) throws XMLStreamException {
        xml.writeAttribute(name.local, value);
    }

    @Override
    void attribute(XmlName name, char[] chars, int length) throws XMLStreamException {
        xml.writeAttribute(name.local, new String(chars, 0, length));
    }

    @Override
    void attribute(XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException {
        xml.writeAttribute(name.local, new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    @Override
    void attribute(String prefix, String namespace, String local, String value) throws XMLStreamException {
        if (prefix.isEmpty()) {
            xml.writeAttribute(local, value);
        } else {
            xml.writeAttribute(prefix, namespace, local, value);
        }
    }

    @Override
    void text(char[] chars, int offset, int length) throws XMLStreamException {
        xml.writeCharacters(chars, offset, length);
    }

    @Override
    void text(String text) throws XMLStreamException {
        xml.writeCharacters(text);
    }

    @Override
    void text(byte[] bytes, int offset, int length) throws XMLStreamException {
        xml.writeCharacters(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    @Override
    void value(int depth, XmlName name, char[] chars, int length) throws XMLStreamException {
        indent(depth);
        xml.writeStartElement("", name.local, name.namespace);
        xml.writeCharacters(chars, 0, length);
        xml.writeEndElement();
    }

    @Override
    void value(int depth, XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException {
        value(depth, name, new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    @Override
    void value(int depth, XmlName name, String text) throws XMLStreamException {
        indent(depth);
        xml.writeStartElement("", name.local, name.namespace);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    @Override
    void indent(int depth) throws XMLStreamException {
        xml.writeCharacters(depth < MAX_CACHED_DEPTH ? INDENTS[depth] : "\n" + "  ".repeat(depth));
    }

    @Override
    void comment(String text) throws XMLStreamException {
        xml.writeComment(text);
    }

    @Override
    void end() throws XMLStreamException {
        xml.writeEndElement();
    }

    @Override
    void finish() throws XMLStreamException {
        xml.writeEndDocument();
        xml.flush();
        xml.close();
    }
}
