package dev.sdo.runtime.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The state of one write of {@link XmlTreeBinding}: the StAX writer, the default namespace in scope at each open
 * element (an element of another namespace declares it as the default: {@code xmlns="..."}, so that element names
 * need no prefixes), the depth, for indentation (two spaces a level), and a count of elements written, which tells
 * whether an element had children.
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
    /**
     * The default namespace of each open element, the one in scope where writing starts first, up to
     * {@link #open}: a stack.
     */
    private String[] defaults = new String[MAX_CACHED_DEPTH];
    private int open;
    /** The prefixes declared on the element being started, for its qualified attributes. */
    private final List<String> declared = new ArrayList<>();
    private int depth;
    private long elements;
    /** The path of the element being written at each depth from the record at the top. */
    private final FieldPaths paths = new FieldPaths();
    /** The text of the value being written, for {@link XmlValueText}s. */
    private final XmlText text = new XmlText();

    /**
     * @param namespace the default namespace in scope where the first element is written
     * @param depth the depth of the elements written first: 0 for a document's root
     */
    XmlTreeWriter(XMLStreamWriter xml, String namespace, int depth) {
        this.xml = xml;
        this.defaults[open++] = namespace;
        this.depth = depth;
    }

    /** The path of field {@code field} of the record at {@code parent} ({@link FieldPaths#field}). */
    FieldPath field(FieldPath parent, String field) {
        return paths.field(parent, field);
    }

    /** The path of item {@code item} of the list at {@code parent} ({@link FieldPaths#item}). */
    FieldPath item(FieldPath parent, int item) {
        return paths.item(parent, item);
    }

    XMLStreamWriter xml() {
        return xml;
    }

    /** The reused text of the value being written. */
    XmlText text() {
        return text;
    }

    /** The default namespace in scope. */
    String namespace() {
        return defaults[open - 1];
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

    /**
     * Writes the start tag of {@code local} in {@code namespace} (after {@link #beginElement}), declaring the
     * namespace as the default one when it is not already, or when {@code declare} says so (a document's root).
     * An element that is not {@code empty} must be ended with {@link #end}.
     */
    void start(String local, String namespace, boolean empty, boolean declare) throws XMLStreamException {
        if (!declared.isEmpty()) {
            declared.clear();
        }
        String current = defaults[open - 1];
        boolean other = declare || namespace != current && !namespace.equals(current);
        if (empty) {
            xml.writeEmptyElement("", local, namespace);
        } else {
            xml.writeStartElement("", local, namespace);
            if (open == defaults.length) {
                defaults = Arrays.copyOf(defaults, 2 * open);
            }
            defaults[open++] = namespace;
        }
        if (other) {
            xml.writeDefaultNamespace(namespace);
        }
    }

    /** Ends the element {@link #start} began (not empty). */
    void end() throws XMLStreamException {
        xml.writeEndElement();
        defaults[--open] = null;
    }

    /** Writes an attribute of the element just started; one in a namespace gets a prefix declared for it. */
    void attribute(String local, String namespace, String value) throws XMLStreamException {
        if (namespace.isEmpty()) {
            xml.writeAttribute(local, value);
        } else if (namespace.equals(XMLConstants.XML_NS_URI)) {
            xml.writeAttribute(XMLConstants.XML_NS_PREFIX, namespace, local, value);
        } else {
            int index = declared.indexOf(namespace);
            if (index < 0) {
                index = declared.size();
                declared.add(namespace);
                xml.writeNamespace("ns" + index, namespace);
            }
            xml.writeAttribute("ns" + index, namespace, local, value);
        }
    }

    /** Writes {@code <name>text</name>} on a new line, in {@code namespace}. */
    void value(String name, String namespace, String text) throws XMLStreamException {
        beginElement();
        start(name, namespace, false, false);
        xml.writeCharacters(text);
        end();
    }

    /** Writes {@code <name>text</name>} on a new line, the text as an {@link XmlValueText} gave it. */
    void value(String name, String namespace, XmlText text, int given) throws XMLStreamException {
        beginElement();
        start(name, namespace, false, false);
        characters(text, given);
        end();
    }

    /** Writes the text an {@link XmlValueText} gave as the content of the element being written. */
    void characters(XmlText text, int given) throws XMLStreamException {
        if (given == XmlValueText.CONSTANT) {
            xml.writeCharacters(text.constant);
        } else {
            xml.writeCharacters(text.chars, 0, text.length);
        }
    }
}
