package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
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
        var annotations = layout.record().annotations();
        List<String> names = layout.fields().stream().map(FieldLayout::field)
                .map(f -> FieldBindings.argument(f.annotations(), "xml", "name").orElse(f.name())).toList();
        List<Boolean> attributes = layout.fields().stream().map(FieldLayout::field)
                .map(f -> FieldBindings.flag(f.annotations(), "xml", "attribute", false)).toList();
        return new XmlRecordBinding(
                FieldBindings.argument(annotations, "xml", "name").orElse(layout.record().name().simpleName()),
                FieldBindings.argument(annotations, "xml", "namespace").orElse(""),
                FieldBindings.of(schema, layout), names, attributes);
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
