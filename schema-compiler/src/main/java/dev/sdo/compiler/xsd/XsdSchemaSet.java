package dev.sdo.compiler.xsd;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A schema document and every document it includes or imports, each read once, with their global components
 * indexed by qualified name. Files are kept in load order (depth first, in the order of their include and import
 * lines), which is the order of everything the importer writes.
 */
final class XsdSchemaSet {
    static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private final Path rootFolder;
    private final Map<Path, XsdFile> byPath = new LinkedHashMap<>();
    private final List<XsdFile> files = new ArrayList<>();
    private final Map<XmlNode, XsdFile> fileOfSchema = new HashMap<>();
    private final Map<QName, XmlNode> types = new HashMap<>();
    private final Map<QName, XmlNode> elements = new LinkedHashMap<>();
    private final Map<QName, XmlNode> groups = new HashMap<>();
    private final Map<QName, XmlNode> attributeGroups = new HashMap<>();
    private final Map<QName, XmlNode> attributes = new HashMap<>();

    private XsdSchemaSet(Path rootFolder) {
        this.rootFolder = rootFolder;
    }

    /** Reads {@code root} and everything it includes and imports. */
    static XsdSchemaSet load(Path root) {
        Path normalized = root.toAbsolutePath().normalize();
        XsdSchemaSet set = new XsdSchemaSet(normalized.getParent());
        set.read(normalized, root.toString(), null, null);
        return set;
    }

    List<XsdFile> files() {
        return Collections.unmodifiableList(files);
    }

    XsdFile root() {
        return files.get(0);
    }

    /** The file a node belongs to. */
    XsdFile fileOf(XmlNode node) {
        XmlNode schema = node;
        while (schema.parent() != null) {
            schema = schema.parent();
        }
        return fileOfSchema.get(schema);
    }

    /** The target namespace of the schema document a node is in. */
    String namespaceOf(XmlNode node) {
        return fileOf(node).targetNamespace();
    }

    XmlNode type(QName name) {
        return types.get(name);
    }

    XmlNode element(QName name) {
        return elements.get(name);
    }

    /** Every global element, in load order then document order. */
    Iterable<XmlNode> globalElements() {
        return elements.values();
    }

    XmlNode group(QName name) {
        return groups.get(name);
    }

    XmlNode attributeGroup(QName name) {
        return attributeGroups.get(name);
    }

    XmlNode attribute(QName name) {
        return attributes.get(name);
    }

    /** The qualified name of a global component declared by {@code node}. */
    QName nameOf(XmlNode node) {
        return new QName(namespaceOf(node), node.attribute("name"));
    }

    private XsdFile read(Path path, String shownName, XmlNode referrer, String expectedNamespace) {
        XsdFile known = byPath.get(path);
        if (known != null) {
            checkNamespace(known, referrer, expectedNamespace);
            return known;
        }
        XmlTreeReader.Document document = XmlTreeReader.read(path, shownName);
        XmlNode schema = document.root();
        if (!XSD.equals(schema.namespace()) || !"schema".equals(schema.localName())) {
            throw XsdException.at(schema, "not an XML Schema: the root element is <" + schema.localName() + ">");
        }
        XsdFile file = new XsdFile(shownName, sdoName(path), schema, document.leadingComments());
        byPath.put(path, file);
        files.add(file);
        fileOfSchema.put(schema, file);
        checkNamespace(file, referrer, expectedNamespace);
        for (XmlNode child : schema.children()) {
            if (!XSD.equals(child.namespace())) {
                throw XsdException.at(child, "unexpected element <" + child.localName() + "> in xsd:schema");
            }
            switch (child.localName()) {
                case "include", "import" -> {
                    String location = child.attribute("schemaLocation");
                    if (location == null) {
                        throw XsdException.at(child, child.construct() + " without schemaLocation is not supported");
                    }
                    String namespace = child.localName().equals("include")
                            ? file.targetNamespace() : child.attribute("namespace", "");
                    Path target = path.getParent().resolve(location).normalize();
                    String shown = Path.of(shownName).resolveSibling(location).normalize().toString();
                    file.addReference(read(target, shown, child, namespace));
                }
                case "complexType", "simpleType" -> declare(types, file, child, "type");
                case "element" -> declare(elements, file, child, "element");
                case "group" -> declare(groups, file, child, "group");
                case "attributeGroup" -> declare(attributeGroups, file, child, "attribute group");
                case "attribute" -> declare(attributes, file, child, "attribute");
                case "annotation" -> { }
                case "redefine", "override", "notation", "defaultOpenContent" ->
                        throw XsdException.at(child, child.construct() + " is not supported");
                default -> throw XsdException.at(child, "unexpected " + child.construct() + " in xsd:schema");
            }
        }
        return file;
    }

    private static void checkNamespace(XsdFile file, XmlNode referrer, String expected) {
        if (referrer != null && !expected.equals(file.targetNamespace())) {
            String what = referrer.localName().equals("include")
                    ? "an included schema must have the includer's target namespace (chameleon includes are not "
                            + "supported)"
                    : "xsd:import names a namespace that the imported schema does not have";
            throw XsdException.at(referrer, what + ": \"" + expected + "\" expected, \"" + file.targetNamespace()
                    + "\" found in " + file.shownName());
        }
    }

    private static void declare(Map<QName, XmlNode> index, XsdFile file, XmlNode node, String kind) {
        String name = node.attribute("name");
        if (name == null) {
            throw XsdException.at(node, "a global " + node.construct() + " needs a name");
        }
        QName qName = new QName(file.targetNamespace(), name);
        if (index.putIfAbsent(qName, node) != null) {
            throw XsdException.at(node, "the " + kind + " " + name + " is declared twice");
        }
    }

    /** The .sdo name: the .xsd's path relative to the root schema's folder, or its file name when outside it. */
    private String sdoName(Path path) {
        Path relative = path.startsWith(rootFolder) ? rootFolder.relativize(path) : path.getFileName();
        String name = relative.toString().replace('\\', '/');
        String stem = name.endsWith(".xsd") ? name.substring(0, name.length() - 4) : name;
        return stem + ".sdo";
    }
}
