package dev.sdo.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The events of an XML pull parser as a list of lines, so that two parsers can be compared over the same bytes: the
 * JDK's own StAX reader (the reference) and one under test. One line per event: its type; for an element its local
 * name, prefix, namespace URI, its namespace declarations and its attributes in document order (local name, prefix,
 * namespace, value), and the line and column {@link XMLStreamReader#getLocation()} gives there; the text of text,
 * comments and processing instructions. {@code null} and {@code ""} prefixes and namespaces are the same ({@code ""}).
 * White space outside the document element is dropped from the reference's trace (the JDK reports it, a reader
 * under test must not). Empty text events (the JDK gives one for an empty CDATA section) are dropped from both.
 *
 * <p>The reference's text events are merged (CDATA, SPACE and CHARACTERS next to each other are one piece of text,
 * as with coalescing). A reader under test is traced {@linkplain #strict strictly}: each text event is a line of its
 * own, its type as given (only CHARACTERS is right), and lines starting {@code "!"} record a broken promise of its
 * contract: a name that is not interned, {@code getTextCharacters} that disagrees with {@code getText}.
 */
public final class XmlEventTrace {
    /** Opens a pull parser on a stream of bytes. */
    @FunctionalInterface
    public interface ReaderFactory {
        XMLStreamReader open(InputStream in) throws XMLStreamException;
    }

    private static final ThreadLocal<XMLInputFactory> JDK = ThreadLocal.withInitial(() -> {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory;
    });

    private XmlEventTrace() {
    }

    /** The JDK's own StAX reader (not a provider on the class path): namespace aware, coalescing, no DTD. */
    public static XMLStreamReader jdkReader(InputStream in) throws XMLStreamException {
        return JDK.get().createXMLStreamReader(in);
    }

    /**
     * The reference trace of {@code xml}: the JDK's reader's, of the document with every lone carriage return (one
     * not followed by a line feed) made a line feed. That changes no event (a lone CR is a line end, read as a line
     * feed in text and as a space in attribute values, like a line feed), but the JDK's columns on the line after a
     * lone CR are one too few when the CR and the next character arrive in the same read (one too few or right
     * depending on where its buffer ends), and the line feed makes them right.
     */
    public static List<String> jdkTrace(byte[] xml) throws XMLStreamException {
        XMLStreamReader reader = jdkReader(new ByteArrayInputStream(withoutLoneCarriageReturns(xml)));
        try {
            return trace(reader, false);
        } finally {
            reader.close();
        }
    }

    /**
     * {@code xml} with every lone CR byte a LF byte, when it is in an encoding where those bytes are those
     * characters and nothing else (no NUL byte, no UTF-16 byte order mark); else {@code xml} itself.
     */
    public static byte[] withoutLoneCarriageReturns(byte[] xml) {
        if (xml.length >= 2 && ((xml[0] & 0xFF) == 0xFE || (xml[0] & 0xFF) == 0xFF)) {
            return xml;
        }
        byte[] copy = xml.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] == 0) {
                return xml;
            }
            if (copy[i] == '\r' && (i + 1 == copy.length || copy[i + 1] != '\n')) {
                copy[i] = '\n';
            }
        }
        return copy;
    }

    /** The strict trace of a reader under test over {@code in}. */
    public static List<String> strictTrace(ReaderFactory factory, InputStream in) throws XMLStreamException {
        return strictTrace(factory.open(in));
    }

    /** The strict trace of {@code reader}, a reader under test, which it closes. */
    public static List<String> strictTrace(XMLStreamReader reader) throws XMLStreamException {
        try {
            return trace(reader, true);
        } finally {
            reader.close();
        }
    }

    /**
     * The differences between the reference's trace of {@code xml} and the reader under test's over {@code in}
     * (the same bytes, perhaps delivered in pieces): empty when they agree, else a readable report of both traces
     * from the first line that differs.
     */
    public static String difference(byte[] xml, ReaderFactory underTest, InputStream in) throws XMLStreamException {
        List<String> expected = jdkTrace(xml);
        List<String> actual = strictTrace(underTest, in);
        return difference(expected, actual);
    }

    /** The report of where two traces differ, or {@code ""} when they are the same. */
    public static String difference(List<String> expected, List<String> actual) {
        if (expected.equals(actual)) {
            return "";
        }
        int first = 0;
        while (first < expected.size() && first < actual.size() && expected.get(first).equals(actual.get(first))) {
            first++;
        }
        StringBuilder report = new StringBuilder("traces differ at event ").append(first).append('\n');
        int from = Math.max(0, first - 2);
        report.append("expected (JDK):\n");
        appendLines(report, expected, from, first + 4);
        report.append("actual:\n");
        appendLines(report, actual, from, first + 4);
        return report.toString();
    }

    private static void appendLines(StringBuilder report, List<String> lines, int from, int to) {
        for (int i = from; i < Math.min(to, lines.size()); i++) {
            report.append("  ").append(i).append(": ").append(lines.get(i)).append('\n');
        }
        if (lines.size() <= from) {
            report.append("  (ends after ").append(lines.size()).append(" events)\n");
        }
    }

    /**
     * Reads {@code reader} to its end. {@code strict}: trace each text event as it comes and check the contract's
     * promises; otherwise merge adjacent text events of any text type into one CHARACTERS line.
     */
    public static List<String> trace(XMLStreamReader reader, boolean strict) throws XMLStreamException {
        List<String> lines = new ArrayList<>();
        int depth = 0;
        StringBuilder text = null;
        int event = reader.getEventType();
        if (event != XMLStreamConstants.START_DOCUMENT) {
            lines.add("! first event " + event + ", not START_DOCUMENT");
        }
        lines.add("DOCUMENT version=" + reader.getVersion() + " encoding=" + reader.getCharacterEncodingScheme()
                + " standalone=" + (reader.standaloneSet() ? String.valueOf(reader.isStandalone()) : "unset"));
        while (reader.hasNext()) {
            event = reader.next();
            boolean isText = event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                    || event == XMLStreamConstants.SPACE;
            if (isText && !strict) {
                if (text == null) {
                    text = new StringBuilder();
                }
                text.append(reader.getText());
                continue;
            }
            if (text != null) {
                addText(lines, depth, "CHARACTERS", text.toString());
                text = null;
            }
            switch (event) {
                case XMLStreamConstants.START_ELEMENT -> {
                    lines.add("START " + element(reader, strict, lines));
                    depth++;
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    lines.add("END " + element(reader, strict, lines));
                    depth--;
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    String value = reader.getText();
                    String fromArray = new String(reader.getTextCharacters(), reader.getTextStart(),
                            reader.getTextLength());
                    if (!value.equals(fromArray)) {
                        lines.add("! getTextCharacters gives " + quote(fromArray) + " where getText gives "
                                + quote(value));
                    }
                    if (value.isEmpty()) {
                        break; // no text: as the reference's empty events, not compared
                    }
                    String type = event == XMLStreamConstants.CHARACTERS ? "CHARACTERS"
                            : event == XMLStreamConstants.CDATA ? "CDATA" : "SPACE";
                    if (depth == 0) {
                        lines.add("! text outside the document element: " + type + " " + quote(value));
                    } else {
                        lines.add(type + " " + quote(value));
                    }
                }
                case XMLStreamConstants.COMMENT -> lines.add("COMMENT " + quote(reader.getText()));
                case XMLStreamConstants.PROCESSING_INSTRUCTION -> lines.add("PI " + quote(reader.getPITarget())
                        + " " + quote(reader.getPIData()));
                case XMLStreamConstants.END_DOCUMENT -> lines.add("END_DOCUMENT");
                default -> lines.add("! event type " + event);
            }
        }
        if (text != null) {
            addText(lines, depth, "CHARACTERS", text.toString());
        }
        if (event != XMLStreamConstants.END_DOCUMENT) {
            lines.add("! no END_DOCUMENT (last event " + event + ")");
        }
        return lines;
    }

    private static void addText(List<String> lines, int depth, String type, String value) {
        if (value.isEmpty()) {
            return; // the JDK's event for an empty CDATA section: nothing
        }
        if (depth == 0 && value.isBlank() && value.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\n'
                || c == '\r')) {
            return; // white space outside the document element: not reported
        }
        lines.add(depth == 0 ? "! text outside the document element: " + type + " " + quote(value)
                : type + " " + quote(value));
    }

    private static String element(XMLStreamReader reader, boolean strict, List<String> lines) {
        StringBuilder line = new StringBuilder();
        line.append(name(reader.getNamespaceURI(), reader.getPrefix(), reader.getLocalName()));
        Location location = reader.getLocation();
        line.append(" @").append(location.getLineNumber()).append(':').append(location.getColumnNumber());
        if (strict) {
            checkInterned(lines, "local name", reader.getLocalName());
            checkInterned(lines, "prefix", reader.getPrefix());
            checkInterned(lines, "namespace", reader.getNamespaceURI());
        }
        int declarations = reader.getNamespaceCount();
        line.append(" xmlns[");
        for (int i = 0; i < declarations; i++) {
            if (i > 0) {
                line.append(", ");
            }
            line.append(orEmpty(reader.getNamespacePrefix(i))).append('=').append(quote(orEmpty(
                    reader.getNamespaceURI(i))));
            if (strict) {
                checkInterned(lines, "declared prefix", reader.getNamespacePrefix(i));
                checkInterned(lines, "declared namespace", reader.getNamespaceURI(i));
            }
        }
        line.append(']');
        // The element's own prefix resolved in its scope.
        line.append(" resolves ").append(quote(orEmpty(reader.getNamespaceContext()
                .getNamespaceURI(orEmpty(reader.getPrefix())))));
        if (reader.isStartElement()) {
            int attributes = reader.getAttributeCount();
            line.append(" attributes[");
            for (int i = 0; i < attributes; i++) {
                if (i > 0) {
                    line.append(", ");
                }
                String namespace = orEmpty(reader.getAttributeNamespace(i));
                String local = reader.getAttributeLocalName(i);
                String value = reader.getAttributeValue(i);
                line.append(name(namespace, reader.getAttributePrefix(i), local)).append('=').append(quote(value));
                // By name too, unless the name is ambiguous (with a null namespace StAX matches any namespace).
                String byName = reader.getAttributeValue(namespace.isEmpty() ? null : namespace, local);
                if (!value.equals(byName) && (!namespace.isEmpty() || uniqueLocalName(reader, local))) {
                    line.append(" (by name: ").append(byName == null ? "null" : quote(byName)).append(')');
                }
                if (strict) {
                    checkInterned(lines, "attribute local name", local);
                    checkInterned(lines, "attribute prefix", reader.getAttributePrefix(i));
                    checkInterned(lines, "attribute namespace", reader.getAttributeNamespace(i));
                }
            }
            line.append(']');
        }
        return line.toString();
    }

    private static boolean uniqueLocalName(XMLStreamReader reader, String local) {
        int count = 0;
        for (int i = 0; i < reader.getAttributeCount(); i++) {
            if (reader.getAttributeLocalName(i).equals(local)) {
                count++;
            }
        }
        return count == 1;
    }

    private static void checkInterned(List<String> lines, String what, String name) {
        if (name != null && !name.isEmpty() && name != name.intern()) {
            lines.add("! " + what + " not interned: " + name);
        }
    }

    private static String name(String namespace, String prefix, String local) {
        return "{" + orEmpty(namespace) + "}" + (orEmpty(prefix).isEmpty() ? "" : prefix + ":") + local;
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    /** A Java-like quoted form of {@code value}, control and non-ASCII characters escaped, so reports are legible. */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20 || c >= 0x7F) {
                        quoted.append(String.format("\\u%04X", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    /** Reads {@code reader} to its end, for a document that should be refused. */
    public static void drain(XMLStreamReader reader) throws XMLStreamException {
        while (reader.hasNext()) {
            reader.next();
            if (reader.isStartElement()) {
                for (int i = 0; i < reader.getAttributeCount(); i++) {
                    reader.getAttributeValue(i);
                }
            } else if (reader.hasText()) {
                reader.getText();
            }
        }
    }

    /**
     * A stream of {@code bytes} that gives at most a few bytes a read (1 to {@code maxPiece}, drawn from
     * {@code random}), as a network stream may, so that a reader's buffer refills inside tokens.
     */
    public static InputStream inPieces(byte[] bytes, SplittableRandom random, int maxPiece) {
        return new InputStream() {
            private int position;

            @Override
            public int read() {
                return position < bytes.length ? bytes[position++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                if (length == 0) {
                    return 0;
                }
                if (position >= bytes.length) {
                    return -1;
                }
                int piece = Math.min(Math.min(length, 1 + random.nextInt(maxPiece)), bytes.length - position);
                System.arraycopy(bytes, position, into, offset, piece);
                position += piece;
                return piece;
            }
        };
    }
}
