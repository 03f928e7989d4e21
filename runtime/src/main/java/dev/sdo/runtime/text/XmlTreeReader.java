package dev.sdo.runtime.text;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;

/**
 * The state of one read of {@link XmlTreeBinding}: the XML reader, the input's name for messages, and the element
 * depth, so that a bad record can be skipped to its end tag wherever in it the error was found.
 *
 * <p>The content of an element is read as a sequence of child elements with one element of lookahead (what XML
 * Schema's unique particle attribution rule makes enough): {@link #advance} moves to the next child's start tag or
 * to the end tag of the element whose content is read, and the bindings look at the child there
 * ({@link #atChild}, {@link #is}) to decide which field it belongs to.
 */
final class XmlTreeReader {
    /** The namespace of {@code xsi:type}, {@code xsi:schemaLocation} and the like: never a field. */
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private final Utf8XmlReader xml;
    private final String source;
    private int depth;
    /**
     * The event the reader is at, and the local name and namespace of the start tag it is at, asked of the reader
     * once ({@code null} until then): the particles of a record each ask whether they begin at the child there.
     */
    private int event;
    private String local;
    private String uri;
    /** The path of the element being read at each depth from the record at the top. */
    private final FieldPaths paths = new FieldPaths();
    /** The ids and references of the record being read; made when the first is met. */
    private XmlIds ids;

    XmlTreeReader(Utf8XmlReader xml, String source) {
        this.xml = xml;
        this.source = source;
        this.event = xml.getEventType();
    }

    /** Notes {@code value} of field {@code field} at {@code at}: an id refused when the record has it already. */
    void identity(XmlIdentity identity, String value, long at, FieldPath path, String field)
            throws TextInputException {
        if (ids == null) {
            ids = new XmlIds();
        }
        // An id is a name, whose white space XML Schema collapses: " p1 " is the id "p1" (kept as written).
        String name = value.strip();
        if (identity == XmlIdentity.ID) {
            ids.id(name, at, path, field, this);
        } else {
            ids.ref(name, at, path, field);
        }
    }

    /**
     * Notes the attribute values of the start tag the reader is at, in raw XML, as values that references may name:
     * raw XML's schema is not sdo's to know, nor so which of its attributes are ids (an FpML element in the
     * wildcard of an xmldsig {@code SignatureMethod} has its own), so none is refused as repeated.
     */
    void looseIds() {
        int count = xml.getAttributeCount();
        if (count > 0) {
            if (ids == null) {
                ids = new XmlIds();
            }
            for (int i = 0; i < count; i++) {
                ids.looseId(xml.getAttributeValue(i));
            }
        }
    }

    /** Begins the read of a record at the top: the ids and references of the one before are forgotten. */
    void beginRecord() {
        if (ids != null) {
            ids.clear();
        }
    }

    /**
     * Ends the read of a record at the top: when it is the {@code whole} document, each of its references must be
     * one of its ids (XML Schema's rule for a document); a record in a larger document is a part of it, whose
     * references may name ids outside it, and only its own ids are checked (as they were read).
     */
    void endRecord(boolean whole) throws TextInputException {
        if (ids != null && whole) {
            ids.check(this);
        }
    }

    /** The path of field {@code field} of the record at {@code parent} ({@link FieldPaths#field}). */
    FieldPath field(FieldPath parent, String field) {
        return paths.field(parent, field);
    }

    /** The path of item {@code item} of the list at {@code parent} ({@link FieldPaths#item}). */
    FieldPath item(FieldPath parent, int item) {
        return paths.item(parent, item);
    }

    Utf8XmlReader xml() {
        return xml;
    }

