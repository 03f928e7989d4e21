package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.runtime.text.XmlBinding;
import java.util.List;

/**
 * A record's XML binding as the schema gives it: {@code @xml(name, namespace)} on the record (defaults: the
 * record's simple name, no namespace), {@code @xml(name)} and {@code @xml(attribute)} on fields (defaults: the
 * field's name, a child element). Child elements are in the record's namespace.
 */
public record XmlRecordBinding(String element, String namespace, List<FieldBinding> fields, List<String> names,
        List<Boolean> attributes) {

    public XmlRecordBinding {
        fields = List.copyOf(fields);
        names = List.copyOf(names);
        attributes = List.copyOf(attributes);
    }

    /** @throws UnsupportedBindingException for a record with a field the binding cannot carry */
    public static XmlRecordBinding of(Schema schema, RecordLayout layout) {
        List<String> names = layout.fields().stream().map(FieldLayout::field).map(XmlRecordBinding::name).toList();
        List<Boolean> attributes = layout.fields().stream().map(FieldLayout::field)
                .map(XmlRecordBinding::attribute).toList();
        return new XmlRecordBinding(element(layout.record()), namespace(layout.record()),
                FieldBindings.of(schema, layout), names, attributes);
    }

    /** The record's element name: {@code @xml(name)}, else the record's simple name. */
    public static String element(RecordType record) {
        return FieldBindings.argument(record.annotations(), "xml", "name").orElse(record.name().simpleName());
    }

    /** The namespace of the record's elements: {@code @xml(namespace)}, else none (""). */
    public static String namespace(RecordType record) {
        return FieldBindings.argument(record.annotations(), "xml", "namespace").orElse("");
    }

    /** The field's element or attribute name: {@code @xml(name)}, else the field's name. */
    public static String name(Field field) {
        return FieldBindings.argument(field.annotations(), "xml", "name").orElse(field.name());
    }

    /** Whether the field is an attribute ({@code @xml(attribute = true)}) rather than a child element. */
    public static boolean attribute(Field field) {
        return FieldBindings.flag(field.annotations(), "xml", "attribute", false);
    }

    /** The field's date or time pattern ({@code @csv(format)}, which XML shares), or null for ISO. */
    public static String format(Field field) {
        return FieldBindings.argument(field.annotations(), "csv", "format").orElse(null);
    }

    /**
     * Whether the record is flat: fixed-width values only, no nested record, no variable-length field. Flat
     * records are read straight into bits ({@link XmlBinding}); others into beans, through an
     * {@code XmlTreeBinding}.
     */
    public static boolean flat(RecordType record) {
        return record.fields().stream().map(Field::type).noneMatch(t -> t instanceof FieldType.RecordRef
                || t instanceof FieldType.StringType || t instanceof FieldType.BytesType
                || t instanceof FieldType.ListType);
    }

    /** Whether the record is annotated {@code @xml}, so that an XML binding is generated for it. */
    public static boolean declared(RecordLayout layout) {
        return layout.record().annotations().stream().anyMatch(a -> a.name().equals("xml"));
    }

    /** The runtime binding. */
    public XmlBinding create() {
        return new XmlBinding(element, namespace, fields.stream().map(FieldBinding::create).toList(), names,
                attributes);
    }
}
