package dev.sdo.benchmarks.fpml;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import jakarta.xml.bind.Unmarshaller;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.fpml.jaxb.ObjectFactory;

/**
 * JAXB over the classes xjc generates from FpML's XSD ({@code org.fpml.jaxb}, by the build): the peer of the FpML
 * benchmarks, reading and writing through its own parser and writer (its default: Xerces' SAX parser, and its own
 * UTF-8 writer) or through a StAX reader and writer. One unmarshaller and one marshaller, reused, as a careful JAXB
 * user would (neither is thread-safe: one instance per thread).
 */
public final class FpmlJaxb {
    private final Unmarshaller unmarshaller;
    private final Marshaller marshaller;

    public FpmlJaxb() {
        try {
            JAXBContext context = JAXBContext.newInstance(ObjectFactory.class);
            unmarshaller = context.createUnmarshaller();
            marshaller = context.createMarshaller();
        } catch (JAXBException e) {
            throw new IllegalStateException("JAXB cannot bind the classes xjc generated from FpML's XSD", e);
        }
    }

    /** Reads a document into its object graph: a {@code JAXBElement} of the root element's type. */
    public Object unmarshal(byte[] xml) {
        try {
            return unmarshaller.unmarshal(new ByteArrayInputStream(xml));
        } catch (JAXBException e) {
            throw new IllegalArgumentException("JAXB cannot read the document: " + e, e);
        }
    }

    /** Reads a document from a StAX reader (of any implementation), which the caller closes. */
    public Object unmarshal(XMLStreamReader xml) {
        try {
            return unmarshaller.unmarshal(xml);
        } catch (JAXBException e) {
            throw new IllegalArgumentException("JAXB cannot read the document: " + e, e);
        }
    }

    /** Writes a document that {@link #unmarshal} read to a StAX writer (of any implementation), and flushes it. */
    public void marshal(Object document, XMLStreamWriter xml) {
        try {
            marshaller.marshal(document, xml);
            xml.flush();
        } catch (JAXBException | XMLStreamException e) {
            throw new IllegalArgumentException("JAXB cannot write the document: " + e, e);
        }
    }

    /** Writes a document that {@link #unmarshal} read. */
    public void marshal(Object document, OutputStream out) {
        try {
            marshaller.marshal(document, out);
        } catch (JAXBException e) {
            throw new IllegalArgumentException("JAXB cannot write the document: " + e, e);
        }
    }
}
