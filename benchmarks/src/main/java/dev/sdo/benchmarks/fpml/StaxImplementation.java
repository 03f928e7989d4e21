package dev.sdo.benchmarks.fpml;

import dev.sdo.runtime.text.XmlStreams;
import java.io.OutputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The StAX implementation a benchmark runs on: the JDK's own, or Aalto (on the benchmarks' class path only). JAXB
 * reads and writes with it. sdo's runtime ({@code XmlStreams}) reads with its own parser whichever it is, and writes
 * with the output factory the JDK's lookup finds, which reads the standard system property
 * {@code javax.xml.stream.XMLOutputFactory} first: {@link #select} sets it, before the runtime creates its factory (so
 * once per JVM; JMH forks one per run).
 */
public enum StaxImplementation {
    /** The JDK's StAX (its internal copy of Xerces' scanner, and its XML writer). */
    JDK("com.sun.xml.internal.stream.XMLInputFactoryImpl", "com.sun.xml.internal.stream.XMLOutputFactoryImpl",
            "com.sun."),
    /** FasterXML's Aalto 1.4.0. */
    AALTO("com.fasterxml.aalto.stax.InputFactoryImpl", "com.fasterxml.aalto.stax.OutputFactoryImpl",
            "com.fasterxml.aalto.");

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
     * Makes this implementation the one the JDK's lookup finds, for the runtime's output factory; checks that the
     * runtime did not create its factory earlier with another.
     */
    public void select() {
        System.setProperty(XMLInputFactory.class.getName(), input);
        System.setProperty(XMLOutputFactory.class.getName(), output);
        try {
            XMLStreamWriter writer = XmlStreams.writer(OutputStream.nullOutputStream());
            if (!writer.getClass().getName().startsWith(classes)) {
                throw new IllegalStateException("sdo's runtime writes with " + writer.getClass().getName() + ", not "
                        + this);
            }
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
