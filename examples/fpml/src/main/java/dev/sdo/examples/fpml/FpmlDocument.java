package dev.sdo.examples.fpml;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import dev.sdo.examples.fpml.FpmlTradeGenerator.GeneratedTrade;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.InterestRateStreamXml;
import org.fpml.sdo.Party;
import org.fpml.sdo.PartyXml;

/**
 * An FpML {@code dataDocument}: trades, then the parties they refer to, as the FpML schema orders them. The swap
 * streams and the parties are written by the generated bindings of their records ({@code InterestRateStreamXml},
 * {@code PartyXml}), the trade headers around them here. Reading needs no such class:
 * {@code InterestRateStreamXml.read} and {@code PartyXml.read} find their elements anywhere in a document.
 */
public final class FpmlDocument {
    /** The FpML 5 confirmation view's namespace, which the schema's {@code @xml} annotations name. */
    public static final String NAMESPACE = "http://www.fpml.org/FpML-5/confirmation";
    /** The FpML version the document declares. */
    static final String FPML_VERSION = "5-10";

    private FpmlDocument() {}

    /** Writes the trades, as {@code trades} gives them one at a time, and the parties. */
    public static void write(Iterator<GeneratedTrade> trades, List<? extends Party> parties, OutputStream out)
            throws IOException {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("", "dataDocument", NAMESPACE);
            xml.writeDefaultNamespace(NAMESPACE);
            xml.writeAttribute("fpmlVersion", FPML_VERSION);
            while (trades.hasNext()) {
                writeTrade(xml, trades.next());
            }
            for (Party party : parties) {
                PartyXml.binding().writeElement(xml, party, 1);
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

    private static void writeTrade(XMLStreamWriter xml, GeneratedTrade trade) throws XMLStreamException {
        start(xml, 1, "trade");
        start(xml, 2, "tradeHeader");
        for (List<String> identifier : trade.identifiers()) {
            start(xml, 3, "partyTradeIdentifier");
            newLine(xml, 4);
            xml.writeEmptyElement("", "partyReference", NAMESPACE);
            xml.writeAttribute("href", identifier.get(0));
            value(xml, 4, "tradeId", identifier.get(1));
            end(xml, 3);
        }
        value(xml, 3, "tradeDate", trade.tradeDate().toString());
        end(xml, 2);
        start(xml, 2, "swap");
        for (InterestRateStream stream : trade.streams()) {
            InterestRateStreamXml.binding().writeElement(xml, stream, 3);
        }
        end(xml, 2);
        end(xml, 1);
    }

    private static void newLine(XMLStreamWriter xml, int depth) throws XMLStreamException {
        xml.writeCharacters("\n" + "  ".repeat(depth));
    }

    private static void start(XMLStreamWriter xml, int depth, String name) throws XMLStreamException {
        newLine(xml, depth);
        xml.writeStartElement("", name, NAMESPACE);
    }

    private static void value(XMLStreamWriter xml, int depth, String name, String text) throws XMLStreamException {
        start(xml, depth, name);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    private static void end(XMLStreamWriter xml, int depth) throws XMLStreamException {
        newLine(xml, depth);
        xml.writeEndElement();
    }
}
