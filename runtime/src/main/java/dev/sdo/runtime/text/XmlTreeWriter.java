package dev.sdo.runtime.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamException;

/**
 * The state of one write of {@link XmlTreeBinding}: the output ({@link Utf8XmlOutput} for a document, a caller's
 * StAX writer through {@link StaxXmlOutput}), the default namespace in scope at each open element (an element of
 * another namespace declares it as the default: {@code xmlns="..."}, so that element names need no prefixes), the
 * depth, for indentation (two spaces a level), and a count of elements written, which tells whether an element had
 * children.
 *
 * <p>What a write only uses while it runs (the stack of namespaces, the paths, the text, the views) it takes from the
 * write before it on the same thread, and gives back when it is done ({@link #release}), so that a document's write
 * makes none of it anew.
 */
final class XmlTreeWriter {
    /** What the last write of the thread gave back, if it did. */
    private static final ThreadSpare<Reused> REUSED = new ThreadSpare<>(Reused::new);

    private final XmlOutput out;
    private Reused reused;
    /**
     * The default namespace of each open element, the one in scope where writing starts first, up to
     * {@link #open}: a stack.
     */
    private String[] defaults;
    private int open;
    /** The prefixes declared on the element being started, for its qualified attributes. */
    private final List<String> declared;
    private int depth;
    private long elements;
    /** The path of the element being written at each depth from the record at the top. */
    private final FieldPaths paths;
    /** The text of the value being written, for {@link XmlValueText}s. */
    private final XmlText text;
    /** The views of nested values being written, for {@link XmlNested}s. */
    private final XmlViews views;

    /** What one write uses while it runs, and the next one on the same thread takes again. */
    private static final class Reused {
        String[] defaults = new String[16];
        final List<String> declared = new ArrayList<>();
        final FieldPaths paths = new FieldPaths();
        final XmlText text = new XmlText();
        final XmlViews views = new XmlViews();
    }

    /**
     * @param namespace the default namespace in scope where the first element is written
     * @param depth the depth of the elements written first: 0 for a document's root
     */
    XmlTreeWriter(XmlOutput out, String namespace, int depth) {
        this.out = out;
        Reused taken = REUSED.take();
        this.reused = taken;
        this.defaults = taken.defaults;
        this.declared = taken.declared;
        this.paths = taken.paths;
        this.text = taken.text;
        this.views = taken.views;
        this.defaults[open++] = namespace;
        this.depth = depth;
    }

    /**
     * Gives what the write used back to the thread, for its next write, once the write is done: without the values
     * it was last at (the views and the text let go of the records' bytes), so that it keeps no document alive.
     */
    void release() {
        Reused given = reused;
        if (given == null) {
            return;
        }
        reused = null;
        Arrays.fill(defaults, 0, open, null);
        given.defaults = defaults;
        declared.clear();
        text.bytes = null;
        text.constant = null;
        views.release();
        REUSED.give(given);
    }

    /** The path of field {@code field} of the record at {@code parent} ({@link FieldPaths#field}). */
    FieldPath field(FieldPath parent, String field) {
        return paths.field(parent, field);
    }

    /** The path of item {@code item} of the list at {@code parent} ({@link FieldPaths#item}). */
    FieldPath item(FieldPath parent, int item) {
        return paths.item(parent, item);
    }

    XmlOutput out() {
        return out;
    }

    /** The reused text of the value being written. */
    XmlText text() {
        return text;
    }

    /** The reused views of the nested values being written. */
    XmlViews views() {
        return views;
    }

    /** The default namespace in scope. */
    String namespace() {
        return defaults[open - 1];
    }

    /** How many elements have been started so far. */
    long elements() {
        return elements;
    }

    void deeper() {
        depth++;
    }

    void shallower() {
        depth--;
    }

    /** Starts a new line for an element, and counts it. */
    void beginElement() throws XMLStreamException {
        elements++;
        out.indent(depth);
    }

    /** Starts a new line at the current depth. */
    void indent() throws XMLStreamException {
        out.indent(depth);
    }

    /**
     * Writes the start tag of {@code name} (after {@link #beginElement}), declaring its namespace as the default one
     * when it is not already, or when {@code declare} says so (a document's root). An element that is not
     * {@code empty} must be ended with {@link #end}.
     */
    void start(XmlName name, boolean empty, boolean declare) throws XMLStreamException {
        if (!declared.isEmpty()) {
            declared.clear();
        }
        String namespace = name.namespace;
        String current = defaults[open - 1];
        boolean other = declare || namespace != current && !namespace.equals(current);
        out.start(name, empty);
        if (!empty) {
            if (open == defaults.length) {
                defaults = Arrays.copyOf(defaults, 2 * open);
            }
            defaults[open++] = namespace;
        }
        if (other) {
            out.defaultNamespace(namespace);
        }
    }

