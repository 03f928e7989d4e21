package dev.sdo.compiler.model;

import java.util.List;
import java.util.Optional;

/**
 * A declaration's {@code @xml} annotation, read once into typed options (its keys and their kinds are checked by
 * {@link AnnotationRules}): what the XML bindings and their checks read, never the annotation's arguments by name.
 *
 * @param declared whether the declaration is annotated {@code @xml} at all (a record then gets an XML binding)
 * @param name the element, attribute or constant text, when {@code @xml(name)} gives one
 * @param namespace the namespace, when {@code @xml(namespace)} gives one
 * @param attribute {@code @xml(attribute = true)}: a field bound to an attribute rather than a child element
 * @param text {@code @xml(text = true)}: a field bound to its element's text (XML Schema's simple content); on a
 *     union, a union bound as one text, read as the first alternative that writes it back as written
 * @param inline {@code @xml(inline = true)}: a record whose elements appear directly in its holder's element
 * @param any {@code @xml(any = true)}: raw XML the schema does not describe (xsd:any)
 * @param typed {@code @xml(typed = true)}: an abstract record under an element of its own, whose {@code xsi:type}
 *     names the concrete extension (XML Schema's type substitution)
 * @param id {@code @xml(id = true)}: a string that no other id of its record may repeat (XML Schema's ID)
 * @param idref {@code @xml(idref = true)}: a string that must be an id of its record (XML Schema's IDREF)
 */
public record XmlOptions(boolean declared, Optional<String> name, Optional<String> namespace, boolean attribute,
        boolean text, boolean inline, boolean any, boolean typed, boolean id, boolean idref) {

    /** The options of the declaration whose annotations are {@code annotations}. */
    public static XmlOptions of(List<Annotation> annotations) {
        Optional<Annotation> xml = Annotations.named(annotations, "xml");
        return new XmlOptions(xml.isPresent(), Annotations.string(xml, "name"), Annotations.string(xml, "namespace"),
                Annotations.flag(xml, "attribute", false), Annotations.flag(xml, "text", false),
                Annotations.flag(xml, "inline", false), Annotations.flag(xml, "any", false),
                Annotations.flag(xml, "typed", false), Annotations.flag(xml, "id", false),
                Annotations.flag(xml, "idref", false));
    }

    public static XmlOptions of(RecordType record) {
        return of(record.annotations());
    }

    public static XmlOptions of(Field field) {
        return of(field.annotations());
    }

    public static XmlOptions of(UnionType union) {
        return of(union.annotations());
    }

    public static XmlOptions of(EnumType.EnumConstant constant) {
        return of(constant.annotations());
    }
}
