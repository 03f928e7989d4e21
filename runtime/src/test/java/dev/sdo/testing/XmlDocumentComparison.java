package dev.sdo.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Compares a document written back from SDOs with the original as XML, as the round trips of published documents
 * do: the same elements in the same order, the same attributes and the same values (numbers by value:
 * {@code 50000000.00} may come back as {@code 50000000}, a boolean {@code 1} as {@code true}). An attribute of the original may be left out of the written
 * document (one that holds its schema default is not written back); none may be added. Namespace declarations and
 * {@code xsi:} attributes are not data and are not compared.
 */
public final class XmlDocumentComparison {
    private static final String XMLNS = "http://www.w3.org/2000/xmlns/";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private XmlDocumentComparison() {
    }

    /**
     * How {@code written} differs from {@code original}, one line per difference, each naming its element's path
     * ({@code /dataDocument/trade[0]/tradeHeader[0]}); empty when they hold the same data.
     *
     * @throws IllegalArgumentException when either is not well-formed XML
     */
    public static List<String> differences(byte[] original, byte[] written) {
        Element before = documentElement(original);
        List<String> differences = new ArrayList<>();
        compare(before, documentElement(written), "/" + before.getLocalName(), differences);
        return differences;
    }

    /** The document's root element, parsed namespace-aware, with no DOCTYPE allowed. */
    public static Element documentElement(byte[] xml) {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        try (InputStream in = new ByteArrayInputStream(xml)) {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXException {
                    throw e; // reported by the caller, not printed by the parser
                }
            });
            return builder.parse(in).getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalArgumentException("not a well-formed document: " + e.getMessage(), e);
        }
    }

    private static void compare(Element original, Element written, String path, List<String> differences) {
        if (!namespace(original).equals(namespace(written))
                || !original.getLocalName().equals(written.getLocalName())) {
            differences.add(path + ": <" + name(written) + "> written for <" + name(original) + ">");
            return;
        }
        Map<String, String> before = attributes(original);
        attributes(written).forEach((name, value) -> {
            if (!before.containsKey(name)) {
                differences.add(path + "/@" + name + ": added");
            } else if (!sameValue(before.get(name), value)) {
                differences.add(path + "/@" + name + ": " + before.get(name) + " came back as " + value);
            }
        });
        List<Element> beforeChildren = children(original);
        List<Element> afterChildren = children(written);
        if (beforeChildren.isEmpty() && afterChildren.isEmpty()) {
            String text = original.getTextContent().strip();
            String back = written.getTextContent().strip();
            if (!sameValue(text, back)) {
                differences.add(path + ": \"" + text + "\" came back as \"" + back + "\"");
            }
            return;
        }
        for (int i = 0; i < Math.max(beforeChildren.size(), afterChildren.size()); i++) {
            if (i >= beforeChildren.size()) {
                differences.add(path + ": <" + afterChildren.get(i).getLocalName() + "> added");
            } else if (i >= afterChildren.size()) {
                differences.add(path + ": <" + beforeChildren.get(i).getLocalName() + "> missing");
            } else {
                compare(beforeChildren.get(i), afterChildren.get(i),
                        path + "/" + beforeChildren.get(i).getLocalName() + "[" + i + "]", differences);
            }
        }
    }

    /** Text values are equal, or numbers of equal value, or the same boolean ({@code 1} is {@code true}). */
    private static boolean sameValue(String a, String b) {
        if (a.equals(b) || bool(a) != null && bool(a).equals(bool(b))) {
            return true;
        }
        try {
            return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The boolean {@code text} is in XML Schema ({@code true}, {@code false}, {@code 1}, {@code 0}), or null. */
    private static Boolean bool(String text) {
        return switch (text) {
            case "true", "1" -> Boolean.TRUE;
            case "false", "0" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** The attributes that are data, by {@code {namespace}localName}. */
    private static Map<String, String> attributes(Element element) {
        Map<String, String> attributes = new TreeMap<>();
        NamedNodeMap all = element.getAttributes();
        for (int i = 0; i < all.getLength(); i++) {
            Attr attribute = (Attr) all.item(i);
            String namespace = attribute.getNamespaceURI() == null ? "" : attribute.getNamespaceURI();
            if (!namespace.equals(XMLNS) && !namespace.equals(XSI)) {
                attributes.put("{" + namespace + "}" + attribute.getLocalName(), attribute.getValue());
            }
        }
        return attributes;
    }

    private static List<Element> children(Element element) {
        List<Element> children = new ArrayList<>();
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e) {
                children.add(e);
            }
        }
        return children;
    }

    /** The element's name with its namespace: {@code {urn:a}trade}. */
    private static String name(Element element) {
        return "{" + namespace(element) + "}" + element.getLocalName();
    }

    private static String namespace(Element element) {
        return element.getNamespaceURI() == null ? "" : element.getNamespaceURI();
    }
}
