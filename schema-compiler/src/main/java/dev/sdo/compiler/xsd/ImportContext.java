package dev.sdo.compiler.xsd;

import dev.sdo.compiler.xsd.SdoDeclarations.Declaration;
import dev.sdo.compiler.xsd.SdoDeclarations.Place;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** What the mappers share: the schema set, the type names handed out and the declarations made so far. */
final class ImportContext {
    final XsdSchemaSet set;
    final NameAllocator typeNames = NameAllocator.forTypes();
    private final List<Declaration> declarations = new ArrayList<>();
    private final Map<XmlNode, String> reserved = new IdentityHashMap<>();

    ImportContext(XsdSchemaSet set) {
        this.set = set;
    }

    /**
     * Gives every global type and group its name first (in load order), so that the XSD's own names win over the
     * names the importer makes up.
     */
    void reserveGlobalNames() {
        for (XsdFile file : set.files()) {
            for (XmlNode child : content(file.schema())) {
                switch (child.localName()) {
                    case "complexType", "simpleType", "group" ->
                            reserved.put(child, typeNames.allocate(Identifiers.typeName(child.attribute("name"))));
                    default -> { }
                }
            }
        }
    }

    /** The name reserved for a global type or group. */
    String reservedName(XmlNode node) {
        String name = reserved.get(node);
        if (name == null) {
            throw new IllegalStateException("no name reserved for " + node.construct() + " at line " + node.line());
        }
        return name;
    }

    /** The name reserved for a global type, or null for an anonymous one. */
    String reservedNameOrNull(XmlNode node) {
        return reserved.get(node);
    }

    <D extends Declaration> D add(D declaration) {
        declarations.add(declaration);
        return declaration;
    }

    List<Declaration> declarations() {
        return declarations;
    }

    /** The place of a declaration made for an XSD construct: its file and line. */
    Place place(XmlNode node) {
        return new Place(set.fileOf(node), node.line());
    }

    /** The documentation of a construct ({@code xsd:annotation/xsd:documentation}), paragraphs joined; or null. */
    static String doc(XmlNode node) {
        List<String> paragraphs = new ArrayList<>();
        for (XmlNode annotation : node.children()) {
            if (isXsd(annotation, "annotation")) {
                for (XmlNode documentation : annotation.children()) {
                    if (isXsd(documentation, "documentation")) {
                        String text = documentation.allText().strip();
                        if (!text.isEmpty()) {
                            paragraphs.add(text);
                        }
                    }
                }
            }
        }
        return paragraphs.isEmpty() ? null : String.join("\n\n", paragraphs);
    }

    static boolean isXsd(XmlNode node, String localName) {
        return XsdSchemaSet.XSD.equals(node.namespace()) && localName.equals(node.localName());
    }

    /** The children of a node that are not annotations. */
    static List<XmlNode> content(XmlNode node) {
        List<XmlNode> content = new ArrayList<>();
        for (XmlNode child : node.children()) {
            if (!isXsd(child, "annotation")) {
                if (!XsdSchemaSet.XSD.equals(child.namespace())) {
                    throw XsdException.at(child, "unexpected element <" + child.localName() + "> in "
                            + node.construct());
                }
                content.add(child);
            }
        }
        return content;
    }

    /** The one child of a kind, or null; refuses a second one. */
    static XmlNode only(XmlNode node, String localName) {
        XmlNode found = null;
        for (XmlNode child : content(node)) {
            if (child.localName().equals(localName)) {
                if (found != null) {
                    throw XsdException.at(child, "a second " + child.construct() + " in " + node.construct());
                }
                found = child;
            }
        }
        return found;
    }
}
