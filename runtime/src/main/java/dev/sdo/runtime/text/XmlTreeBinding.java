package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The XML binding of a record ({@code @xml} in the schema), the runtime's one XML engine: one element per record, read
 * into a bean through its {@link XmlRecordMapping} (values are attributes, child elements or the element's text;
 * nested records are child elements holding their fields; a list is its element repeated, in order; a union is the
 * element of its alternative; raw XML is kept as text), and written from the record's interface, beans and SDOs
 * alike. A flat record of fixed-width values is a record whose fields are all values: {@link XmlBinding} reads it
 * straight into a store's bits and writes it from them through this binding.
 *
 * <p>Record elements are found at any depth, DTDs and external entities are refused, and a bad record element is
 * reported as
 * {@code SOURCE:LINE:COLUMN: error: MESSAGE}, the message naming the field by its path from the record, list
 * items counted from 0: {@code Swap.swapStream[1].calculationPeriodDates.effectiveDate}.
 *
 * @param <I> the record's interface
 * @param <B> its bean
 */
public final class XmlTreeBinding<I, B extends I> {
    private final String record;
    private final String element;
    private final String namespace;
    private final XmlRecordMapping<I, B> mapping;
    /** The record element's name, its bytes prepared for writing. */
    private final XmlName name;
    /** The element around several records: {@code <records>} in the record's namespace. */
    private final XmlName records;
    /** The path of every record read or written, for messages: the record's name. */
    private final FieldPath root;

    /**
     * @param record the record's name, which starts the paths of fields in messages
     * @param element the record element's local name
     * @param namespace the namespace URI of all its elements, "" for none
     * @param mapping how its fields map to the element's content
     */
    public XmlTreeBinding(String record, String element, String namespace, XmlRecordMapping<I, B> mapping) {
        this.record = record;
        this.element = element;
        this.namespace = namespace;
        this.mapping = mapping;
        // Interned, as the members' namespaces are: compared by reference first.
        this.name = new XmlName(element, namespace.intern());
        this.records = new XmlName("records", namespace.intern());
        this.root = FieldPath.root(record);
    }

    /** The record element's local name: what a document's root must be called to be read as this record. */
    public String element() {
        return element;
    }

    /** The record element's namespace URI, "" for none. */
    public String namespace() {
        return namespace;
    }

    /**
     * Reads every record element of {@code in} into a new bean, in document order.
     *
     * @throws TextInputException for XML that is not well-formed, or at the first bad record element
     */
    public List<B> read(InputStream in, String source) throws IOException {
        List<B> records = new ArrayList<>();
        read(in, source, BadInputPolicy.FAIL, records::add);
        return records;
    }

