package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.compiler.model.XmlOptions;
import dev.sdo.runtime.text.XmlBinding;
import dev.sdo.runtime.text.XmlIdentity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A record's XML binding as the schema gives it: {@code @xml(name, namespace)} on the record (defaults: the
 * record's simple name, no namespace), {@code @xml(name)} and {@code @xml(attribute)} on fields (defaults: the
 * field's name, a child element; a renamed field's {@code @alias} is read too). Child elements are in the record's
 * namespace.
 */
public record XmlRecordBinding(String element, String namespace, List<FieldBinding> fields, List<String> names,
        List<Boolean> attributes, Map<String, String> formerNames) {

    public XmlRecordBinding {
        fields = List.copyOf(fields);
        names = List.copyOf(names);
        attributes = List.copyOf(attributes);
        formerNames = Collections.unmodifiableMap(new LinkedHashMap<>(formerNames));
    }

    /** @throws UnsupportedBindingException for a record with a field the binding cannot carry */
    public static XmlRecordBinding of(RecordLayout layout) {
        List<String> names = layout.fields().stream().map(FieldLayout::field).map(XmlRecordBinding::name).toList();
        List<Boolean> attributes = layout.fields().stream().map(FieldLayout::field)
                .map(XmlRecordBinding::attribute).toList();
        // An enum's constants are written as their @xml(name) texts.
        List<FieldBinding> fields = new ArrayList<>(FieldBindings.of(layout));
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i) instanceof FieldBinding.Enumerated e
                    && layout.fields().get(i).encoding() instanceof Encoding.Enumeration enumeration) {
                fields.set(i, new FieldBinding.Enumerated(e.at(), e.width(), constantNames(enumeration.type())));
            }
        }
        Map<String, String> formerNames = new LinkedHashMap<>();
        for (FieldLayout placed : layout.fields()) {
            formerName(placed.field()).ifPresent(former -> formerNames.put(name(placed.field()), former));
        }
        return new XmlRecordBinding(element(layout.record()), namespace(layout.record()), fields, names, attributes,
                formerNames);
    }

    /** The record's element name: {@code @xml(name)}, else the record's simple name. */
    public static String element(RecordType record) {
        return XmlOptions.of(record).name().orElse(record.name().simpleName());
    }

    /** The namespace of the record's elements: {@code @xml(namespace)}, else none (""). */
    public static String namespace(RecordType record) {
        return XmlOptions.of(record).namespace().orElse("");
    }

    /** The field's element or attribute name: {@code @xml(name)}, else the field's name. */
    public static String name(Field field) {
        return XmlOptions.of(field).name().orElse(field.name());
    }

    /**
     * The element or attribute name a renamed field ({@code @alias}) had before, its alias, which reading also
     * accepts (docs/csv-and-xml.md): a field whose {@code @xml(name)} names it kept its name through the rename, and
     * a field bound as its element's text, inline or as raw XML has no name of its own.
     */
    public static Optional<String> formerName(Field field) {
        if (XmlOptions.of(field).name().isPresent() || text(field) || inline(field) || any(field)) {
            return Optional.empty();
        }
        return field.alias();
    }

    /** Whether the field is an attribute ({@code @xml(attribute = true)}) rather than a child element. */
    public static boolean attribute(Field field) {
        return XmlOptions.of(field).attribute();
    }

    /** Whether the field is its element's text ({@code @xml(text = true)}: XML Schema's simple content). */
    public static boolean text(Field field) {
        return XmlOptions.of(field).text();
    }

    /**
     * Whether the union is bound as one text ({@code @xml(text = true)} on the union, XML Schema's union of simple
     * types): a field of it is a value (an element's text, an attribute, the element's own text) read as the first
     * alternative that writes the text back as it was written, not the element of an alternative.
     */
    public static boolean textUnion(UnionType union) {
        return XmlOptions.of(union).text();
    }

    /**
     * Whether the field (or union alternative) is a record bound inline ({@code @xml(inline = true)}): its
     * elements appear directly in the holder's element.
     */
    public static boolean inline(Field field) {
        return XmlOptions.of(field).inline();
    }

    /** Whether the field holds raw XML the schema does not describe ({@code @xml(any = true)}: xsd:any). */
    public static boolean any(Field field) {
        return XmlOptions.of(field).any();
    }

    /**
     * Whether the field (or union alternative) is an abstract record under an element of its own whose
     * {@code xsi:type} names the concrete extension ({@code @xml(typed = true)}: XML Schema's type substitution).
     */
    public static boolean typed(Field field) {
        return XmlOptions.of(field).typed();
    }

    /**
     * Whether the field's value is an id of its record ({@code @xml(id = true)}), a reference to one
     * ({@code @xml(idref = true)}), or neither.
     */
    public static XmlIdentity identity(Field field) {
        XmlOptions options = XmlOptions.of(field);
        return options.id() ? XmlIdentity.ID : options.idref() ? XmlIdentity.IDREF : XmlIdentity.NONE;
    }

    /** The namespace the field's (or alternative's) element or attribute is in, when it says so. */
    public static Optional<String> fieldNamespace(Field field) {
        return XmlOptions.of(field).namespace();
    }

    /** The record's namespace, when its {@code @xml} annotation names one. */
    public static Optional<String> recordNamespace(RecordType record) {
        return XmlOptions.of(record).namespace();
    }

    /**
     * The element of an abstract record's concrete extension where a field of the abstract record holds it: the
     * record's {@code @xml(name)}, else its name with a lower-case first letter.
     */
    public static String extensionElement(RecordType extension) {
        String simple = extension.name().simpleName();
        return XmlOptions.of(extension).name()
                .orElse(Character.toLowerCase(simple.charAt(0)) + simple.substring(1));
    }

    /** Whether an extension's element is named by its own {@code @xml(name)}. */
    public static boolean extensionNamed(RecordType extension) {
        return XmlOptions.of(extension).name().isPresent();
    }

    /** The XML text of each of the enum's constants: its {@code @xml(name)}, else its name. */
    public static List<String> constantNames(EnumType type) {
        return type.constants().stream().map(c -> XmlOptions.of(c).name()
                .orElse(c.name())).toList();
    }

    /** Whether some constant of the enum has an XML text other than its name. */
    public static boolean renamesConstants(EnumType type) {
        return !constantNames(type).equals(type.constants().stream().map(EnumType.EnumConstant::name).toList());
    }

    /** The field's date or time pattern ({@code @csv(format)}, which XML shares), or null for ISO. */
    public static String format(Field field) {
        return CsvOptions.of(field).format().orElse(null);
    }

    /**
     * Whether the record is flat: fixed-width values only, no nested record, no variable-length field. Both kinds
     * are read and written by the runtime's one XML engine ({@code XmlTreeBinding}): a flat record straight between
     * XML and a store's bits, through {@link XmlBinding}, a facade that makes its fields values of that engine; others
     * into field values, through the binding {@code XmlShapeBinding} builds from the XML shape.
     */
    public static boolean flat(RecordLayout layout) {
        return layout.fields().stream().allMatch(field -> field.encoding().scalar()
                // XmlBinding puts values in attributes and child elements of the record's namespace only.
                && !text(field.field()) && fieldNamespace(field.field()).isEmpty());
    }

    /** Whether the record is annotated {@code @xml}, so that an XML binding is generated for it. */
    public static boolean declared(RecordLayout layout) {
        return XmlOptions.of(layout.record()).declared();
    }

    /**
     * The first of {@code layouts} whose {@code @xml} binding names the element {@code local} in {@code namespace}
     * ("" for none): the record a document of that root element holds.
     */
    public static Optional<RecordLayout> boundTo(List<RecordLayout> layouts, String namespace, String local) {
        return layouts.stream().filter(XmlRecordBinding::declared)
                .filter(l -> element(l.record()).equals(local) && namespace(l.record()).equals(namespace))
                .findFirst();
    }

    /** The runtime binding. */
    public XmlBinding create() {
        return new XmlBinding(element, namespace, fields.stream().map(FieldBinding::create).toList(), names,
                attributes, formerNames);
    }
}
