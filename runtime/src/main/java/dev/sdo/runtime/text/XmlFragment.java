package dev.sdo.runtime.text;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * XML kept as text where the schema does not describe it ({@code @xml(any = true)}, XML Schema's {@code xsd:any}
 * and mixed content): captured from the document being read as a self-contained fragment (each element declares
 * the namespace prefixes it uses that no element of the fragment around it declares), and replayed into a
 * document being written, so that the fragment means the same there.
 */
final class XmlFragment {
    private XmlFragment() {}

    /** The element the reader is at, up to its end tag, as XML text; the reader is left at the end tag. */
    static String element(XmlTreeReader in) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        Scope scope = new Scope();
        int end = in.depth() - 1;
        startTag(in, text, scope);
        while (true) {
            int event = in.next();
            if (in.depth() == end) {
                text.append("</").append(qualified(in.xml().getPrefix(), in.xml().getLocalName())).append('>');
                return text.toString();
            }
            event(in, event, text, scope);
        }
    }

    /**
     * The content of the element the reader is at (text and elements), up to its end tag, as XML text with the
     * white space at either end stripped; the reader is left at the end tag.
     */
    static String content(XmlTreeReader in) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        Scope scope = new Scope();
        int end = in.depth() - 1;
        while (true) {
            int event = in.next();
            if (in.depth() == end) {
                return text.toString().strip();
            }
            event(in, event, text, scope);
        }
    }

    private static void event(XmlTreeReader in, int event, StringBuilder text, Scope scope) {
        XMLStreamReader xml = in.xml();
        switch (event) {
            case XMLStreamConstants.START_ELEMENT -> startTag(in, text, scope);
            case XMLStreamConstants.END_ELEMENT -> {
                text.append("</").append(qualified(xml.getPrefix(), xml.getLocalName())).append('>');
                scope.close();
            }
            case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE,
                    XMLStreamConstants.ENTITY_REFERENCE -> escape(xml.getText(), false, text);
            case XMLStreamConstants.COMMENT -> text.append("<!--").append(xml.getText()).append("-->");
            default -> {
                // Processing instructions are not kept.
            }
        }
    }

    /**
     * A start tag: its own declarations, those its names need that the fragment lacks, its attributes (whose
     * values references may name: {@link XmlTreeReader#looseIds}).
     */
    private static void startTag(XmlTreeReader in, StringBuilder text, Scope scope) {
        XMLStreamReader xml = in.xml();
        in.looseIds();
        scope.open();
        text.append('<').append(qualified(xml.getPrefix(), xml.getLocalName()));
        for (int i = 0; i < xml.getNamespaceCount(); i++) {
            declare(xml.getNamespacePrefix(i), xml.getNamespaceURI(i), text, scope);
        }
        declareIfNeeded(xml.getPrefix(), xml.getNamespaceURI(), text, scope);
        for (int i = 0; i < xml.getAttributeCount(); i++) {
            String prefix = xml.getAttributePrefix(i);
            if (prefix != null && !prefix.isEmpty()) {
                declareIfNeeded(prefix, xml.getAttributeNamespace(i), text, scope);
            }
        }
        for (int i = 0; i < xml.getAttributeCount(); i++) {
            text.append(' ').append(qualified(xml.getAttributePrefix(i), xml.getAttributeLocalName(i))).append("=\"");
            escape(xml.getAttributeValue(i), true, text);
            text.append('"');
        }
        text.append('>');
    }

    private static void declareIfNeeded(String prefix, String uri, StringBuilder text, Scope scope) {
        String p = prefix == null ? "" : prefix;
        String u = uri == null ? "" : uri;
        if (p.equals(XMLConstants.XML_NS_PREFIX) || u.equals(scope.uri(p))) {
            return;
        }
        declare(p, u, text, scope);
    }

    private static void declare(String prefix, String uri, StringBuilder text, Scope scope) {
        String p = prefix == null ? "" : prefix;
        String u = uri == null ? "" : uri;
        text.append(p.isEmpty() ? " xmlns" : " xmlns:" + p).append("=\"");
        escape(u, true, text);
        text.append('"');
        scope.bind(p, u);
    }

    private static String qualified(String prefix, String local) {
        return prefix == null || prefix.isEmpty() ? local : prefix + ":" + local;
    }

    private static void escape(String value, boolean attribute, StringBuilder text) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> text.append("&amp;");
                case '<' -> text.append("&lt;");
                case '>' -> text.append("&gt;");
                case '"' -> text.append(attribute ? "&quot;" : "\"");
                case '\n' -> text.append(attribute ? "&#10;" : "\n");
                case '\r' -> text.append("&#13;");
                case '\t' -> text.append(attribute ? "&#9;" : "\t");
                default -> text.append(c);
            }
        }
    }

    /**
     * Writes a fragment {@link #element} or {@link #content} captured into the document being written, at the
     * writer's place; a top-level element without a prefix gets {@code xmlns} when the default namespace there is
     * not its own.
     *
     * @throws IllegalArgumentException naming {@code field} when the text is not well-formed XML
     */
    static void write(XmlTreeWriter out, String fragment, String field) throws javax.xml.stream.XMLStreamException {
        XMLStreamReader xml;
        try {
            xml = XmlStreams.reader(new StringReader("<f>" + fragment + "</f>"));
            xml.nextTag();
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException(field + ": not well-formed XML: " + XmlStreams.stripLocation(
                    e.getMessage()), e);
        }
        XmlOutput writer = out.out();
        int depth = 0;
        try {
            while (true) {
                int event = xml.next();
                switch (event) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        String prefix = xml.getPrefix() == null ? "" : xml.getPrefix();
                        String uri = xml.getNamespaceURI() == null ? "" : xml.getNamespaceURI();
                        writer.start(prefix, xml.getLocalName(), uri);
                        boolean declaresDefault = false;
                        for (int i = 0; i < xml.getNamespaceCount(); i++) {
                            String p = xml.getNamespacePrefix(i);
                            String u = xml.getNamespaceURI(i) == null ? "" : xml.getNamespaceURI(i);
                            if (p == null || p.isEmpty()) {
                                declaresDefault = true;
                                writer.defaultNamespace(u);
                            } else {
                                writer.namespace(p, u);
                            }
                        }
                        if (depth == 0 && prefix.isEmpty() && !declaresDefault && !uri.equals(out.namespace())) {
                            writer.defaultNamespace(uri);
                        }
                        for (int i = 0; i < xml.getAttributeCount(); i++) {
                            String p = xml.getAttributePrefix(i);
                            if (p == null || p.isEmpty()) {
                                writer.attribute("", "", xml.getAttributeLocalName(i), xml.getAttributeValue(i));
                            } else {
                                writer.attribute(p, xml.getAttributeNamespace(i), xml.getAttributeLocalName(i),
                                        xml.getAttributeValue(i));
                            }
                        }
                        depth++;
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (depth == 0) {
                            return;
                        }
                        writer.end();
                        depth--;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                            writer.text(xml.getText());
                    case XMLStreamConstants.COMMENT -> writer.comment(xml.getText());
                    default -> {
                        // Nothing else is captured.
                    }
                }
            }
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException(field + ": not well-formed XML: " + XmlStreams.stripLocation(
                    e.getMessage()), e);
        } finally {
            xml.close();
        }
    }

    /** The prefix bindings the fragment has declared so far, innermost last, with where each element's begin. */
    private static final class Scope {
        private final List<String> prefixes = new ArrayList<>();
        private final List<String> uris = new ArrayList<>();
        private final List<Integer> marks = new ArrayList<>();

        void open() {
            marks.add(prefixes.size());
        }

        void close() {
            int mark = marks.remove(marks.size() - 1);
            while (prefixes.size() > mark) {
                prefixes.remove(prefixes.size() - 1);
                uris.remove(uris.size() - 1);
            }
        }

        void bind(String prefix, String uri) {
            prefixes.add(prefix);
            uris.add(uri);
        }

        /** The URI a prefix is bound to in the fragment: "" for the default prefix when none, else null. */
        String uri(String prefix) {
            for (int i = prefixes.size() - 1; i >= 0; i--) {
                if (prefixes.get(i).equals(prefix)) {
                    return uris.get(i);
                }
            }
            return prefix.isEmpty() ? "" : null;
        }
    }
}
