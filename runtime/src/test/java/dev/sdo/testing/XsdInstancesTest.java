package dev.sdo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@link XsdInstances} on small hand-written schemas (src/test/resources/xsd-instances), one construct of XML Schema
 * after the other: every document valid for the JDK's validator, the same bytes for the same seed, and over the
 * seeds every element, attribute and enumeration value of the schema written at least once.
 */
class XsdInstancesTest {
    private static final int SEEDS = 200;
    private static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;

    static Path fixture(String name) {
        try {
            return Path.of(XsdInstancesTest.class.getResource("/xsd-instances/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Schema validatorSchema(Path xsd) throws Exception {
        return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd.toFile());
    }

    /** What the documents of a fixture wrote, by local name: elements, attributes, values (and their tokens). */
    static final class Seen {
        final TreeSet<String> elements = new TreeSet<>();
        final TreeSet<String> attributes = new TreeSet<>();
        final TreeSet<String> values = new TreeSet<>();
        final TreeSet<String> xsiTypes = new TreeSet<>();
        final List<Document> documents = new ArrayList<>();

        void add(Document document) {
            documents.add(document);
            add(document.getDocumentElement());
        }

        private void add(Element e) {
            elements.add(e.getLocalName());
            NamedNodeMap attrs = e.getAttributes();
            for (int i = 0; i < attrs.getLength(); i++) {
                Attr a = (Attr) attrs.item(i);
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())) {
                    continue;
                }
                if (XSI.equals(a.getNamespaceURI())) {
                    xsiTypes.add(a.getValue().substring(a.getValue().indexOf(':') + 1));
                    continue;
                }
                attributes.add(a.getLocalName());
                value(a.getValue());
            }
            StringBuilder text = new StringBuilder();
            for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element child) {
                    add(child);
                } else if (n.getNodeType() == Node.TEXT_NODE) {
                    text.append(n.getNodeValue());
                }
            }
            value(text.toString());
        }

        private void value(String value) {
            values.add(value);
            values.addAll(Arrays.asList(value.trim().split("\\s+")));
        }
    }

    static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    /** Every root, {@value #SEEDS} seeds each: valid, deterministic; what was written. */
    static Seen generateAll(XsdInstances instances, Schema schema, List<QName> roots) throws Exception {
        Seen seen = new Seen();
        for (QName root : roots) {
            for (long seed = 0; seed < SEEDS; seed++) {
                byte[] xml = instances.document(root, seed);
                String failure = validate(schema, xml);
                if (failure != null) {
                    fail("seed " + seed + ", root " + root + ": " + failure + "\n" + new String(xml,
                            StandardCharsets.UTF_8));
                }
                assertThat(instances.document(root, seed)).as("seed %d, root %s: the same bytes again", seed, root)
                        .isEqualTo(xml);
                seen.add(parse(xml));
            }
        }
        return seen;
    }

    static String validate(Schema schema, byte[] xml) {
        try {
            schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
            return null;
        } catch (Exception e) {
            return e.getMessage();
        }
    }

    /** The names of the element and attribute declarations and the enumeration values of the fixture files. */
    static Seen declared(String... files) throws Exception {
        Seen declared = new Seen();
        for (String file : files) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Document xsd = factory.newDocumentBuilder().parse(fixture(file).toFile());
            NodeList all = xsd.getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, "*");
            for (int i = 0; i < all.getLength(); i++) {
                Element e = (Element) all.item(i);
                switch (e.getLocalName()) {
                    case "element" -> {
                        if (e.hasAttribute("name") && !"true".equals(e.getAttribute("abstract"))) {
                            declared.elements.add(e.getAttribute("name"));
                        }
                    }
                    case "attribute" -> {
                        if (e.hasAttribute("name") && !"prohibited".equals(e.getAttribute("use"))) {
                            declared.attributes.add(e.getAttribute("name"));
                        }
                    }
                    case "enumeration" -> declared.values.add(e.getAttribute("value"));
                    default -> {
                    }
                }
            }
        }
        return declared;
    }

    @ParameterizedTest
    @ValueSource(strings = {"main.xsd main-included.xsd other.xsd", "simple-types.xsd chameleon.xsd",
        "substitution.xsd"})
    void everyDocumentIsValidTheSameForItsSeedAndTheSeedsCoverTheSchema(String files) throws Exception {
        String[] names = files.split(" ");
        // xsi:type sometimes on non-abstract types too, so that the elements of types only derived ones have come up
        XsdInstances instances = XsdInstances.load(fixture(names[0]))
                .withOptions(XsdInstances.Options.defaults().withXsiTypeProbability(0.2));
        Seen seen = generateAll(instances, validatorSchema(fixture(names[0])), instances.globalElements());
        Seen declared = declared(names);
        assertThat(seen.elements).as("elements written").containsAll(declared.elements);
        assertThat(seen.attributes).as("attributes written").containsAll(declared.attributes);
        assertThat(seen.values).as("enumeration values written").containsAll(declared.values);
    }

    @Test
    void includedAndImportedDeclarationsAreRootsToo() {
        XsdInstances instances = XsdInstances.load(fixture("main.xsd"));
        assertThat(instances.globalElements()).containsExactly(new QName("urn:test:main", "note"),
                new QName("urn:test:main", "order"), new QName("urn:test:other", "item"));
    }

    @Test
    void attributesFixedDefaultProhibitedAndIdrefs() throws Exception {
        XsdInstances instances = XsdInstances.load(fixture("main.xsd"));
        Seen seen = generateAll(instances, validatorSchema(fixture("main.xsd")),
                List.of(new QName("urn:test:main", "order")));
        TreeSet<String> status = new TreeSet<>();
        boolean statusLeftOut = false;
        int links = 0;
        for (Document d : seen.documents) {
            Element order = d.getDocumentElement();
            if (order.hasAttribute("version")) {
                assertThat(order.getAttribute("version")).isEqualTo("1.0");
            }
            statusLeftOut |= !order.hasAttribute("status");
            if (order.hasAttribute("status")) {
                status.add(order.getAttribute("status"));
            }
            TreeSet<String> ids = new TreeSet<>();
            collectAttribute(order, "id", ids);
            NodeList shortLines = d.getElementsByTagNameNS("urn:test:main", "shortLine");
            for (int i = 0; i < shortLines.getLength(); i++) {
                assertThat(((Element) shortLines.item(i)).hasAttribute("legacy")).as("prohibited").isFalse();
            }
            NodeList linkList = d.getElementsByTagNameNS("urn:test:main", "link");
            for (int i = 0; i < linkList.getLength(); i++) {
                assertThat(ids).contains(((Element) linkList.item(i)).getAttribute("href"));
                links++;
            }
        }
        assertThat(statusLeftOut).isTrue();
        assertThat(status).containsExactly("cancelled", "draft", "final");
        assertThat(links).isGreaterThan(SEEDS / 2);
    }

    private static void collectAttribute(Element e, String name, TreeSet<String> out) {
        if (e.hasAttribute(name)) {
            out.add(e.getAttribute(name));
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                collectAttribute(child, name, out);
            }
        }
    }

    @Test
    void substitutionGroupsAbstractTypesAndWildcards() throws Exception {
        XsdInstances instances = XsdInstances.load(fixture("substitution.xsd"));
        QName drawing = new QName("urn:test:subst", "drawing");
        Seen seen = generateAll(instances, validatorSchema(fixture("substitution.xsd")), List.of(drawing));
        assertThat(seen.elements).doesNotContain("shape", "polygon")
                .contains("circle", "square", "roundedSquare", "triangle", "vehicle", "car");
        assertThat(seen.xsiTypes).as("only concrete types, for the abstract one only").containsExactly("Dog", "Fish");
        TreeSet<String> wildcardNamespaces = new TreeSet<>();
        for (Document d : seen.documents) {
            NodeList any = d.getElementsByTagNameNS("*", "anyElement");
            for (int i = 0; i < any.getLength(); i++) {
                Element e = (Element) any.item(i);
                String ns = e.getNamespaceURI() == null ? "" : e.getNamespaceURI();
                String parent = e.getParentNode().getLocalName();
                wildcardNamespaces.add(parent + " " + ns);
                assertThat(e.getElementsByTagNameNS("*", "anyChild").getLength()).isEqualTo(1);
            }
            NodeList strict = d.getElementsByTagNameNS("urn:test:subst", "extraStrict");
            for (int i = 0; i < strict.getLength(); i++) {
                Element child = firstChild((Element) strict.item(i));
                assertThat(child.getNamespaceURI()).isEqualTo("urn:test:subst");
                assertThat(instances.globalElements()).contains(new QName("urn:test:subst", child.getLocalName()));
            }
        }
        assertThat(wildcardNamespaces).containsExactly("extraAny urn:example:any", "extraList urn:test:listed",
                "extraList urn:test:subst", "extraLocal ", "extraOther urn:example:any");
    }

    private static Element firstChild(Element e) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                return child;
            }
        }
        throw new AssertionError("no child in " + e.getLocalName());
    }

    @Test
    void xsiTypeOfNonAbstractTypesOnlyWhenAsked() throws Exception {
        XsdInstances instances = XsdInstances.load(fixture("substitution.xsd"))
                .withOptions(XsdInstances.Options.defaults().withXsiTypeProbability(0.5));
        Seen seen = generateAll(instances, validatorSchema(fixture("substitution.xsd")),
                List.of(new QName("urn:test:subst", "drawing")));
        assertThat(seen.xsiTypes).contains("Cat", "Dog", "Fish").doesNotContain("Animal", "Mammal", "Pet");
    }

    @Test
    void recursionEndsPastTheMaximumDepth() throws Exception {
        for (int maxDepth = 0; maxDepth <= 4; maxDepth++) {
            XsdInstances instances = XsdInstances.load(fixture("main.xsd"))
                    .withOptions(XsdInstances.Options.defaults().withMaxDepth(maxDepth).withMaxElements(10_000));
            Schema schema = validatorSchema(fixture("main.xsd"));
            for (long seed = 0; seed < SEEDS; seed++) {
                byte[] xml = instances.document(new QName("urn:test:main", "order"), seed);
                assertThat(validate(schema, xml)).as("seed %d", seed).isNull();
                // order, tree, branch... : minimal content past maxDepth is one more branch level at most (a label)
                assertThat(depth(parse(xml).getDocumentElement())).as("seed %d, maxDepth %d", seed, maxDepth)
                        .isLessThanOrEqualTo(maxDepth + 3);
            }
        }
    }

    private static int depth(Element e) {
        int max = 0;
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                max = Math.max(max, depth(child));
            }
        }
        return max + 1;
    }

    @Test
    void idrefsNameIdsOfTheDocumentAddingAnIdWhereNeeded() throws Exception {
        XsdInstances instances = XsdInstances.load(fixture("idrefs.xsd"));
        // no optional attribute: the only ID of a document is the one added for its IDREFs
        XsdInstances noOptional = instances.withOptions(new XsdInstances.Options(10, 0.0, 3, 250, 0.0));
        Schema schema = validatorSchema(fixture("idrefs.xsd"));
        for (long seed = 0; seed < SEEDS; seed++) {
            byte[] xml = noOptional.document(new QName("", "refs"), seed);
            assertThat(validate(schema, xml)).as("seed %d", seed).isNull();
            TreeSet<String> ids = new TreeSet<>();
            collectAttribute(parse(xml).getDocumentElement(), "id", ids);
            assertThat(ids).as("seed %d", seed).hasSize(1);
        }
        for (long seed = 0; seed < SEEDS; seed++) {
            byte[] xml = instances.document(new QName("", "refs"), seed);
            assertThat(validate(schema, xml)).as("seed %d\n%s", seed, new String(xml, StandardCharsets.UTF_8))
                    .isNull();
            Document d = parse(xml);
            TreeSet<String> ids = new TreeSet<>();
            collectAttribute(d.getDocumentElement(), "id", ids);
            assertThat(ids).as("seed %d", seed).isNotEmpty();
            for (String tag : List.of("ref", "many")) {
                NodeList refs = d.getElementsByTagName(tag);
                for (int i = 0; i < refs.getLength(); i++) {
                    for (String ref : refs.item(i).getTextContent().trim().split(" ")) {
                        assertThat(ids).as("seed %d", seed).contains(ref);
                    }
                }
            }
        }
        assertThatThrownBy(() -> instances.document(new QName("", "dangling"), 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("IDREF");
    }

    @Test
    void sameBytesFromAnotherLoadOfTheSchema() {
        XsdInstances a = XsdInstances.load(fixture("main.xsd"));
        XsdInstances b = XsdInstances.load(fixture("main.xsd"));
        for (long seed = 0; seed < 20; seed++) {
            assertThat(b.document(new QName("urn:test:main", "order"), seed)).as("seed %d", seed)
                    .isEqualTo(a.document(new QName("urn:test:main", "order"), seed));
        }
    }

    @Test
    void abstractAndUnknownRootsAreRefused() {
        XsdInstances instances = XsdInstances.load(fixture("substitution.xsd"));
        assertThat(instances.globalElements()).doesNotContain(new QName("urn:test:subst", "shape"));
        assertThatThrownBy(() -> instances.document(new QName("urn:test:subst", "shape"), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> instances.document(new QName("urn:test:subst", "nothing"), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[0-2][0-9]:[0-5][0-9]:00", "5-(0|[1-9][0-9]{0,2})", "1", "0.0*1", "[A-Z]{3}",
        "a+b?c*", "(ab|cd){2,}x", "\\d{2}\\.\\-[a-c_]", "[\\-+]?x{0}y"})
    void regexSubsetMatchesWhatItGenerates(String pattern) {
        XsdRegex regex = XsdRegex.parse(pattern);
        Pattern java = Pattern.compile(pattern);
        SplittableRandom random = new SplittableRandom(pattern.hashCode());
        TreeSet<String> distinct = new TreeSet<>();
        for (int i = 0; i < 300; i++) {
            String s = regex.generate(random);
            assertThat(java.matcher(s).matches()).as("%s generated %s", pattern, s).isTrue();
            distinct.add(s);
        }
        assertThat(distinct.size() > 1 || !pattern.matches(".*[\\[*+?{|.].*")).as("variety of %s", pattern).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\p{L}+", "[^a]", "\\w", "a{2", "[a-[b]]", "\\i\\c*", "(a", "a)"})
    void regexFeaturesOutsideTheSubsetAreRefusedByName(String pattern) {
        assertThatThrownBy(() -> XsdRegex.parse(pattern)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining(pattern);
    }
}
