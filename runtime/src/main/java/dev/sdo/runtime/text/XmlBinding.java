package dev.sdo.runtime.text;

import dev.sdo.runtime.batch.RecordStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * The XML binding of a flat record ({@code @xml} in the schema, fixed-width values only), straight between XML and
 * the records of a {@link RecordStore}: one element per record, each field a child element (or, with
 * {@code @xml(attribute = true)}, an attribute) holding its text. What generated {@code XXml} classes of flat records
 * and {@code sdoc convert} and {@code dump} use.
 *
 * <p>It is no engine of its own: a flat record is a record whose fields are all values, and this binding is the
 * runtime's one XML engine ({@link XmlTreeBinding}, {@link XmlRecordMapping}) over a mapping of such values, each read
 * straight into the record's bits and written from them ({@link TextField}). So it finds records as the engine does
 * (at any depth, so that a document may hold one record as its root or many inside other elements), refuses what the
 * engine refuses (an element or attribute that is no field, namespace declarations and the {@code xsi} attributes
 * aside; text among the child elements; an element inside a value's), and writes what the engine writes. Child
 * elements are in the record's namespace and may come in any order; attributes have none, as usual. A renamed
 * field's element or attribute is also read by its former name ({@code @alias}). An absent element or attribute is an
 * absent optional field.
 */
public final class XmlBinding {
    private final XmlTreeBinding<XmlBits, XmlBits> binding;
    private final int fields;

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
        // Messages name a field by its label (Trade.amount1): the record's name, then the field's.
        String record = fields.isEmpty() || fields.get(0).label().indexOf('.') < 0 ? element
                : fields.get(0).label().substring(0, fields.get(0).label().lastIndexOf('.'));
        // Each read gives its own scratch record (read), whose state is the one of each of its records.
        int count = fields.size();
        XmlRecordMapping.Builder<XmlBits, XmlBits> mapping = XmlRecordMapping.<XmlBits, XmlBits>builder(
                () -> XmlBits.scratch(0, count), namespace).anyOrder().stateIn(bits -> bits.state);
        for (int i = 0; i < fields.size(); i++) {
            TextField field = fields.get(i);
            String label = field.label();
            String name = label.startsWith(record + ".") ? label.substring(record.length() + 1) : label;
            mapping.add(new XmlMember.Bits(name, names.get(i), attributes.get(i), field));
            if (formerNames.containsKey(names.get(i))) {
                mapping.formerName(formerNames.get(names.get(i)));
            }
        }
        this.binding = new XmlTreeBinding<>(record, element, namespace, mapping.build());
        this.fields = count;
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
        XmlBits scratch = XmlBits.scratch(store.recordSize(), fields);
        return binding.read(in, source, policy, scratch::cleared, bits -> store.append(bits.chunk, 0));
    }

    /**
     * Writes the records of {@code store} as an XML document: a single record as the root element, several inside
     * a {@code <records>} root in the record's namespace. Absent optional fields are left out.
     *
     * @throws dev.sdo.runtime.CorruptDataException naming the record when a stored value is none the encoder writes
     */
    public void write(RecordStore store, OutputStream out) throws IOException {
        binding.write(XmlBits.of(store), store.size(), out);
    }

    /** Writes the records of {@code store} as an XML document to {@code writer}, as {@link #write(RecordStore, OutputStream)}. */
    public void write(RecordStore store, Writer writer) throws IOException {
        binding.write(XmlBits.of(store), store.size(), writer);
    }
}
