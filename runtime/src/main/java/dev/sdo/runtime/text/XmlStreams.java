package dev.sdo.runtime.text;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The XML readers and writers of every XML binding. Readers are the runtime's own parser, {@link Utf8XmlReader}: a
 * general StAX parser took from 30% (Aalto) to half (the JDK's) of the time of reading FpML's published documents
 * into SDOs, Aalto's text of the white space between elements alone 8%. It reuses its buffers and the names it has
 * met per thread, once a reader is closed.
 *
 * <p>Writers come from a StAX output factory, configured once (looking a factory up, a service provider search, costs
 * more than writing a small document): whichever StAX implementation the JDK's lookup finds (the standard system
 * property {@code javax.xml.stream.XMLOutputFactory}, then the class path's service providers, then the JDK's own),
 * so a faster one on an application's class path (Aalto, say) is used as it is. The JDK's writers are buffered, and
 * write UTF-8 through a {@link Utf8Writer}: given an output stream, the JDK's XML writer encodes and hands it each
 * character on its own (a call to a synchronized {@code write} per byte). A writer's {@code flush()} flushes the
 * stream or writer it writes to; its {@code close()} closes neither.
 */
public final class XmlStreams {
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();
    /**
     * Whether the output factory is the JDK's, whose writer needs the JDK's encoder and a buffer in front of an output
     * stream; others (Aalto, Woodstox) encode UTF-8 into a buffer of their own, faster than through a {@code Writer}.
     */
    private static final boolean JDK_WRITER = OUTPUT.getClass().getName().startsWith("com.sun.xml.internal.stream.");
    private static final int BUFFER_CHARS = 1 << 13;

    private XmlStreams() {}

    /**
     * A parser's message without its own position: what is left of the JDK parser's message after its
     * "ParseError at [row,col]:" prefix, for a message that gives the position first.
     */
    public static String stripLocation(String message) {
        int at = message == null ? -1 : message.indexOf("Message: ");
        return at < 0 ? String.valueOf(message) : message.substring(at + "Message: ".length());
    }

    /**
     * A namespace-aware reader of the XML in {@code in} (UTF-8, or the encoding it declares) that refuses DTDs, so
     * external entities with them.
     */
    public static Utf8XmlReader reader(InputStream in) throws XMLStreamException {
        return new Utf8XmlReader(in);
    }

    /** A namespace-aware reader of the XML in {@code in} that refuses DTDs, so external entities with them. */
    public static Utf8XmlReader reader(Reader in) throws XMLStreamException {
        return new Utf8XmlReader(new Utf8Transcoder(in));
    }

    /** A writer of UTF-8 XML to {@code out}, through a buffer. */
    public static XMLStreamWriter writer(OutputStream out) throws XMLStreamException {
        if (!JDK_WRITER) {
            return OUTPUT.createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
        }
        // Characters encoded into one buffer (Utf8Writer), not a BufferedWriter over an OutputStreamWriter.
        return OUTPUT.createXMLStreamWriter(new Utf8Writer(out));
    }

    /** A writer of XML to {@code out}, through a buffer. */
    public static XMLStreamWriter writer(Writer out) throws XMLStreamException {
        return OUTPUT.createXMLStreamWriter(new BufferedWriter(out, BUFFER_CHARS));
    }
}