    /** Ends the element {@link #start} began (not empty). */
    void end() throws XMLStreamException {
        out.end();
        defaults[--open] = null;
    }

    /** Writes an attribute of the element just started; one in a namespace gets a prefix declared for it. */
    void attribute(XmlName name, String value) throws XMLStreamException {
        String namespace = name.namespace;
        if (namespace.isEmpty()) {
            out.attribute(name, value);
        } else {
            out.attribute(prefix(namespace), namespace, name.local, value);
        }
    }

    /** Writes an attribute of the element just started, its value as an {@link XmlValueText} gave it. */
    void attribute(XmlName name, XmlText text, int given) throws XMLStreamException {
        if (given == XmlValueText.CHARS && name.namespace.isEmpty()) {
            out.attribute(name, text.chars, text.length);
        } else if (given == XmlValueText.UTF8 && name.namespace.isEmpty()) {
            out.attribute(name, text.bytes, text.offset, text.length);
        } else {
            attribute(name, text.string(given));
        }
    }

    /**
     * Writes {@code xsi:type} naming {@code type} on the element {@code element} just started (whose namespace is
     * the default one on it): unprefixed when the type is in that namespace, else with a prefix declared for the
     * type's, so that the name resolves where it is written.
     *
     * @throws IllegalArgumentException for a type in no namespace under an element in one: an unprefixed name
     *     would resolve to the element's, and no prefix can stand for no namespace
     */
    void typeAttribute(XmlName type, XmlName element) throws XMLStreamException {
        String value;
        if (type.namespace.equals(element.namespace)) {
            value = type.local;
        } else if (type.namespace.isEmpty()) {
            throw new IllegalArgumentException("type " + type.local + " is in no namespace, which xsi:type cannot name"
                    + " on <" + element.local + "> of namespace " + element.namespace);
        } else {
            value = prefix(type.namespace) + ":" + type.local;
        }
        out.namespace("xsi", XmlTreeReader.XSI);
        out.attribute("xsi", XmlTreeReader.XSI, "type", value);
    }

    /** The prefix of an attribute's namespace: {@code xml}, or one declared on the element being started. */
    private String prefix(String namespace) throws XMLStreamException {
        if (namespace.equals(XMLConstants.XML_NS_URI)) {
            return XMLConstants.XML_NS_PREFIX;
        }
        int index = declared.indexOf(namespace);
        if (index < 0) {
            index = declared.size();
            declared.add(namespace);
            out.namespace("ns" + index, namespace);
        }
        return "ns" + index;
    }

    /** Writes {@code <name>text</name>} on a new line. */
    void value(XmlName name, String text) throws XMLStreamException {
        if (inScope(name)) {
            elements++;
            out.value(depth, name, text);
            return;
        }
        beginElement();
        start(name, false, false);
        out.text(text);
        end();
    }

    /** Writes {@code <name>text</name>} on a new line, the text as an {@link XmlValueText} gave it. */
    void value(XmlName name, XmlText text, int given) throws XMLStreamException {
        if (inScope(name)) {
            elements++;
            if (given == XmlValueText.UTF8) {
                out.value(depth, name, text.bytes, text.offset, text.length);
            } else if (given == XmlValueText.CONSTANT) {
                out.value(depth, name, text.constant);
            } else {
                out.value(depth, name, text.chars, text.length);
            }
            return;
        }
        beginElement();
        start(name, false, false);
        characters(text, given);
        end();
    }

    /** Whether an element's namespace is the default one in scope, which it need not declare. */
    private boolean inScope(XmlName name) {
        String current = defaults[open - 1];
        return name.namespace == current || name.namespace.equals(current);
    }

    /** Writes the text an {@link XmlValueText} gave as the content of the element being written. */
    void characters(XmlText text, int given) throws XMLStreamException {
        if (given == XmlValueText.CONSTANT) {
            out.text(text.constant);
        } else if (given == XmlValueText.UTF8) {
            out.text(text.bytes, text.offset, text.length);
        } else {
            out.text(text.chars, 0, text.length);
        }
    }

    /** Writes text as the content of the element being written. */
    void characters(String text) throws XMLStreamException {
        out.text(text);
    }
}
