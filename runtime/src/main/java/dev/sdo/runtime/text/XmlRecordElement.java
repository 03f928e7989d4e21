package dev.sdo.runtime.text;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamReader;

/**
 * The element of a record, as {@link XmlTreeBinding} looks for it among the other elements of a document during one
 * read: by its local name and namespace, exactly, so that nothing that looks like a record is passed over in
 * silence.
 *
 * <ul>
 *   <li>An element that would be the record's but for the case of its name ({@code <Item>} for {@code <item>}) or
 *       of its namespace ({@code urn:K} for {@code urn:k}) is a mistake, refused where it is.
 *   <li>The record's name in another namespace may be another vocabulary's element, and is passed over, as
 *       documents that mix vocabularies need; but when the document has no record element at all, the first such
 *       element is refused where it is: most likely the records were written under another namespace.
 * </ul>
 */
final class XmlRecordElement {
    private final String local;
    private final String namespace;
    private final String source;
    /** The first element of the record's name in another namespace, passed over; null while there is none. */
    private TextInputException firstOfOtherNamespace;

    /**
     * @param local the record element's local name
     * @param namespace its namespace URI, "" for none
     * @param source the input's name for messages
     */
    XmlRecordElement(String local, String namespace, String source) {
        this.local = local;
        this.namespace = namespace;
        this.source = source;
    }

    /** Whether the start tag {@code xml} is at is the record's element. */
    boolean is(XMLStreamReader xml) {
        return local.equals(xml.getLocalName()) && namespace.equals(namespaceOf(xml));
    }

    /**
     * The error for the start tag {@code xml} is at when it is the record's element but for the case of its name
     * or its namespace; null otherwise (an element of the record's name in another namespace is remembered for
     * {@link #noRecordFound()}).
     */
    TextInputException mistaken(XMLStreamReader xml) {
        String name = xml.getLocalName();
        String uri = namespaceOf(xml);
        if (!local.equalsIgnoreCase(name) || local.equals(name) && namespace.equals(uri)) {
            return null;
        }
        if (!local.equals(name) || namespace.equalsIgnoreCase(uri)) {
            return unexpected(xml, name, uri, "");
        }
        if (firstOfOtherNamespace == null) {
            firstOfOtherNamespace = unexpected(xml, name, uri, ", and the document has no record element");
        }
        return null;
    }

    /**
     * The error for a document that held no record element, when it held the record's name in another namespace:
     * at the first such element; null otherwise.
     */
    TextInputException noRecordFound() {
        return firstOfOtherNamespace;
    }

    private TextInputException unexpected(XMLStreamReader xml, String name, String uri, String more) {
        Location at = xml.getLocation();
        return new TextInputException(source, at.getLineNumber(), at.getColumnNumber(), "unexpected element "
                + describe(name, uri) + " where the record element " + describe(local, namespace) + " was expected"
                + more + "; names and namespaces must match exactly, case included");
    }

    private static String describe(String name, String uri) {
        return "<" + name + ">" + (uri.isEmpty() ? " in no namespace" : " in the namespace " + TextValue.show(uri, -1));
    }

    private static String namespaceOf(XMLStreamReader xml) {
        String uri = xml.getNamespaceURI();
        return uri == null ? "" : uri;
    }
}