    /**
     * Reads every record element of {@code in} into a new bean handed to {@code sink}, in document order, one at
     * a time: a document of any size is read in constant memory, beyond what the sink keeps.
     *
     * @throws TextInputException for XML that is not well-formed, or at the first bad record element (unless
     *     {@code policy} skips them), naming the line, the column and the field; an element that would be the
     *     record's but for the case of its name or its namespace is a bad record element, and a document of no
     *     record element but of the record's name in other namespaces is refused at the first of them
     */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy, Consumer<? super B> sink)
            throws IOException {
        return read(in, source, policy, mapping.beans(), sink);
    }

    /**
     * Reads as {@link #read(InputStream, String, BadInputPolicy, Consumer)} does, each record into the bean
     * {@code beans} gives (which the sink may take or copy, and {@code beans} give again for the next record):
     * {@link XmlBinding} reads into one record's bits, which the store copies.
     */
    TextReadResult read(InputStream in, String source, BadInputPolicy policy, Supplier<? extends B> beans,
            Consumer<? super B> sink) throws IOException {
        Utf8XmlReader xml = null;
        try {
            xml = XmlStreams.reader(in);
            XmlTreeReader reader = new XmlTreeReader(xml, source);
            XmlRecordElement recordElement = new XmlRecordElement(element, namespace, source);
            long records = 0;
            long skipped = 0;
            while (xml.hasNext()) {
                if (reader.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                int outside = reader.depth() - 1;
                TextInputException bad = recordElement.mistaken(xml);
                if (bad == null && recordElement.is(xml)) {
                    try {
                        // A record that is the whole document has its references checked; one in a larger
                        // document (a <records> file, say) may refer outside itself.
                        boolean whole = reader.depth() == 1;
                        reader.beginRecord();
                        B read = mapping.read(reader, root, beans);
                        reader.endRecord(whole);
                        sink.accept(read);
                        records++;
                        continue;
                    } catch (TextInputException e) {
                        bad = e;
                    }
                }
                if (bad != null) {
                    reader.skipTo(outside);
                    policy.handle(bad);
                    skipped++;
                }
            }
            if (records == 0 && skipped == 0 && recordElement.noRecordFound() != null) {
                throw recordElement.noRecordFound();
            }
            return new TextReadResult(records, skipped);
        } catch (XMLStreamException e) {
            Location at = e.getLocation();
            throw new TextInputException(source, at == null ? 0 : at.getLineNumber(),
                    at == null ? 0 : at.getColumnNumber(), "malformed XML: " + XmlStreams.stripLocation(e.getMessage()));
        } finally {
            if (xml != null) {
                // Gives the parser's buffers back for the next document; the input stream is the caller's.
                xml.close();
            }
        }
    }

    /**
     * Writes {@code records} as an XML document: a single record as the root element, several inside a
     * {@code <records>} root in the record's namespace. Absent optional fields are left out.
     *
     * @throws IllegalArgumentException naming the field by its path when a value is not one of its field (a bean's
     *     required field that is null, a number out of range, a string with a character XML cannot hold)
     */
    public void write(List<? extends I> records, OutputStream out) throws IOException {
        write(records, records.size(), out);
    }

    /**
     * Writes the {@code size} records of {@code records} as {@link #write(List, OutputStream)} does, each written
     * before the next is asked for: a batch's cursor, moved from record to record, will do.
     */
    public void write(Iterable<? extends I> records, long size, OutputStream out) throws IOException {
        try {
            write(records, size, new Utf8XmlOutput(out));
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XML: " + e.getMessage(), e);
        }
    }

    /** Writes {@code records} as an XML document to {@code writer}, as {@link #write(List, OutputStream)}. */
    public void write(List<? extends I> records, Writer writer) throws IOException {
        write(records, records.size(), writer);
    }

    /**
     * Writes the {@code size} records of {@code records} to {@code writer}, as
     * {@link #write(Iterable, long, OutputStream)} does.
     */
    public void write(Iterable<? extends I> records, long size, Writer writer) throws IOException {
        try {
            write(records, size, new Utf8XmlOutput(writer));
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XML: " + e.getMessage(), e);
        }
    }

    /** Writes a document to {@code xml}: what the public {@code write}s do, and tests through {@link StaxXmlOutput}. */
    void write(Iterable<? extends I> records, long size, XmlOutput xml) throws XMLStreamException {
        xml.declaration();
        boolean wrapped = size != 1;
        if (wrapped) {
            xml.indent(0);
            xml.start(this.records, false);
            xml.defaultNamespace(namespace);
        }
        XmlTreeWriter out = new XmlTreeWriter(xml, namespace, wrapped ? 1 : 0);
        for (I item : records) {
            mapping.write(out, name, item, root, !wrapped);
        }
        if (wrapped) {
            xml.indent(0);
            xml.end();
        }
        xml.indent(0);
        xml.finish();
        out.release();
    }

    /**
     * Writes one record as an element of a document being written, on a new line indented for {@code depth}
     * (1: a child of the root), for documents that hold records among other elements (an FpML
     * {@code dataDocument}). The record's namespace must be the default namespace where it is written.
     */
    public void writeElement(XMLStreamWriter xml, I item, int depth) throws XMLStreamException {
        XmlTreeWriter out = new XmlTreeWriter(new StaxXmlOutput(xml), namespace, depth);
        mapping.write(out, name, item, root, false);
        out.release();
    }
}
