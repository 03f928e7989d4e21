package dev.sdo.runtime.text;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The StAX readers and writers of every XML binding. Factories are configured once: looking a factory up (a service
 * provider search) costs more than reading a small document. Readers come from one factory per thread that reuses its
 * last reader, once closed, for the next document (the JDK's {@code reuse-instance}): a new reader builds its
 * scanners, symbol table and buffers, which took 6% of the time of reading FpML's published documents into SDOs; such
 * a factory is no longer safe across threads, hence one per thread. A reader left open is not reused. The JDK's
 * writers are buffered, and write UTF-8 through a {@link Utf8Writer}: given an output stream, the JDK's XML writer
 * encodes and hands it each character on its own (a call to a synchronized {@code write} per byte). A writer's
 * {@code flush()} flushes the stream or writer it writes to; its {@code close()} closes neither.
 *
 * <p>The factories are whichever StAX implementation the JDK's lookup finds (the standard system properties
 * {@code javax.xml.stream.XMLInputFactory} and {@code XMLOutputFactory}, then the class path's service providers,
 * then the JDK's own): the runtime depends on none, and a faster one on an application's class path (Aalto, say) is
 * used as it is. Properties that only some implementations have are set only where the factory supports them.
 */
public final class XmlStreams {
    /** The JDK's property that lets a factory reuse its last reader, once closed; others may not support it. */
    private static final String REUSE_INSTANCE = "reuse-instance";
    private static final ThreadLocal<XMLInputFactory> INPUT = ThreadLocal.withInitial(XmlStreams::inputFactory);
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

    /** A namespace-aware reader of {@code in} that refuses DTDs and external entities. */
    public static XMLStreamReader reader(InputStream in) throws XMLStreamException {
        return INPUT.get().createXMLStreamReader(in);
    }

    /** A namespace-aware reader of {@code in} that refuses DTDs and external entities. */
    public static XMLStreamReader reader(Reader in) throws XMLStreamException {
        return INPUT.get().createXMLStreamReader(in);
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

    private static XMLInputFactory inputFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // Records are data: no DTDs, no external entities (XXE).
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        if (factory.isPropertySupported(REUSE_INSTANCE)) {
            factory.setProperty(REUSE_INSTANCE, Boolean.TRUE);
        }
        return factory;
    }
}
