package dev.sdo.runtime.text;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.RecordStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The XML binding of a record ({@code @xml} in the schema): one element per record, each field a child element
 * (or, with {@code @xml(attribute = true)}, an attribute) holding its text. Read with StAX from whatever
 * implementation the JDK finds (the JDK's own, or Woodstox or Aalto when on the class path), field texts straight
 * into the records of a {@link RecordStore}; an absent element or attribute is an absent optional field.
 *
 * <p>Record elements are found at any depth, so a document may hold one record as its root or many inside other
 * elements. Child elements are in the record's namespace; attributes have none, as usual. A renamed field's element
 * or attribute is also read by its former name ({@code @alias}). An element or attribute
 * that is no field is an error (namespace declarations and the {@code xsi} attributes aside).
 */
public final class XmlBinding {
    private final String element;
    private final String namespace;
    private final TextField[] fields;
    private final String[] names;
    private final boolean[] attributes;
    /** Each field's element or attribute name before the field was renamed ({@code @alias}), or null. */
    private final String[] formerNames;

    /**
     * @param element the record element's local name
     * @param namespace its namespace URI, "" for none
     * @param fields the record's fields in declaration order
     * @param names each field's element or attribute name
     * @param attributes which fields are attributes, in the same order
     */
    public XmlBinding(String element, String namespace, List<? extends TextField> fields, List<String> names,
            List<Boolean> attributes) {
        this(element, namespace, fields, names, attributes, Map.of());
    }

    /**
     * A binding that also reads renamed fields' elements and attributes by their former names ({@code @alias}), so
     * that documents written before the rename read; writing uses the current names.
     *
     * @param formerNames from names among {@code names} to the names they had before their fields were renamed
     */
    public XmlBinding(String element, String namespace, List<? extends TextField> fields, List<String> names,
            List<Boolean> attributes, Map<String, String> formerNames) {
        if (!names.containsAll(formerNames.keySet())) {
            throw new IllegalArgumentException("former names of names the binding does not have: " + formerNames);
        }
        this.formerNames = names.stream().map(formerNames::get).toArray(String[]::new);
        this.element = element;
        this.namespace = namespace;
        this.fields = fields.toArray(TextField[]::new);
        this.names = names.toArray(String[]::new);
        this.attributes = new boolean[attributes.size()];
        for (int i = 0; i < this.attributes.length; i++) {
            this.attributes[i] = attributes.get(i);
        }
    }

    /**
     * Reads every record element of {@code in} into new records appended to {@code store}.
     *
     * @throws TextInputException for XML that is not well-formed, or at the first bad record element (unless
     *     {@code policy} skips them), naming the line, the column and the field; an element that would be the
     *     record's but for the case of its name or its namespace is a bad record element, and a document of no
     *     record element but of the record's name in other namespaces is refused at the first of them
     */
    public TextReadResult read(InputStream in, String source, RecordStore store, BadInputPolicy policy)
            throws IOException {
        XMLStreamReader xml = null;
        try {
            xml = XmlStreams.reader(in);
            XmlRecordElement recordElement = new XmlRecordElement(element, namespace, source);
            long records = 0;
            long skipped = 0;
            while (xml.hasNext()) {
                if (xml.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                TextInputException bad = recordElement.mistaken(xml);
                if (bad != null) {
                    skipElement(xml);
                } else if (recordElement.is(xml)) {
                    bad = readRecord(xml, source, store);
                    if (bad == null) {
                        records++;
                        continue;
                    }
                } else {
                    continue;
                }
                policy.handle(bad);
                skipped++;
            }
            if (records == 0 && skipped == 0 && recordElement.noRecordFound() != null) {
                throw recordElement.noRecordFound();
            }
            return new TextReadResult(records, skipped);
        } catch (XMLStreamException e) {
            Location at = e.getLocation();
            throw new TextInputException(source, at == null ? 0 : at.getLineNumber(),
                    at == null ? 0 : at.getColumnNumber(), "malformed XML: " + stripLocation(e.getMessage()));
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // Closing frees the parser only; the input stream is the caller's.
                }
            }
        }
    }

    /** The JDK parser's message without its own "ParseError at [row,col]:" prefix: the position comes first. */
    public static String stripLocation(String message) {
        int at = message == null ? -1 : message.indexOf("Message: ");
        return at < 0 ? String.valueOf(message) : message.substring(at + "Message: ".length());
    }

    /** Reads from the start tag the reader is at to its end tag. */
    private static void skipElement(XMLStreamReader xml) throws XMLStreamException {
        for (int depth = 1; depth > 0; ) {
            int event = xml.next();
            depth += event == XMLStreamConstants.START_ELEMENT ? 1 : event == XMLStreamConstants.END_ELEMENT ? -1 : 0;
        }
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }

    /**
     * Reads the record element the reader is at, up to its end tag; on a bad value takes the record back, skips
     * to the end tag and returns the error.
     */
    private TextInputException readRecord(XMLStreamReader xml, String source, RecordStore store)
            throws XMLStreamException {
        long index = store.appendBlank();
        ByteBuffer chunk = store.chunkOf(index);
        int base = store.offsetOf(index);
        Position recordAt = Position.of(xml);
        boolean[] seen = new boolean[fields.length];
        // The name each child element was read under: a renamed field's current or former name.
        String[] seenAs = new String[fields.length];
        TextInputException bad = null;
        for (int i = 0; i < fields.length && bad == null; i++) {
            if (attributes[i]) {
                String value = xml.getAttributeValue(null, names[i]);
                String former = formerNames[i] == null ? null : xml.getAttributeValue(null, formerNames[i]);
                if (value != null && former != null) {
                    bad = new TextInputException(source, recordAt.line(), recordAt.column(), "attributes "
                            + names[i] + " and " + formerNames[i] + " both stand for " + fields[i].label() + ", "
                            + formerNames[i] + " being its name before the field was renamed (@alias): keep one of"
                            + " them");
                    break;
                }
                value = value != null ? value : former;
                if (value != null) {
                    seen[i] = true;
                    bad = readField(i, value, source, recordAt, chunk, base);
                }
            }
        }
        for (int i = 0; i < xml.getAttributeCount() && bad == null; i++) {
            bad = unknownAttribute(xml, i, source, recordAt);
        }
        int depth = 1;
        while (depth > 0) {
            int event = xml.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                if (bad != null || depth > 1) {
                    depth++;
                    continue;
                }
                Position at = Position.of(xml);
                int field = childField(xml);
                if (field < 0 || seen[field]) {
                    bad = new TextInputException(source, at.line(), at.column(), (field < 0
                            ? "unexpected element <" + xml.getLocalName() + "> in <" + element + ">; its fields: "
                                    + String.join(", ", names)
                            : "repeated element <" + xml.getLocalName() + "> (" + fields[field].label() + ")"
                                    + (xml.getLocalName().equals(seenAs[field]) ? "" : ": <" + names[field]
                                            + "> and <" + formerNames[field] + ">, its name before the field was"
                                            + " renamed with @alias, both stand for it; keep one of them")));
                    depth++;
                    continue;
                }
                seen[field] = true;
                seenAs[field] = xml.getLocalName();
                // getElementText reads to the child's end tag and rejects nested elements.
                bad = readField(field, xml.getElementText(), source, at, chunk, base);
            }
        }
        for (int i = 0; i < fields.length && bad == null; i++) {
            if (!seen[i]) {
                bad = readField(i, "", source, recordAt, chunk, base);
            }
        }
        if (bad != null) {
            store.truncate(index);
        }
        return bad;
    }

    /**
     * The error for attribute {@code index} of the record element when no field binds it (namespace declarations
     * and the {@code xsi} attributes aside): nothing in the document is dropped unread.
     */
    private TextInputException unknownAttribute(XMLStreamReader xml, int index, String source, Position at) {
        String uri = nullToEmpty(xml.getAttributeNamespace(index));
        String local = xml.getAttributeLocalName(index);
        if (uri.equals(XmlTreeReader.XSI)) {
            return null;
        }
        for (int i = 0; i < fields.length; i++) {
            if (attributes[i] && uri.isEmpty() && (names[i].equals(local) || local.equals(formerNames[i]))) {
                return null;
            }
        }
        StringBuilder known = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (attributes[i]) {
                known.append(known.length() == 0 ? "" : ", ").append(names[i]);
            }
        }
        String prefix = nullToEmpty(xml.getAttributePrefix(index));
        return new TextInputException(source, at.line(), at.column(), "unknown attribute "
                + (prefix.isEmpty() ? "" : prefix + ":") + local + " on <" + element + ">"
                + (known.length() == 0 ? "; it has no attributes" : "; its attributes: " + known));
    }

    private int childField(XMLStreamReader xml) {
        if (!namespace.equals(nullToEmpty(xml.getNamespaceURI()))) {
            return -1;
        }
        for (int i = 0; i < names.length; i++) {
            if (!attributes[i] && (names[i].equals(xml.getLocalName()) || xml.getLocalName().equals(formerNames[i]))) {
                return i;
            }
        }
        return -1;
    }

    /** A line and column, copied: some StAX implementations return a live location. */
    private record Position(int line, int column) {
        static Position of(XMLStreamReader xml) {
            Location at = xml.getLocation();
            return new Position(at.getLineNumber(), at.getColumnNumber());
        }
    }

    private TextInputException readField(int field, String value, String source, Position at, ByteBuffer chunk,
            int base) {
        byte[] text = value.strip().getBytes(StandardCharsets.UTF_8);
        try {
            fields[field].read(text, 0, text.length, chunk, base);
            return null;
        } catch (TextValueException e) {
            String where = attributes[field] ? "attribute " + names[field] : "element <" + names[field] + ">";
            return new TextInputException(source, at.line(), at.column(), e.getMessage() + " (" + where + ")");
        }
    }

    /**
     * Writes the records of {@code store} as an XML document: a single record as the root element, several inside
     * a {@code <records>} root in the record's namespace. Absent optional fields are left out.
     */
    public void write(RecordStore store, OutputStream out) throws IOException {
        try {
            write(store, XmlStreams.writer(out));
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XML: " + e.getMessage(), e);
        }
    }

    /** Writes the records of {@code store} as an XML document to {@code writer}, as {@link #write(RecordStore, OutputStream)}. */
    public void write(RecordStore store, Writer writer) throws IOException {
        try {
            write(store, XmlStreams.writer(writer));
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XML: " + e.getMessage(), e);
        }
    }

    /**
     * Field {@code i} of record {@code index} as text, in {@code text}.
     *
     * @throws CorruptDataException naming the record when its stored value is none the encoder writes
     */
    private void format(int i, ByteBuffer chunk, int base, long index, StringBuilder text) {
        text.setLength(0);
        try {
            fields[i].write(chunk, base, text);
        } catch (CorruptDataException e) {
            throw new CorruptDataException("record " + index + " (counted from 0): " + e.getMessage());
        }
    }

    private void write(RecordStore store, XMLStreamWriter xml) throws XMLStreamException {
        xml.writeStartDocument("UTF-8", "1.0");
        boolean wrapped = store.size() != 1;
        String indent = wrapped ? "\n  " : "\n";
        if (wrapped) {
            xml.writeCharacters("\n");
            xml.writeStartElement("", "records", namespace);
            xml.writeDefaultNamespace(namespace);
        }
        StringBuilder text = new StringBuilder();
        for (long index = 0; index < store.size(); index++) {
            ByteBuffer chunk = store.chunkOf(index);
            int base = store.offsetOf(index);
            xml.writeCharacters(indent);
            xml.writeStartElement("", element, namespace);
            if (!wrapped) {
                xml.writeDefaultNamespace(namespace);
            }
            for (int i = 0; i < fields.length; i++) {
                if (attributes[i] && fields[i].present(chunk, base)) {
                    format(i, chunk, base, index, text);
                    xml.writeAttribute(names[i], text.toString());
                }
            }
            for (int i = 0; i < fields.length; i++) {
                if (!attributes[i] && fields[i].present(chunk, base)) {
                    format(i, chunk, base, index, text);
                    xml.writeCharacters(indent + "  ");
                    xml.writeStartElement("", names[i], namespace);
                    xml.writeCharacters(text.toString());
                    xml.writeEndElement();
                }
            }
            xml.writeCharacters(indent);
            xml.writeEndElement();
        }
        if (wrapped) {
            xml.writeCharacters("\n");
            xml.writeEndElement();
        }
        xml.writeCharacters("\n");
        xml.writeEndDocument();
        xml.flush();
        xml.close();
    }
}
