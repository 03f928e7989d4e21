package dev.sdo.benchmarks.fpml;

import dev.sdo.runtime.text.XmlStreams;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The StAX implementation a benchmark runs on: the JDK's own, or Aalto (on the benchmarks' class path only). sdo's
 * runtime ({@code XmlStreams}) takes whichever the JDK's factory lookup finds, which reads the standard system
 * properties {@code javax.xml.stream.XMLInputFactory} and {@code javax.xml.stream.XMLOutputFactory} first: {@link
 * #select} sets them, before the runtime creates its factories (so once per JVM; JMH forks one per run).
 */
public enum StaxImplementation {
    /** The JDK's StAX (its internal copy of Xerces' scanner, and its XML writer). */
    JDK("com.sun.xml.internal.stream.XMLInputFactoryImpl", "com.sun.xml.internal.stream.XMLOutputFactoryImpl",
            "com.sun."),
    /** FasterXML's Aalto 1.4.0. */
    AALTO("com.fasterxml.aalto.stax.InputFactoryImpl", "com.fasterxml.aalto.stax.OutputFactoryImpl",
            "com.fasterxml.aalto.");

    /** A document to check which implementation the runtime reads with. */
    private static final byte[] PROBE = "<probe/>".getBytes(StandardCharsets.UTF_8);

    private final String input;
    private final String output;
    /** What the names of the implementation's classes start with. */
    private final String classes;

    StaxImplementation(String input, String output, String classes) {
        this.input = input;
        this.output = output;
        this.classes = classes;
    }

    /** {@code jdk} or {@code aalto}. */
    public static StaxImplementation named(String name) {
        return switch (name) {
            case "jdk" -> JDK;
            case "aalto" -> AALTO;
            default -> throw new IllegalArgumentException("StAX implementation: jdk or aalto, not " + name);
        };
    }

    /**
     * Makes this implementation the one the JDK's lookup finds, for the runtime's factories; checks that the runtime
     * did not create its factories earlier with another.
     */
    public void select() {
        System.setProperty(XMLInputFactory.class.getName(), input);
        System.setProperty(XMLOutputFactory.class.getName(), output);
        try {
            XMLStreamReader reader = XmlStreams.reader(new ByteArrayInputStream(PROBE));
            XMLStreamWriter writer = XmlStreams.writer(OutputStream.nullOutputStream());
            if (!reader.getClass().getName().startsWith(classes) || !writer.getClass().getName().startsWith(classes)) {
                throw new IllegalStateException("sdo's runtime reads with " + reader.getClass().getName()
                        + " and writes with " + writer.getClass().getName() + ", not " + this);
            }
            reader.close();
            writer.writeEmptyElement("probe");
            writer.writeEndDocument();
            writer.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("the runtime's StAX factories do not work with " + this, e);
        }
    }

    /** A new input factory of this implementation, namespace-aware, refusing DTDs. */
    public XMLInputFactory inputFactory() {
        XMLInputFactory factory = this == JDK ? XMLInputFactory.newDefaultFactory() : (XMLInputFactory) instance(input);
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        return factory;
    }

    /** A new output factory of this implementation. */
    public XMLOutputFactory outputFactory() {
        return this == JDK ? XMLOutputFactory.newDefaultFactory() : (XMLOutputFactory) instance(output);
    }

    private static Object instance(String className) {
        try {
            return Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no StAX factory " + className + " on the class path", e);
        }
    }
}
