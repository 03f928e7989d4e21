package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import dev.sdo.testing.XmlEventTrace;
import dev.sdo.testing.XmlEventTrace.ReaderFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Utf8XmlReader} reads XML as the JDK's StAX reader does (namespace aware, coalescing, no DTD), and refuses
 * what is not well-formed. Each document is read by both, and their {@linkplain XmlEventTrace traces} compared: every
 * event, name, namespace declaration, attribute, piece of text, and the location of every element's start and end.
 * The reader under test is given the document whole, one byte a read, in random small pieces, and as a byte array.
 */
class Utf8XmlReaderTest {
    /** The reader under test, over a stream. */
    private static final ReaderFactory UNDER_TEST = Utf8XmlReader::new;

    /** The reader under test, over an array. */
    private static XMLStreamReader fromArray(byte[] xml) throws XMLStreamException {
        return new Utf8XmlReader(xml);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The harness

    /** Asserts that the reader under test traces {@code xml} as the JDK's reader does, however its bytes arrive. */
    private static void assertReadsAsJdk(byte[] xml) throws XMLStreamException {
        List<String> expected = XmlEventTrace.jdkTrace(xml);
        assertSameTrace(xml, expected, UNDER_TEST.open(new ByteArrayInputStream(xml)), "the document whole");
        assertSameTrace(xml, expected, fromArray(xml), "a byte array");
        assertSameTrace(xml, expected, UNDER_TEST.open(XmlEventTrace.inPieces(xml, new SplittableRandom(1), 1)),
                "one byte a read");
        assertSameTrace(xml, expected, UNDER_TEST.open(XmlEventTrace.inPieces(xml, new SplittableRandom(xml.length),
                7)), "1 to 7 bytes a read");
    }

    private static void assertReadsAsJdk(String xml) throws XMLStreamException {
        assertReadsAsJdk(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertSameTrace(byte[] xml, List<String> expected, XMLStreamReader reader, String how)
            throws XMLStreamException {
        String difference = XmlEventTrace.difference(expected, XmlEventTrace.strictTrace(reader));
        assertThat(difference).as("reading %s of %s", how, XmlEventTrace.quote(abbreviate(xml))).isEmpty();
    }

    private static String abbreviate(byte[] xml) {
        String text = new String(xml, StandardCharsets.UTF_8);
        return text.length() <= 800 ? text : text.substring(0, 800) + "... (" + xml.length + " bytes)";
    }

    /** The strict trace of the reader under test over the whole of {@code xml}. */
    private static List<String> trace(String xml) throws XMLStreamException {
        return XmlEventTrace.strictTrace(UNDER_TEST, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The text events of {@code xml} as the reader under test reads it (after checking it reads it as the JDK). */
    private static List<String> texts(String xml) throws XMLStreamException {
        assertReadsAsJdk(xml);
        List<String> texts = new ArrayList<>();
        XMLStreamReader reader = UNDER_TEST.open(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.CHARACTERS) {
                texts.add(reader.getText());
            }
            assertThat(event).as("event type").isIn(XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT,
                    XMLStreamConstants.CHARACTERS, XMLStreamConstants.COMMENT,
                    XMLStreamConstants.PROCESSING_INSTRUCTION, XMLStreamConstants.END_DOCUMENT);
        }
        return texts;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Hand-written cases

    @Test
    void theTraceOfASmallDocumentIsAsExpected() throws XMLStreamException {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<p:a xmlns:p=\"urn:p\" x='1'>t<b/></p:a>\n";
        assertReadsAsJdk(xml);
        assertThat(trace(xml)).containsExactly(
                "DOCUMENT version=1.0 encoding=UTF-8 standalone=unset",
                "START {urn:p}p:a @2:28 xmlns[p=\"urn:p\"] resolves \"urn:p\" attributes[{}x=\"1\"]",
                "CHARACTERS \"t\"",
                "START {}b @2:33 xmlns[] resolves \"\" attributes[]",
                "END {}b @2:33 xmlns[] resolves \"\"",
                "END {urn:p}p:a @2:39 xmlns[p=\"urn:p\"] resolves \"urn:p\"",
                "END_DOCUMENT");
    }

    @Test
    void predefinedEntitiesAndCharacterReferencesAreOneText() throws XMLStreamException {
        assertThat(texts("<a>x &amp; &lt;y&gt; &quot;z&apos; &#65;&#x42;&#x00e9;&#233; &#x1F600;&#128512;!</a>"))
                .containsExactly("x & <y> \"z' ABéé \uD83D\uDE00\uD83D\uDE00!");
        assertThat(texts("<a>&amp;</a>")).containsExactly("&");
        assertThat(texts("<a>&#x10FFFF;&#xFFFD;&#9;&#10;&#13;</a>")).containsExactly("\uDBFF\uDFFF\uFFFD\t\n\r");
    }

    @Test
    void cdataSectionsAreTextJoinedToTheTextAroundThem() throws XMLStreamException {
        assertThat(texts("<a>x<![CDATA[<b>&amp;]]]]>y<![CDATA[]]><![CDATA[ ]] > ]]>z</a>"))
                .containsExactly("x<b>&amp;]]y ]] > z");
        assertThat(texts("<a><![CDATA[only]]></a>")).containsExactly("only");
        assertReadsAsJdk("<a><![CDATA[]]></a>");
        assertReadsAsJdk("<a><b/><![CDATA[]]><c/><![CDATA[]]></a>");
        assertThat(texts("<a><b/><![CDATA[\r\n]]>&#13;\r</a>")).containsExactly("\n\r\n");
    }

    @Test
    void commentsAndProcessingInstructions() throws XMLStreamException {
        String xml = "<?pi before?><!-- c1 --><a><!---->x<!-- - é -->y<?t?><?t  data  ?><?t d?d>?></a><!--c2--><?z?>";
        assertReadsAsJdk(xml);
        assertThat(trace(xml)).filteredOn(line -> line.startsWith("COMMENT") || line.startsWith("PI")
                || line.startsWith("CHARACTERS")).containsExactly(
                "PI \"pi\" \"before\"", "COMMENT \" c1 \"", "COMMENT \"\"", "CHARACTERS \"x\"",
                "COMMENT \" - \\u00E9 \"", "CHARACTERS \"y\"", "PI \"t\" \"\"", "PI \"t\" \"data  \"",
                "PI \"t\" \"d?d>\"", "COMMENT \"c2\"", "PI \"z\" \"\"");
    }

    @Test
    void defaultAndPrefixedNamespacesRedeclaredInNestedScopes() throws XMLStreamException {
        String xml = "<a xmlns='urn:d' xmlns:p='urn:p1'><p:b xmlns:p='urn:p2' p:x='1' x='2'><c xmlns=''>"
                + "<p:d/></c><e/></p:b><p:f p:y=\"3\"/></a>";
        assertReadsAsJdk(xml);
        List<String> trace = trace(xml);
        assertThat(trace.get(1)).startsWith("START {urn:d}a ").contains("xmlns[=\"urn:d\", p=\"urn:p1\"]");
        assertThat(trace.get(2)).startsWith("START {urn:p2}p:b ")
                .contains("attributes[{urn:p2}p:x=\"1\", {}x=\"2\"]");
        assertThat(trace.get(3)).startsWith("START {}c ").contains("xmlns[=\"\"]");
        assertThat(trace.get(4)).startsWith("START {urn:p2}p:d ");
        assertThat(trace.get(7)).startsWith("START {urn:d}e ");
        assertThat(trace.get(10)).startsWith("START {urn:p1}p:f ").contains("{urn:p1}p:y=\"3\"");
    }

    @Test
    void theXmlPrefixNeedsNoDeclaration() throws XMLStreamException {
        String xml = "<a xml:lang='en' xml:space=\"preserve\" xmlns:xml='http://www.w3.org/XML/1998/namespace'>"
                + "<b xml:id='i'/></a>";
        assertReadsAsJdk(xml);
        assertThat(trace(xml).get(1)).contains(
                "{http://www.w3.org/XML/1998/namespace}xml:lang=\"en\", "
                        + "{http://www.w3.org/XML/1998/namespace}xml:space=\"preserve\"");
        assertReadsAsJdk("<a xml:lang='de'/>");
    }

    @Test
    void lineEndsAreNormalisedInTextAndAttributeValues() throws XMLStreamException {
        assertThat(texts("<a>1\r\n2\r3\n4\r\r\n5\n\r6\r</a>")).containsExactly("1\n2\n3\n4\n\n5\n\n6\n");
        String xml = "<a\r\nx='1\r\n2\r3\n4\t5&#13;&#10;&#9;6 &amp;&lt;&gt;&quot;&apos;'\ry=\"'\"\r\n>\r\n</a>";
        assertReadsAsJdk(xml);
        assertThat(trace(xml).get(1)).contains("attributes[{}x=\"1 2 3 4 5\\r\\n\\t6 &<>\\\"'\", {}y=\"'\"]");
        assertReadsAsJdk("<a>\r\n<b\r\n/>\r\n<c\r>\r</c\r\n>\r\n</a\r\n>\r\n");
        assertReadsAsJdk("\r\n\r\n<a>\r</a>\r");
    }

    @Test
    void nonAsciiNamesAndText() throws XMLStreamException {
        String xml = "<ñamé xmlns:日本='urn:ü' 日本:属性='值 😀 𝄞' é-1.x·='€'><日本:子>Grüße, 世界 😀𝄞 \u00A0\u2028\u0085"
                + "\u007F\uFEFF\uFFFD</日本:子><Ω/></ñamé>";
        assertReadsAsJdk(xml);
        assertThat(trace(xml).get(1)).startsWith("START {}ñamé").contains("{urn:ü}日本:属性=");
        assertThat(texts(xml)).containsExactly("Grüße, 世界 😀𝄞 \u00A0\u2028\u0085\u007F\uFEFF\uFFFD");
    }

    @Test
    void emptyElementsAndQuotes() throws XMLStreamException {
        assertReadsAsJdk("<a/>");
        assertReadsAsJdk("<a />");
        assertReadsAsJdk("<a\t\n x = 'v' y\n=\n\"w\"  />");
        assertReadsAsJdk("<a x='\"' y=\"'\" z='' w=\"\"><b></b><c/><d x='>'/></a>");
        assertReadsAsJdk("<a></a >");
    }

    @Test
    void theXmlDeclaration() throws XMLStreamException {
        assertReadsAsJdk("<?xml version='1.0'?><a/>");
        assertReadsAsJdk("<?xml version=\"1.0\" encoding='utf-8' standalone='yes' ?>\n<a/>");
        assertReadsAsJdk("<?xml version=\"1.0\" standalone=\"no\"?><a/>");
        assertReadsAsJdk("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a>x</a>");
        assertReadsAsJdk("<a/>");
        assertThat(trace("<?xml version='1.0' standalone='yes'?><a/>").get(0))
                .isEqualTo("DOCUMENT version=1.0 encoding=null standalone=true");
        // A byte order mark before it.
        assertReadsAsJdk(concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "<?xml version='1.0' encoding='UTF-8'?><a>é</a>".getBytes(StandardCharsets.UTF_8)));
        assertReadsAsJdk(concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "<a>é</a>".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void whiteSpaceAndMarkupOutsideTheDocumentElement() throws XMLStreamException {
        assertReadsAsJdk("  \n<!-- c -->\t<?p d?>\r\n<a> </a>\n <!-- e --> \n<?q?>\n\n");
        assertThat(trace(" \n<a> \n</a>\n ")).containsExactly("DOCUMENT version=null encoding=null standalone=unset",
                "START {}a @2:4 xmlns[] resolves \"\" attributes[]", "CHARACTERS \" \\n\"",
                "END {}a @3:5 xmlns[] resolves \"\"", "END_DOCUMENT");
    }

    @Test
    void aUtf16Document() throws XMLStreamException {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a x='é😀'>Grüße 😀 &amp; 世界</a>";
        assertReadsAsJdk(xml.getBytes(StandardCharsets.UTF_16)); // big-endian with a byte order mark
        byte[] littleEndian = concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, xml.getBytes(StandardCharsets.UTF_16LE));
        assertReadsAsJdk(littleEndian);
        assertThat(XmlEventTrace.strictTrace(UNDER_TEST, new ByteArrayInputStream(littleEndian)))
                .contains("CHARACTERS \"Gr\\u00FC\\u00DFe \\uD83D\\uDE00 & \\u4E16\\u754C\"");
    }

    @Test
    void anIso88591Document() throws XMLStreamException {
        String xml = "<?xml version='1.0' encoding='ISO-8859-1'?><é a='ÿ'>Grüße ©</é>";
        byte[] latin1 = xml.getBytes(StandardCharsets.ISO_8859_1);
        assertReadsAsJdk(latin1);
        assertThat(XmlEventTrace.strictTrace(UNDER_TEST, new ByteArrayInputStream(latin1)))
                .contains("CHARACTERS \"Gr\\u00FC\\u00DFe \\u00A9\"");
        String windows = "<?xml version='1.0' encoding='windows-1252'?><a>€ ‰</a>";
        assertReadsAsJdk(windows.getBytes(Charset.forName("windows-1252")));
    }

    @Test
    void namesAreInterned() throws XMLStreamException {
        // Built at run time, so that only the reader can have interned them.
        String local = new StringBuilder("loc").append("al").toString();
        String xml = "<p:" + local + " xmlns:p='urn:" + local + "' p:" + local + "2='v' " + local + "3='w'/>";
        XMLStreamReader reader = UNDER_TEST.open(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertThat(reader.next()).isEqualTo(XMLStreamConstants.START_ELEMENT);
        assertThat(reader.getLocalName()).isSameAs("local");
        assertThat(reader.getPrefix()).isSameAs("p");
        assertThat(reader.getNamespaceURI()).isSameAs("urn:local");
        assertThat(reader.getAttributeLocalName(0)).isSameAs("local2");
        assertThat(reader.getAttributeNamespace(0)).isSameAs("urn:local");
        assertThat(reader.getAttributeLocalName(1)).isSameAs("local3");
        assertThat(reader.getAttributeNamespace(1)).isIn(null, "");
        assertThat(reader.getNamespacePrefix(0)).isSameAs("p");
        assertThat(reader.getNamespaceURI(0)).isSameAs("urn:local");
        assertThat(reader.next()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(reader.getLocalName()).isSameAs("local");
        assertThat(reader.getNamespaceURI()).isSameAs("urn:local");
    }

    @Test
    void locationsCountCharactersNotBytes() throws XMLStreamException {
        String xml = "<a>\n  <é>ü😀</é><b x='世界'/>\n</a>";
        assertReadsAsJdk(xml);
        XMLStreamReader reader = UNDER_TEST.open(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        reader.next(); // <a>
        assertThat(reader.getLocation().getLineNumber()).isEqualTo(1);
        assertThat(reader.getLocation().getColumnNumber()).isEqualTo(4);
        reader.next(); // text
        reader.next(); // <é>
        assertThat(reader.getLocation().getLineNumber()).isEqualTo(2);
        assertThat(reader.getLocation().getColumnNumber()).isEqualTo(6);
    }

    @Test
    void longNamesValuesAndTextAcrossBufferRefills() throws XMLStreamException {
        SplittableRandom random = new SplittableRandom(42);
        StringBuilder xml = new StringBuilder("<?xml version='1.0'?>\n<root xmlns='urn:root'>");
        for (int i = 0; i < 2_000; i++) {
            String name = "e" + "é".repeat(random.nextInt(40)) + "x".repeat(random.nextInt(300));
            xml.append('<').append(name).append(" a='").append("v😀&amp;".repeat(random.nextInt(200))).append("'>")
                    .append("text ü 😀 &lt; ".repeat(random.nextInt(300)))
                    .append("<![CDATA[").append("c]".repeat(random.nextInt(100))).append("]]>")
                    .append(i % 10 == 0 ? "\r\n" : "").append("</").append(name).append(">\n");
        }
        xml.append("</root>");
        byte[] bytes = xml.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isGreaterThan(1 << 20);
        List<String> expected = XmlEventTrace.jdkTrace(bytes);
        assertSameTrace(bytes, expected, UNDER_TEST.open(new ByteArrayInputStream(bytes)), "the document whole");
        assertSameTrace(bytes, expected, UNDER_TEST.open(XmlEventTrace.inPieces(bytes, random, 5000)),
                "up to 5000 bytes a read");
        assertSameTrace(bytes, expected, fromArray(bytes), "a byte array");
        // One text of a megabyte.
        byte[] oneText = ("<a>" + "0123456789é😀".repeat(100_000) + "</a>").getBytes(StandardCharsets.UTF_8);
        assertSameTrace(oneText, XmlEventTrace.jdkTrace(oneText), UNDER_TEST.open(XmlEventTrace.inPieces(oneText,
                random, 3000)), "up to 3000 bytes a read");
    }

    @Test
    void manyAttributesNamespacesAndLevels() throws XMLStreamException {
        StringBuilder xml = new StringBuilder("<a");
        for (int i = 0; i < 300; i++) {
            xml.append(" xmlns:p").append(i).append("='urn:").append(i).append("' a").append(i).append("='")
                    .append(i).append("' p").append(i).append(":b='").append(i).append('\'');
        }
        xml.append(">");
        for (int i = 0; i < 2_000; i++) {
            xml.append("<p").append(i % 300).append(":e").append(i % 3 == 0 ? " xmlns:p" + (i % 300) + "='urn:x" + i
                    + "'" : "").append('>');
        }
        for (int i = 1_999; i >= 0; i--) {
            xml.append("</p").append(i % 300).append(":e>");
        }
        xml.append("</a>");
        assertReadsAsJdk(xml.toString());
    }

    @Test
    void longCommentsProcessingInstructionsAndCdata() throws XMLStreamException {
        String long1 = "comment é 😀 - \r\n ".repeat(20_000);
        assertReadsAsJdk("<!--" + long1 + "--><a><!--" + long1 + "--><?pi " + long1.replace("-", "?") + "?>"
                + "<![CDATA[" + long1 + "]]></a>");
    }

    /**
     * Names by XML 1.0's fifth edition, whose name characters are ranges (the JDK's reader keeps the fourth
     * edition's tables, and refuses these), and an encoding named as Java names it.
     */
    @Test
    void namesOfTheFifthEditionAndJavasEncodingNamesAreRead() throws XMLStreamException {
        XMLStreamReader reader = new Utf8XmlReader("<a\uFFFD x\uD800\uDC00='1' \u4D2D\u02A9='2'/>"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(reader.next()).isEqualTo(XMLStreamConstants.START_ELEMENT);
        assertThat(reader.getLocalName()).isEqualTo("a\uFFFD");
        assertThat(reader.getAttributeLocalName(0)).isEqualTo("x\uD800\uDC00");
        assertThat(reader.getAttributeLocalName(1)).isEqualTo("\u4D2D\u02A9");
        XMLStreamReader utf8 = new Utf8XmlReader("<?xml version='1.0' encoding='utf8'?><a>\u00E9</a>"
                .getBytes(StandardCharsets.UTF_8));
        utf8.next();
        assertThat(utf8.getElementText()).isEqualTo("\u00E9");
        assertThat(utf8.getCharacterEncodingScheme()).isEqualTo("utf8");
    }

    /**
     * Names whose hashes collide (names of 40 bytes that differ only in bytes 8 to 15 and 24 to 31, which the hash
     * does not read): more than the name table looks through for one name. They are read as the JDK reads them, and
     * a repeated one is still refused.
     */
    @Test
    void namesWhoseHashesCollideAreReadAndARepeatedOneRefused() throws XMLStreamException {
        StringBuilder xml = new StringBuilder("<r>");
        List<String> names = new ArrayList<>();
        for (int n = 0; n < 300; n++) {
            StringBuilder name = new StringBuilder("fixedAt0");
            for (int bit = 0; bit < 16; bit++) {
                name.append((n >> bit & 1) == 0 ? 'a' : 'b');
                if (bit == 7) {
                    name.append("fixedAt1");
                }
            }
            names.add(name.append("fixedAt2").toString());
            xml.append('<').append(name).append(' ').append(name).append("='1'/>");
        }
        byte[] first = names.get(0).getBytes(StandardCharsets.UTF_8);
        for (String name : names) {
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            assertThat(ParsedName.hash(bytes, 0, bytes.length)).as(name).isEqualTo(ParsedName.hash(first, 0, 40));
        }
        assertReadsAsJdk(xml.append("</r>").toString());
        String last = names.get(names.size() - 1);
        byte[] repeated = ("<r " + String.join("='1' ", names) + "='1' " + last + "='2'/>")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(refusal(UNDER_TEST::open, new ByteArrayInputStream(repeated)))
                .isInstanceOf(XMLStreamException.class).hasMessageContaining("repeated");
    }

    /** A byte that is not in the encoding a document declares is refused, naming the encoding, not replaced. */
    @Test
    void bytesNotInTheDeclaredEncodingAreRefusedNamingIt() {
        byte[] xml = "<?xml version='1.0' encoding='windows-1252'?><a>x\u0081</a>"
                .getBytes(StandardCharsets.ISO_8859_1);
        Throwable refusal = refusal(UNDER_TEST::open, new ByteArrayInputStream(xml));
        assertThat(refusal).isInstanceOf(XMLStreamException.class)
                .hasMessageContaining("bytes that are not in the document's encoding (windows-1252)");
    }

    @Test
    void anXml11DocumentIsReadAsTheJdkReadsItOrRefused() throws XMLStreamException {
        byte[] xml = "<?xml version='1.1'?><a x='\u0085'>\u0085\u2028</a>".getBytes(StandardCharsets.UTF_8);
        Throwable refusal = refusal(UNDER_TEST::open, new ByteArrayInputStream(xml));
        if (refusal == null) {
            assertReadsAsJdk(xml);
        } else {
            assertThat(refusal).isInstanceOf(XMLStreamException.class);
        }
    }

    /**
     * Readers open at once on one thread, read in turns, one closed twice while the others read (a closed reader
     * gives its buffers back to its thread): each reads its own document.
     */
    @Test
    void readersReadInTurnsOnOneThreadEachReadTheirOwnDocument() throws XMLStreamException {
        SplittableRandom random = new SplittableRandom(99);
        byte[][] documents = new byte[4][];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = new RandomDocument(random, 30).document().getBytes(StandardCharsets.UTF_8);
        }
        List<List<String>> expected = new ArrayList<>();
        for (byte[] document : documents) {
            expected.add(simpleEvents(XmlEventTrace.jdkReader(new ByteArrayInputStream(document)), Integer.MAX_VALUE));
        }
        XMLStreamReader first = UNDER_TEST.open(XmlEventTrace.inPieces(documents[0], random, 50));
        List<String> firstEvents = simpleEvents(first, Integer.MAX_VALUE);
        first.close();
        XMLStreamReader second = UNDER_TEST.open(XmlEventTrace.inPieces(documents[1], random, 50));
        List<String> secondEvents = simpleEvents(second, 5);
        first.close(); // again: must not give its buffers back a second time, to the third
        XMLStreamReader third = UNDER_TEST.open(XmlEventTrace.inPieces(documents[2], random, 50));
        XMLStreamReader fourth = fromArray(documents[3]);
        List<String> thirdEvents = new ArrayList<>();
        List<String> fourthEvents = new ArrayList<>();
        while (second.hasNext() || third.hasNext() || fourth.hasNext()) {
            secondEvents.addAll(simpleEvents(second, 1));
            thirdEvents.addAll(simpleEvents(third, 1));
            fourthEvents.addAll(simpleEvents(fourth, 1));
        }
        assertThat(firstEvents).isEqualTo(expected.get(0));
        assertThat(secondEvents).isEqualTo(expected.get(1));
        assertThat(thirdEvents).isEqualTo(expected.get(2));
        assertThat(fourthEvents).isEqualTo(expected.get(3));
    }

    /** Up to {@code count} more events of {@code reader}, simply: elements with their attributes, and text. */
    private static List<String> simpleEvents(XMLStreamReader reader, int count) throws XMLStreamException {
        List<String> events = new ArrayList<>();
        for (int i = 0; i < count && reader.hasNext(); i++) {
            int event = reader.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                StringBuilder line = new StringBuilder("<" + reader.getName());
                for (int a = 0; a < reader.getAttributeCount(); a++) {
                    line.append(' ').append(reader.getAttributeName(a)).append('=').append(reader.getAttributeValue(a));
                }
                events.add(line.toString());
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                events.add("</" + reader.getName());
            } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                    || event == XMLStreamConstants.SPACE) {
                if (!reader.getText().isBlank()) { // white space only is not compared (outside the root, the JDK's)
                    events.add(reader.getText());
                }
            }
        }
        return events;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Documents that are not well-formed

    static Stream<Arguments> malformed() {
        List<Arguments> cases = new ArrayList<>();
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        texts.put("mismatched end tag", "<a></b>");
        texts.put("mismatched nested end tag", "<a><b></a></b>");
        texts.put("end tag of another prefix", "<p:a xmlns:p='u' xmlns:q='u'></q:a>");
        texts.put("unclosed element", "<a><b></b>");
        texts.put("unclosed start tag", "<a");
        texts.put("unclosed start tag after an attribute", "<a x='1'");
        texts.put("unclosed end tag", "<a></a");
        texts.put("end tag with an attribute", "<a></a x='1'>");
        texts.put("end tag only", "</a>");
        texts.put("two roots", "<a/><b/>");
        texts.put("two roots with white space", "<a></a>\n<a></a>");
        texts.put("text after the root", "<a/>x");
        texts.put("text before the root", "x<a/>");
        texts.put("reference after the root", "<a/>&amp;");
        texts.put("CDATA after the root", "<a/><![CDATA[x]]>");
        texts.put("undefined element prefix", "<p:a/>");
        texts.put("undefined attribute prefix", "<a p:x='1'/>");
        texts.put("prefix out of scope", "<a><b xmlns:p='u'/><p:c/></a>");
        texts.put("xmlns prefix used for an element", "<xmlns:a/>");
        texts.put("empty prefixed namespace declaration", "<a xmlns:p=''/>");
        texts.put("xml prefix bound to another namespace", "<a xmlns:xml='urn:x'/>");
        texts.put("duplicate attribute", "<a x='1' x='2'/>");
        texts.put("duplicate attribute by namespace", "<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>");
        texts.put("duplicate namespace declaration", "<a xmlns:p='u' xmlns:p='v'/>");
        texts.put("'<' in an attribute value", "<a x='<'/>");
        texts.put("'&' alone in an attribute value", "<a x='a & b'/>");
        texts.put("undefined entity", "<a>&foo;</a>");
        texts.put("undefined entity in an attribute", "<a x='&foo;'/>");
        texts.put("reference without ';'", "<a>&amp</a>");
        texts.put("'&' alone", "<a>a & b</a>");
        texts.put("empty character reference", "<a>&#;</a>");
        texts.put("bad hex character reference", "<a>&#xZZ;</a>");
        texts.put("bad decimal character reference", "<a>&#1a;</a>");
        texts.put("character reference to NUL", "<a>&#0;</a>");
        texts.put("character reference to a control character", "<a>&#1;</a>");
        texts.put("character reference to a surrogate", "<a>&#xD800;</a>");
        texts.put("character reference to U+FFFE", "<a>&#xFFFE;</a>");
        texts.put("character reference beyond Unicode", "<a>&#x110000;</a>");
        texts.put("huge character reference", "<a>&#99999999999999999999;</a>");
        texts.put("control character in text", "<a>\u0001</a>");
        texts.put("NUL in text", "<a>\u0000</a>");
        texts.put("form feed in text", "<a>\f</a>");
        texts.put("control character in an attribute", "<a x='\u0008'/>");
        texts.put("control character in a comment", "<a><!--\u0002--></a>");
        texts.put("']]>' in text", "<a>x]]>y</a>");
        texts.put("']]>' at the start of text", "<a>]]></a>");
        texts.put("unclosed CDATA section", "<a><![CDATA[x</a>");
        texts.put("attribute value without quotes", "<a x=1/>");
        texts.put("attribute without value", "<a x/>");
        texts.put("attribute value unclosed", "<a x='1/>");
        texts.put("attribute value with mixed quotes", "<a x='1\"/>");
        texts.put("no space between attributes", "<a x='1'y='2'/>");
        texts.put("name starting with a digit", "<1a/>");
        texts.put("name starting with '-'", "<-a/>");
        texts.put("attribute name starting with a digit", "<a 1b='x'/>");
        texts.put("empty local name", "<p: xmlns:p='u'/>");
        texts.put("empty prefix", "<:a/>");
        texts.put("two colons in a name", "<a:b:c xmlns:a='u'/>");
        texts.put("space after '<'", "< a/>");
        texts.put("white space before the XML declaration", " <?xml version='1.0'?><a/>");
        texts.put("comment before the XML declaration", "<!-- c --><?xml version='1.0'?><a/>");
        texts.put("XML declaration inside", "<a><?xml version='1.0'?></a>");
        texts.put("XML declaration after the root", "<a/><?xml version='1.0'?>");
        texts.put("XML declaration without version", "<?xml encoding='UTF-8'?><a/>");
        texts.put("unclosed XML declaration", "<?xml version='1.0'<a/>");
        texts.put("XML declaration with a line end in a name", "<?xml version='1.0' enco\ning='UTF-8'?><a/>");
        texts.put("XML declaration with an unknown pseudo-attribute", "<?xml version='1.0' foo='x'?><a/>");
        texts.put("XML declaration with version twice", "<?xml version='1.0' encoding='UTF-8' version='1.0'?><a/>");
        texts.put("XML declaration with no space before encoding", "<?xml version='1.0'encoding='UTF-8'?><a/>");
        texts.put("XML declaration with standalone before encoding",
                "<?xml version='1.0' standalone='yes' encoding='UTF-8'?><a/>");
        texts.put("XML declaration with standalone 'maybe'", "<?xml version='1.0' standalone='maybe'?><a/>");
        texts.put("XML declaration with version 2.0", "<?xml version='2.0'?><a/>");
        texts.put("XML declaration with an unknown encoding", "<?xml version='1.0' encoding='bogus'?><a/>");
        texts.put("XML declaration in capitals", "<?XML version='1.0'?><a/>");
        texts.put("processing instruction named XmL", "<a><?XmL x?></a>");
        texts.put("XML declaration with a name that is not a pseudo-attribute", "<?xml version='1.0' \u00e9?><a/>");
        texts.put("XML declaration with an unclosed standalone value", "<?xml version='1.0' standalone='no?><a/>");
        texts.put("XML declaration without '=' after standalone", "<?xml version='1.0' standalone\n'yes'?><a/>");
        texts.put("processing instruction target then no-break space", "<a><?pi\u00A0x?></a>");
        texts.put("processing instruction target then U+009B", "<a><?pi\u009Bx?></a>");
        texts.put("processing instruction target then '+'", "<a><?pi+x?></a>");
        texts.put("element name then no-break space", "<a\u00A0/>");
        texts.put("attribute name then no-break space", "<a x\u00A0='1'/>");
        texts.put("end tag name then no-break space", "<a></a\u00A0>");
        texts.put("element name starting with '\u00D7' (not a name character)", "<\u00D7/>");
        texts.put("element name starting with a combining mark", "<\u0300/>");
        texts.put("element name with a line separator", "<a\u2028/>");
        texts.put("element name with '\u00BF'", "<a\u00BF b='1'/>");
        texts.put("attribute name with '\u00D7'", "<a x\u00D7='1'/>");
        texts.put("prefix with a no-break space", "<p\u00A0:a xmlns:p\u00A0='u'/>");
        texts.put("empty document", "");
        texts.put("white space only", " \n ");
        texts.put("comment only", "<!-- c -->");
        texts.put("XML declaration only", "<?xml version='1.0'?>");
        texts.put("'--' in a comment", "<a><!-- a -- b --></a>");
        texts.put("comment ending '--->'", "<a><!-- a ---></a>");
        texts.put("unclosed comment", "<a><!-- a </a>");
        texts.put("unclosed processing instruction", "<a><?p d</a>");
        texts.put("processing instruction without target", "<a><? d?></a>");
        texts.put("markup declaration in content", "<a><!ELEMENT a ANY></a>");
        texts.put("UTF-16 declared, UTF-8 given", "<?xml version='1.0' encoding='UTF-16'?><a/>");
        texts.put("DOCTYPE", "<!DOCTYPE a><a/>");
        texts.put("DOCTYPE with an internal subset", "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>");
        texts.put("DOCTYPE with an external entity", "<?xml version='1.0'?>\n<!DOCTYPE a SYSTEM 'file:///etc/passwd'>"
                + "<a/>");
        for (Map.Entry<String, String> text : texts.entrySet()) {
            cases.add(Arguments.of(text.getKey(), text.getValue().getBytes(StandardCharsets.UTF_8)));
        }
        // Bytes that are not UTF-8.
        cases.add(Arguments.of("invalid UTF-8: 0xC3 then ASCII", bytes("<a>", 0xC3, 0x28, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: a lone continuation byte", bytes("<a>", 0x80, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: 0xFF", bytes("<a>", 0xFF, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: 0xF8", bytes("<a>", 0xF8, 0x88, 0x80, 0x80, 0x80, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: an overlong '/'", bytes("<a>", 0xC0, 0xAF, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: an overlong 3 bytes", bytes("<a>", 0xE0, 0x80, 0xAF, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: an encoded surrogate", bytes("<a>", 0xED, 0xA0, 0x80, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: beyond U+10FFFF", bytes("<a>", 0xF4, 0x90, 0x80, 0x80, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: 0xF5", bytes("<a>", 0xF5, 0x80, 0x80, 0x80, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: 4 bytes cut short", bytes("<a>", 0xF0, 0x9F, 0x98, "</a>")));
        cases.add(Arguments.of("invalid UTF-8: 3 bytes cut short by the end", bytes("<a>", 0xE4, 0xB8)));
        cases.add(Arguments.of("invalid UTF-8 in a name", bytes("<a", 0xC3, "/>")));
        cases.add(Arguments.of("invalid UTF-8 in an attribute value", bytes("<a x='", 0xC3, 0x28, "'/>")));
        cases.add(Arguments.of("invalid UTF-8 in a comment", bytes("<a><!--", 0xFE, "--></a>")));
        cases.add(Arguments.of("U+FFFE in text", bytes("<a>", 0xEF, 0xBF, 0xBE, "</a>")));
        cases.add(Arguments.of("invalid UTF-8 in the XML declaration",
                bytes("<?xml version='1.0' encoding='UTF-8'", 0xC3, 0x28, "?><a/>")));
        cases.add(Arguments.of("invalid UTF-8 in a name of the XML declaration",
                bytes("<?xml version='1.0' enc", 0xE4, 0xB8, "oding='UTF-8'?><a/>")));
        cases.add(Arguments.of("U+FFFF in an attribute value", bytes("<a x='", 0xEF, 0xBF, 0xBF, "'/>")));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void whatIsNotWellFormedIsRefused(String what, byte[] xml) {
        // The JDK's reader takes a DOCTYPE (SUPPORT_DTD=false only leaves its entities undefined), and a name that
        // starts with ':' (a Name of XML 1.0, not a qualified name of Namespaces in XML).
        if (!what.startsWith("DOCTYPE") && !what.equals("empty prefix")) {
            assertThat(refusal(XmlEventTrace::jdkReader, new ByteArrayInputStream(xml)))
                    .as("the JDK refuses it too (else the case is not malformed)").isNotNull();
        }
        for (int piece : new int[] {Integer.MAX_VALUE, 1, 3}) {
            InputStream in = piece == Integer.MAX_VALUE ? new ByteArrayInputStream(xml)
                    : XmlEventTrace.inPieces(xml, new SplittableRandom(piece), piece);
            Throwable refusal = refusal(UNDER_TEST::open, in);
            assertThat(refusal).as("%s (%s) read in pieces of up to %d bytes", what,
                    XmlEventTrace.quote(new String(xml, StandardCharsets.ISO_8859_1)), piece)
                    .isNotNull().isInstanceOf(XMLStreamException.class);
            assertThat(((XMLStreamException) refusal).getLocation()).as("where %s is refused", what).isNotNull();
        }
        Throwable fromArray = refusal(in -> fromArray(in.readAllBytes()), new ByteArrayInputStream(xml));
        assertThat(fromArray).as("%s from a byte array", what).isNotNull().isInstanceOf(XMLStreamException.class);
    }

    /** What reading {@code in} to its end throws, or null when it reads without complaint. */
    private static Throwable refusal(ThrowingFactory factory, InputStream in) {
        try {
            XMLStreamReader reader = factory.open(in);
            XmlEventTrace.drain(reader);
            return null;
        } catch (Throwable refused) {
            return refused;
        }
    }

    @FunctionalInterface
    private interface ThrowingFactory {
        XMLStreamReader open(InputStream in) throws Exception;
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Random well-formed documents

    @Test
    void randomDocumentsInRandomPiecesReadAsTheJdkReadsThem() {
        PropertyRunner.forAll(300, draw -> {
            SplittableRandom random = new SplittableRandom(draw.seed());
            byte[] xml = new RandomDocument(random, draw.ints(1, 40)).document().getBytes(StandardCharsets.UTF_8);
            int maxPiece = draw.of(1, 2, 3, 5, 8, 64, 4096);
            List<String> expected = XmlEventTrace.jdkTrace(xml);
            assertSameTrace(xml, expected, UNDER_TEST.open(XmlEventTrace.inPieces(xml, random, maxPiece)),
                    "1 to " + maxPiece + " bytes a read");
            assertSameTrace(xml, expected, fromArray(xml), "a byte array");
        });
    }

    @Test
    void largeRandomDocumentsReadAsTheJdkReadsThem() {
        PropertyRunner.forAll(6, draw -> {
            SplittableRandom random = new SplittableRandom(draw.seed());
            byte[] xml = new RandomDocument(random, 3_000).document().getBytes(StandardCharsets.UTF_8);
            List<String> expected = XmlEventTrace.jdkTrace(xml);
            assertSameTrace(xml, expected, UNDER_TEST.open(XmlEventTrace.inPieces(xml, random, 20_000)),
                    "up to 20000 bytes a read");
        });
    }

    @Test
    void everyTruncatedDocumentIsRefused() {
        PropertyRunner.forAll(100, draw -> {
            SplittableRandom random = new SplittableRandom(draw.seed());
            byte[] xml = new RandomDocument(random, draw.ints(1, 10)).document().getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 8; i++) {
                int cut = random.nextInt(xml.length);
                byte[] truncated = java.util.Arrays.copyOf(xml, cut);
                if (refusal(XmlEventTrace::jdkReader, new ByteArrayInputStream(truncated)) == null) {
                    continue; // cut after the document element: only misc lost
                }
                assertRefused(truncated, "the document cut at byte " + cut, random);
            }
        });
    }

    /**
     * A random document with one byte changed, inserted or removed: where the JDK refuses it, the reader under
     * test refuses it too (with an {@link XMLStreamException}); where the JDK takes it, the reader reads it as the JDK.
     */
    @Test
    void damagedDocumentsAreRefusedOrReadAsTheJdkReadsThem() {
        // No ':' among the bytes put in: a name with a colon where Namespaces in XML allows none (":b", a PI target
        // "p:q") is refused by Utf8XmlReader and taken by the JDK's reader, and the refusal is right.
        byte[] interesting = "<>/&;'\"=!?-[]#x \t\r\n\u0000".getBytes(StandardCharsets.ISO_8859_1);
        PropertyRunner.forAll(300, draw -> {
            SplittableRandom random = new SplittableRandom(draw.seed());
            byte[] xml = new RandomDocument(random, draw.ints(1, 8)).document().getBytes(StandardCharsets.UTF_8);
            int at = random.nextInt(xml.length);
            byte value = random.nextBoolean() ? interesting[random.nextInt(interesting.length)]
                    : (byte) random.nextInt(256);
            value = value == ':' ? (byte) ';' : value;
            ByteArrayOutputStream damaged = new ByteArrayOutputStream();
            damaged.write(xml, 0, at);
            String how;
            switch (random.nextInt(3)) {
                case 0 -> {
                    damaged.write(value);
                    damaged.write(xml, at + 1, xml.length - at - 1);
                    how = "byte " + at + " made " + (value & 0xFF);
                }
                case 1 -> {
                    damaged.write(value);
                    damaged.write(xml, at, xml.length - at);
                    how = "byte " + (value & 0xFF) + " inserted at " + at;
                }
                default -> {
                    damaged.write(xml, at + 1, xml.length - at - 1);
                    how = "byte " + at + " removed";
                }
            }
            byte[] bytes = damaged.toByteArray();
            if (refusal(XmlEventTrace::jdkReader, new ByteArrayInputStream(bytes)) != null) {
                assertRefused(bytes, how, random);
            } else {
                List<String> expected = XmlEventTrace.jdkTrace(bytes);
                assertSameTrace(bytes, expected, UNDER_TEST.open(XmlEventTrace.inPieces(bytes, random, 9)),
                        "1 to 9 bytes a read, " + how);
            }
        });
    }

    private static void assertRefused(byte[] xml, String what, SplittableRandom random) {
        for (int piece : new int[] {Integer.MAX_VALUE, 1 + random.nextInt(16)}) {
            InputStream in = piece == Integer.MAX_VALUE ? new ByteArrayInputStream(xml)
                    : XmlEventTrace.inPieces(xml, random, piece);
            Throwable refusal = refusal(UNDER_TEST::open, in);
            assertThat(refusal).as("%s (%s), read in pieces of up to %d bytes", what, XmlEventTrace.quote(
                    abbreviate(xml)), piece).isNotNull().isInstanceOf(XMLStreamException.class);
        }
    }

    @Test
    void largeDocumentsInOtherEncodingsInPieces() throws XMLStreamException {
        SplittableRandom random = new SplittableRandom(7);
        StringBuilder text = new StringBuilder("<?xml version='1.0' encoding='ENCODING'?>\r\n<root a='é'>");
        for (int i = 0; i < 20_000; i++) {
            text.append("<élément n='").append(i).append("' v=\"ÿ&amp;\r\n\">Grüße ").append(i)
                    .append(" &#x1F600; <![CDATA[©]]>\r\n</élément>\n");
        }
        text.append("</root>");
        for (Charset charset : List.of(StandardCharsets.ISO_8859_1, StandardCharsets.UTF_16,
                StandardCharsets.US_ASCII)) {
            String xml = text.toString().replace("ENCODING", charset.name());
            if (charset == StandardCharsets.US_ASCII) {
                xml = xml.replace("élément", "element").replace("é", "&#233;").replace("ÿ", "&#255;")
                        .replace("ü", "&#252;").replace("ß", "&#223;").replace("©", "c");
            }
            byte[] bytes = xml.getBytes(charset);
            List<String> expected = XmlEventTrace.jdkTrace(bytes);
            assertSameTrace(bytes, expected, UNDER_TEST.open(XmlEventTrace.inPieces(bytes, random, 3000)),
                    charset + " in up to 3000 bytes a read");
            assertSameTrace(bytes, expected, fromArray(bytes), charset + " from a byte array");
        }
    }

    /** A random well-formed document. */
    static final class RandomDocument {
        private static final String[] NAME_START = {"a", "b", "x", "Z", "_", "é", "ß", "中", "Ω", "À", "ñ"};
        private static final String[] NAME_CHAR = {"a", "q", "Z", "0", "9", "-", ".", "_", "·", "é", "中", "ÿ"};
        private static final String[] PREFIXES = {"p", "q", "ns1", "é", "a-b", "x.y"};
        private static final String[] URIS = {"urn:a", "urn:b", "http://example.com/ns?x=1&amp;y=2",
            "urn:ü:中", "urn:&#x1F600;", "urn:a\t b", "urn:c"};
        private static final String[] CHARS = {"a", "b", "Z", "0", " ", "  ", "\t", "\n", "\r\n", "\r", "é", "ß", "中",
            "€", "😀", "𝄞", "\u00A0", "\u0085", "\u2028", "\u007F", "\uFFFD", "\uFEFF", "'", "\"", ">", "]", "-",
            "?", "=", "/", ";", "#"};
        private static final String[] REFERENCES = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#9;", "&#10;",
            "&#13;", "&#x20;", "&#60;", "&#x3C;", "&#38;", "&#x1F600;", "&#128512;", "&#233;", "&#x00E9;",
            "&#x10FFFF;", "&#xD7FF;", "&#xE000;", "&#xFFFD;", "&#65;", "&#x000041;"};
        private static final String[] SPACES = {" ", " ", " ", "\t", "\n", "\r\n", "\r", "  "};

        private final SplittableRandom random;
        private final int rootChildren;
        private final StringBuilder out = new StringBuilder();

        RandomDocument(SplittableRandom random, int rootChildren) {
            this.random = random;
            this.rootChildren = rootChildren;
        }

        String document() {
            if (random.nextInt(3) > 0) {
                out.append("<?xml").append(space()).append("version").append(eq()).append(quoted("1.0"));
                if (random.nextBoolean()) {
                    out.append(space()).append("encoding").append(eq())
                            .append(quoted(pick("UTF-8", "utf-8")));
                }
                if (random.nextInt(3) == 0) {
                    out.append(space()).append("standalone").append(eq()).append(quoted(pick("yes", "no")));
                }
                out.append(optionalSpace()).append("?>");
            }
            misc();
            element(0, new HashMap<>(Map.of("xml", "http://www.w3.org/XML/1998/namespace")), rootChildren);
            misc();
            return out.toString();
        }

        private void misc() {
            for (int i = random.nextInt(4); i > 0; i--) {
                switch (random.nextInt(3)) {
                    case 0 -> comment();
                    case 1 -> processingInstruction();
                    default -> out.append(space());
                }
            }
        }

        private void element(int depth, Map<String, String> parentScope, int children) {
            Map<String, String> scope = new HashMap<>(parentScope);
            List<String> parts = new ArrayList<>();
            if (random.nextInt(4) == 0) {
                String uri = random.nextInt(4) == 0 ? "" : pick(URIS);
                parts.add("xmlns" + eq() + quoted(uri));
                scope.put("", uri);
            }
            Set<String> declared = new HashSet<>();
            for (int i = random.nextInt(4) == 0 ? random.nextInt(1, 4) : 0; i > 0; i--) {
                String prefix = pick(PREFIXES);
                if (declared.add(prefix)) {
                    String uri = pick(URIS);
                    parts.add("xmlns:" + prefix + eq() + quoted(uri));
                    scope.put(prefix, uri);
                }
            }
            List<String> prefixes = new ArrayList<>(scope.keySet());
            prefixes.remove("");
            prefixes.remove("xml");
            prefixes.sort(null);
            String name = (prefixes.isEmpty() || random.nextBoolean() ? "" : pick(prefixes) + ":") + name();
            Set<String> attributeNames = new HashSet<>();
            for (int i = random.nextInt(3) == 0 ? random.nextInt(1, 6) : 0; i > 0; i--) {
                String prefix = random.nextInt(3) > 0 ? "" : random.nextInt(4) == 0 || prefixes.isEmpty() ? "xml"
                        : pick(prefixes);
                String local = name();
                // Unique by expanded name: two prefixes of one namespace make the same name.
                String expanded = (prefix.isEmpty() ? "" : unescape(scope.get(prefix))) + "}" + local;
                if (attributeNames.add(expanded)) {
                    parts.add((prefix.isEmpty() ? "" : prefix + ":") + local + eq() + attributeValue());
                }
            }
            shuffle(parts);
            out.append('<').append(name);
            for (String part : parts) {
                out.append(space()).append(part);
            }
            out.append(optionalSpace());
            if (children == 0 && depth > 0 && random.nextInt(3) == 0) {
                out.append("/>");
                return;
            }
            out.append('>');
            for (int i = 0; i < children; i++) {
                switch (random.nextInt(depth >= 6 ? 3 : 6)) {
                    case 0, 1 -> text();
                    case 2 -> {
                        switch (random.nextInt(3)) {
                            case 0 -> comment();
                            case 1 -> processingInstruction();
                            default -> cdata();
                        }
                    }
                    default -> element(depth + 1, scope, random.nextInt(4) == 0 ? 0 : random.nextInt(6));
                }
            }
            if (random.nextBoolean()) {
                text();
            }
            out.append("</").append(name).append(optionalSpace()).append('>');
        }

        /** A name with no colon: non-ASCII now and then, long now and then (past a small buffer). */
        private String name() {
            StringBuilder name = new StringBuilder(pick(NAME_START));
            int length = random.nextInt(30) == 0 ? random.nextInt(100, 400) : random.nextInt(0, 8);
            for (int i = 0; i < length; i++) {
                name.append(pick(NAME_CHAR));
            }
            // "xml..." names are reserved; "xmlns" would be a declaration.
            return name.toString().toLowerCase(java.util.Locale.ROOT).startsWith("xml") ? "_" + name : name.toString();
        }

        private String attributeValue() {
            char quote = random.nextBoolean() ? '\'' : '"';
            StringBuilder value = new StringBuilder().append(quote);
            for (int i = length(); i > 0; i--) {
                if (random.nextInt(5) == 0) {
                    value.append(pick(REFERENCES));
                } else {
                    String piece = pick(CHARS);
                    value.append(piece.equals(String.valueOf(quote)) ? (quote == '"' ? "&quot;" : "&apos;") : piece);
                }
            }
            return value.append(quote).toString();
        }

        private void text() {
            for (int i = length(); i > 0; i--) {
                if (random.nextInt(5) == 0) {
                    out.append(pick(REFERENCES));
                } else {
                    String piece = pick(CHARS);
                    if (piece.equals(">") && out.length() >= 2 && out.charAt(out.length() - 1) == ']'
                            && out.charAt(out.length() - 2) == ']') {
                        piece = "&gt;"; // "]]>" is not allowed in text
                    }
                    out.append(piece);
                }
            }
        }

        /** 0 to 12 pieces mostly, a few hundred now and then. */
        private int length() {
            return random.nextInt(20) == 0 ? random.nextInt(100, 600) : random.nextInt(13);
        }

        private void cdata() {
            StringBuilder content = new StringBuilder();
            for (int i = length(); i > 0; i--) {
                content.append(random.nextInt(6) == 0 ? pick("<", "&", "&amp;", "<b>", "]]", "]") : pick(CHARS));
            }
            out.append("<![CDATA[").append(content.toString().replace("]]>", "]] >")).append("]]>");
        }

        private void comment() {
            StringBuilder content = new StringBuilder();
            for (int i = length(); i > 0; i--) {
                content.append(random.nextInt(6) == 0 ? pick("<", "&", "&amp;", "<b>", "-x", "]]>") : pick(CHARS));
            }
            String text = content.toString();
            while (text.contains("--")) {
                text = text.replace("--", "-y-");
            }
            out.append("<!--").append(text).append(text.endsWith("-") ? " " : "").append("-->");
        }

        private void processingInstruction() {
            out.append("<?").append(name());
            if (random.nextBoolean()) {
                StringBuilder content = new StringBuilder();
                for (int i = length(); i > 0; i--) {
                    content.append(random.nextInt(6) == 0 ? pick("<", "&", "&amp;", "<b>", "?", "]]>") : pick(CHARS));
                }
                out.append(space()).append(content.toString().replace("?>", "? >"));
                if (out.charAt(out.length() - 1) == '?') {
                    out.append(' ');
                }
            }
            out.append("?>");
        }

        private String quoted(String value) {
            char quote = random.nextBoolean() ? '\'' : '"';
            return quote + value + quote;
        }

        private String eq() {
            return optionalSpace() + "=" + optionalSpace();
        }

        private String space() {
            StringBuilder space = new StringBuilder(pick(SPACES));
            for (int i = random.nextInt(4) == 0 ? random.nextInt(3) : 0; i > 0; i--) {
                space.append(pick(SPACES));
            }
            return space.toString();
        }

        private String optionalSpace() {
            return random.nextInt(3) == 0 ? space() : "";
        }

        private String pick(String... values) {
            return values[random.nextInt(values.length)];
        }

        private String pick(List<String> values) {
            return values.get(random.nextInt(values.size()));
        }

        private void shuffle(List<String> values) {
            for (int i = values.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                String swapped = values.get(i);
                values.set(i, values.get(j));
                values.set(j, swapped);
            }
        }

        /** A namespace as declared, as a reader gives it: only the references of {@link #URIS} expanded. */
        private static String unescape(String uri) {
            return uri.replace("&amp;", "&").replace("&#x1F600;", "😀").replace("\t", " ");
        }
    }
}
