package dev.sdo.compiler.xsd;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One element of a schema document as the importer needs it: its name, attributes, children, text, the line it
 * starts on (for messages) and the namespace prefixes in scope (to resolve QName values such as
 * {@code type="xsd:string"}).
 */
final class XmlNode {
    private final String file;
    private final int line;
    private final String namespace;
    private final String localName;
    private final Map<String, String> attributes;
    private final Map<String, String> prefixes;
    private final XmlNode parent;
    private final List<XmlNode> children = new ArrayList<>();
    /** Text and child elements in document order (Strings and XmlNodes), for {@link #allText()}. */
    private final List<Object> content = new ArrayList<>();

    XmlNode(String file, int line, String namespace, String localName, Map<String, String> attributes,
            Map<String, String> prefixes, XmlNode parent) {
        this.file = file;
        this.line = line;
        this.namespace = namespace;
        this.localName = localName;
        this.attributes = attributes;
        this.prefixes = prefixes;
        this.parent = parent;
    }

    String file() {
        return file;
    }

    int line() {
        return line;
    }

    String namespace() {
        return namespace;
    }

    String localName() {
        return localName;
    }

    XmlNode parent() {
        return parent;
    }

    /** The attribute without a namespace of this name, or null. */
    String attribute(String name) {
        return attributes.get(name);
    }

    /** The attribute's value, or {@code otherwise} when absent. */
    String attribute(String name, String otherwise) {
        String value = attributes.get(name);
        return value == null ? otherwise : value;
    }

    List<XmlNode> children() {
        return Collections.unmodifiableList(children);
    }

    void addChild(XmlNode child) {
        children.add(child);
        content.add(child);
    }

    void appendText(char[] chars, int start, int length) {
        content.add(new String(chars, start, length));
    }

    /** The text of this element and all its descendants, in document order. */
    String allText() {
        StringBuilder all = new StringBuilder();
        for (Object part : content) {
            all.append(part instanceof XmlNode child ? child.allText() : (String) part);
        }
        return all.toString();
    }

    /**
     * The namespace URI a prefix stands for here ({@code ""} the default namespace), or null when the prefix is not
     * declared.
     */
    String namespaceOf(String prefix) {
        String uri = prefixes.get(prefix);
        return uri == null && prefix.isEmpty() ? "" : uri;
    }

    /** Resolves a QName value ({@code ds:SignatureType}, {@code Swap}) against the prefixes in scope here. */
    QName qName(String value) {
        String trimmed = value.strip();
        int colon = trimmed.indexOf(':');
        String prefix = colon < 0 ? "" : trimmed.substring(0, colon);
        String uri = namespaceOf(prefix);
        if (uri == null) {
            throw XsdException.at(this, "the prefix '" + prefix + "' of \"" + trimmed + "\" is not declared");
        }
        return new QName(uri, trimmed.substring(colon + 1));
    }

    /** A short name of this node for messages: {@code xsd:choice}. */
    String construct() {
        return "xsd:" + localName;
    }
}
