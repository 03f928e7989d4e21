package dev.sdo.compiler.xsd;

import java.util.ArrayList;
import java.util.List;

/**
 * One schema document ({@code .xsd} file) of the set being imported: its root {@code xsd:schema}, target
 * namespace, form defaults, the files it includes or imports (in the order written), and the name of the
 * {@code .sdo} file it becomes.
 */
final class XsdFile {
    private final String shownName;
    private final String sdoName;
    private final XmlNode schema;
    private final List<String> leadingComments;
    private final List<XsdFile> references = new ArrayList<>();

    XsdFile(String shownName, String sdoName, XmlNode schema, List<String> leadingComments) {
        this.shownName = shownName;
        this.sdoName = sdoName;
        this.schema = schema;
        this.leadingComments = List.copyOf(leadingComments);
    }

    /** The file's name as messages show it. */
    String shownName() {
        return shownName;
    }

    /** The {@code .sdo} file's name, relative to the output folder. */
    String sdoName() {
        return sdoName;
    }

    XmlNode schema() {
        return schema;
    }

    List<String> leadingComments() {
        return leadingComments;
    }

    String targetNamespace() {
        return schema.attribute("targetNamespace", "");
    }

    /** Whether local elements are namespace-qualified unless their {@code form} says otherwise. */
    boolean elementsQualified() {
        return "qualified".equals(schema.attribute("elementFormDefault"));
    }

    /** Whether local attributes are namespace-qualified unless their {@code form} says otherwise. */
    boolean attributesQualified() {
        return "qualified".equals(schema.attribute("attributeFormDefault"));
    }

    /** The files this one includes or imports, in the order written. */
    List<XsdFile> references() {
        return references;
    }

    void addReference(XsdFile file) {
        if (!references.contains(file)) {
            references.add(file);
        }
    }
}
