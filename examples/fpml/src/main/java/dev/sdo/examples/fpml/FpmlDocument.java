package dev.sdo.examples.fpml;

import dev.sdo.runtime.text.XmlStreams;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.fpml.sdo.Party;
import org.fpml.sdo.PartyXml;
import org.fpml.sdo.Trade;
import org.fpml.sdo.TradeXml;

/**
 * An FpML {@code dataDocument}: trades, then the parties they refer to, as the FpML schema orders them, each
 * element written by the generated binding of its record ({@code TradeXml}, {@code PartyXml}). Reading needs no
 * such class: {@code TradeXml.read} and {@code PartyXml.read} find their elements anywhere in a document.
 */
public final class FpmlDocument {
    /** The FpML 5 confirmation view's namespace, which the schema's {@code @xml} annotations name. */
    public static final String NAMESPACE = "http://www.fpml.org/FpML-5/confirmation";
    /** The FpML version the document declares. */
    static final String FPML_VERSION = "5-11";

    private FpmlDocument() {}

    /** Writes the trades, as {@code trades} gives them one at a time, and the parties. */
    public static void write(Iterator<? extends Trade> trades, List<? extends Party> parties, OutputStream out)
            throws IOException {
        try {
            XMLStreamWriter xml = XmlStreams.writer(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("", "dataDocument", NAMESPACE);
            xml.writeDefaultNamespace(NAMESPACE);
            xml.writeAttribute("fpmlVersion", FPML_VERSION);
            while (trades.hasNext()) {
                TradeXml.writeElement(xml, trades.next(), 1);
            }
            for (Party party : parties) {
                PartyXml.writeElement(xml, party, 1);
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write the FpML document: " + e.getMessage(), e);
        }
    }
}