    /** The next event, keeping count of the depth. */
    int next() throws XMLStreamException {
        int event = xml.next();
        this.event = event;
        local = null;
        uri = null;
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

    /**
     * Moves to the next child element's start tag, or to the end tag of the element whose content is being read,
     * past white space, comments and processing instructions.
     *
     * @param path the record whose content is read, for the message about text among its elements
     * @throws TextInputException at text other than white space: a record's element holds elements, not text
     */
    void advance(FieldPath path) throws XMLStreamException, TextInputException {
        while (true) {
            int event = next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT, XMLStreamConstants.END_DOCUMENT -> {
                    return;
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                    if (!xml.isWhiteSpaceText()) {
                        throw error(position(), path + ": unexpected text \"" + abbreviated(xml.getText().strip())
                                + "\" among the elements of a record");
                    }
                }
                default -> {
                    // White space, comments and processing instructions are no part of the record.
                }
            }
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }

    /** Whether the reader is at a child element's start tag (else at the end tag of the element being read). */
    boolean atChild() {
        return event == XMLStreamConstants.START_ELEMENT;
    }

    /** Whether the reader is at the start tag of the element {@code local} in the namespace {@code namespace}. */
    boolean is(String local, String namespace) {
        if (event != XMLStreamConstants.START_ELEMENT) {
            return false;
        }
        String name = this.local;
        if (name == null) {
            name = xml.getLocalName();
            this.local = name;
        }
        // Both interned (the parser's names, the members' names): a different name is a different string.
        if (local != name) {
            return false;
        }
        String at = uri;
        if (at == null) {
            at = namespaceUri();
            uri = at;
        }
        return namespace.equals(at);
    }

    /**
     * The namespace URI of the element the reader is at, "" for none: interned by the parser, as the mappings' names
     * are ({@link XmlMember#settleNames}), so that {@link #is} compares the long URI by reference.
     */
    String namespaceUri() {
        return xml.elementNamespace();
    }

    /** The element's name for messages: {@code <name>}, with its namespace when it is not {@code expected}. */
    String describeElement(String expected) {
        String uri = namespaceUri();
        return "<" + xml.getLocalName() + ">" + (uri.equals(expected) ? "" : " (namespace \"" + uri + "\")");
    }

    /**
     * Where the reader is: its line in the high 32 bits, its column in the low ones ({@link #line}, {@link #column}),
     * a number rather than an object per record and value element read.
     */
    long position() {
        return xml.lineAndColumn();
    }

    /** The line of a {@link #position}. */
    static int line(long position) {
        return (int) (position >> 32);
    }

    /** The column of a {@link #position}. */
    static int column(long position) {
        return (int) position;
    }

    /**
     * The text of the value element the reader is at, up to its end tag: the field {@code field} of the record at
     * {@code path}, or its item {@code item} (from 0; -1 for no list), whose start tag is at {@code at} (the caller
     * has it already: a parser's location is an object per call).
     *
     * @throws TextInputException when the element holds an element: a value's element holds text only
     */
    String text(FieldPath path, String field, int item, long at) throws XMLStreamException, TextInputException {
        String name = xml.getLocalName();
        // Most values are one piece of text: kept as the reader gives it, joined with the others only when not.
        String first = null;
        StringBuilder text = null;
        int end = depth - 1;
        while (true) {
            int event = next();
            if (depth == end) {
                return text != null ? text.toString() : first != null ? first : "";
            }
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE,
                        XMLStreamConstants.ENTITY_REFERENCE -> {
                    String piece = xml.getText();
                    if (first == null) {
                        first = piece;
                    } else {
                        if (text == null) {
                            text = new StringBuilder(first);
                        }
                        text.append(piece);
                    }
                }
                case XMLStreamConstants.START_ELEMENT -> throw error(position(), path.field(field, item) + ": element <"
                        + name + "> (line " + line(at) + ") holds the element <" + xml.getLocalName()
                        + ">, but its value is text");
                default -> {
                    // Comments and processing instructions are no part of the value.
                }
            }
        }
    }

    TextInputException error(long at, String reason) {
        return new TextInputException(source, line(at), column(at), reason);
    }
}
