package dev.sdo.compiler.xsd;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.ext.DefaultHandler2;

/**
 * Reads one schema document into {@link XmlNode}s with the line of every element, through the JDK's SAX parser.
 * DOCTYPE declarations are refused (no entity expansion, no fetching), as everywhere in sdo.
 */
final class XmlTreeReader {
    private XmlTreeReader() {}

    /** The document's root element and the comments before it (a schema's licence notice). */
    record Document(XmlNode root, List<String> leadingComments) {}

    static Document read(Path path, String shownName) {
        try (InputStream in = Files.newInputStream(path)) {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            SAXParser parser = factory.newSAXParser();
            Handler handler = new Handler(shownName);
            parser.setProperty("http://xml.org/sax/properties/lexical-handler", handler);
            parser.parse(in, handler);
            return new Document(handler.root, handler.leadingComments);
        } catch (NoSuchFileException e) {
            throw new XsdException(shownName + ": error: no such file");
        } catch (IOException e) {
            throw new XsdException(shownName + ": error: " + e.getMessage());
        } catch (SAXParseException e) {
            throw new XsdException(shownName + ":" + e.getLineNumber() + ": error: not well-formed XML: "
                    + e.getMessage());
        } catch (SAXException | ParserConfigurationException e) {
            throw new XsdException(shownName + ": error: " + e.getMessage());
        }
    }

    private static final class Handler extends DefaultHandler2 {
        private final String file;
        private final Deque<XmlNode> open = new ArrayDeque<>();
        private final List<String> leadingComments = new ArrayList<>();
        /** Prefix declarations of the next element, made by startPrefixMapping before its startElement. */
        private final Map<String, String> pending = new HashMap<>();
        private final Deque<Map<String, String>> scopes = new ArrayDeque<>();
        private Locator locator;
        private XmlNode root;

        Handler(String file) {
            this.file = file;
            scopes.push(Map.of());
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) {
            pending.put(prefix, uri);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes) {
            Map<String, String> scope = scopes.peek();
            if (!pending.isEmpty()) {
                Map<String, String> wider = new HashMap<>(scope);
                wider.putAll(pending);
                pending.clear();
                scope = Map.copyOf(wider);
            }
            scopes.push(scope);
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < attributes.getLength(); i++) {
                if (attributes.getURI(i).isEmpty()) {
                    values.put(attributes.getLocalName(i), attributes.getValue(i));
                }
            }
            XmlNode node = new XmlNode(file, locator.getLineNumber(), uri, localName, values, scope, open.peek());
            if (open.isEmpty()) {
                root = node;
            } else {
                open.peek().addChild(node);
            }
            open.push(node);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            open.pop();
            scopes.pop();
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (!open.isEmpty()) {
                open.peek().appendText(ch, start, length);
            }
        }

        @Override
        public void comment(char[] ch, int start, int length) {
            if (root == null) {
                leadingComments.add(new String(ch, start, length));
            }
        }
    }
}
