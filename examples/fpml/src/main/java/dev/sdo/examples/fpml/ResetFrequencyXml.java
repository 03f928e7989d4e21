package dev.sdo.examples.fpml;

import dev.sdo.runtime.text.XmlStreams;
import java.io.InputStream;
import java.math.BigInteger;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ResetFrequencyBean;

/**
 * Reads an FpML {@code resetFrequency} element with the JDK's StAX parser into a {@link ResetFrequencyBean}. Small
 * and specific to this one element; the generated XML binding is the general tool.
 */
public final class ResetFrequencyXml {
    /** The FpML 5 confirmation view's namespace, as in {@code reset-frequency.sdo}'s {@code @xml} annotation. */
    public static final String NAMESPACE = "http://www.fpml.org/FpML-5/confirmation";

    private ResetFrequencyXml() {}

    /**
     * Reads the first {@code resetFrequency} element of a document.
     *
     * @throws XMLStreamException when the XML is malformed, the element is missing, or a value is not valid
     */
    public static ResetFrequencyBean read(InputStream xml) throws XMLStreamException {
        // The runtime's reader: no DTDs or external entities, this is data, not a document with includes.
        XMLStreamReader reader = XmlStreams.reader(xml);
        try {
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamConstants.START_ELEMENT && isFpml(reader, "resetFrequency")) {
                    return readResetFrequency(reader);
                }
            }
            throw new XMLStreamException("no <resetFrequency> element in the FpML namespace " + NAMESPACE);
        } finally {
            reader.close();
        }
    }

    private static ResetFrequencyBean readResetFrequency(XMLStreamReader reader) throws XMLStreamException {
        ResetFrequencyBean bean = new ResetFrequencyBean();
        while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String name = reader.getLocalName();
            String text = reader.getElementText().trim();
            if (isFpml(reader, "periodMultiplier")) {
                bean.setPeriodMultiplier(integer(text, reader));
            } else if (isFpml(reader, "period")) {
                bean.setPeriod(period(text, reader));
            } else {
                throw new XMLStreamException("unexpected element <" + name + "> in <resetFrequency>",
                        reader.getLocation());
            }
        }
        return bean;
    }

    private static boolean isFpml(XMLStreamReader reader, String localName) {
        return NAMESPACE.equals(reader.getNamespaceURI()) && localName.equals(reader.getLocalName());
    }

    private static BigInteger integer(String text, XMLStreamReader reader) throws XMLStreamException {
        try {
            return new BigInteger(text);
        } catch (NumberFormatException e) {
            throw new XMLStreamException("periodMultiplier '" + text + "' is not an integer", reader.getLocation());
        }
    }

    private static PeriodEnum period(String text, XMLStreamReader reader) throws XMLStreamException {
        for (PeriodEnum period : PeriodEnum.values()) {
            if (period.name().equals(text)) {
                return period;
            }
        }
        throw new XMLStreamException("period '" + text + "' is not one of D, W, M, Q, Y", reader.getLocation());
    }
}
