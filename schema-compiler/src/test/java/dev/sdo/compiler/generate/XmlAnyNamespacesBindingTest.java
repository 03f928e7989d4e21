package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Raw XML fields and alternatives whose {@code @xml(namespace)} names the namespaces their elements may be in (XML
 * Schema's {@code xsd:any namespace="##other"}): they take an element of those namespaces and leave every other to
 * the particles after them. Without the constraint, a raw XML field takes any element that no later particle of its
 * record begins, which in a repeated sequence (xmldsig's {@code SPKIData}: {@code (SPKISexp, any ##other?)+}) is the
 * next repetition's first element, and an optional raw XML alternative (FpML's abstract {@code additionalEvent},
 * which no element of the schema stands for) takes the element after its union.
 */
class XmlAnyNamespacesBindingTest {
    private static final String SCHEMA = String.join("\n",
            "package a;",
            "record Sexp { key: string; extra: string optional @xml(any = true, namespace = \"##other\"); }",
            "union Event { trade: string; additional: string @xml(any = true, namespace = \"##other\"); }",
            "@xml(name = \"doc\", namespace = \"urn:a\")",
            "record Doc {",
            "    event: Event optional;",
            "    sexps: list<Sexp> @xml(inline = true);",
            "    listed: list<string> @xml(any = true, namespace = \"urn:l ##local\");",
            "    tail:  string;",
            "}");

    private static final Generated GENERATED = Generated.compile(Map.of("a.sdo", SCHEMA));

    @Test
    void aRawXmlFieldOfARepeatedSequenceLeavesTheNextRepetitionsElement() throws Exception {
        Object doc = read("<doc xmlns='urn:a'><key>k1</key><key>k2</key><o:x xmlns:o='urn:o'>v</o:x><key>k3</key>"
                + "<tail>t</tail></doc>");

        List<?> sexps = (List<?>) Generated.call(doc, "getSexps");
        assertThat(sexps).extracting(s -> Generated.call(s, "getKey")).containsExactly("k1", "k2", "k3");
        assertThat(sexps).extracting(s -> Generated.call(s, "getExtra"))
                .containsExactly(null, "<o:x xmlns:o=\"urn:o\">v</o:x>", null);
        assertThat(Generated.call(doc, "getTail")).isEqualTo("t");
        assertThat(readAll(write(doc))).containsExactly(doc);
    }

    @Test
    void anOptionalRawXmlAlternativeLeavesAnElementOfItsOwnNamespace() throws Exception {
        Object absent = read("<doc xmlns='urn:a'><key>k</key><tail>t</tail></doc>");
        assertThat(Generated.call(absent, "getEvent")).isNull();
        assertThat(Generated.call(absent, "getTail")).isEqualTo("t");

        Object present = read("<doc xmlns='urn:a'><e:event xmlns:e='urn:ext'/><key>k</key><tail>t</tail></doc>");
        assertThat(Generated.call(Generated.call(present, "getEvent"), "getAdditional"))
                .isEqualTo("<e:event xmlns:e=\"urn:ext\"></e:event>");
        assertThat(readAll(write(present))).containsExactly(present);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aListOfNamespacesTakesThoseAndNoOther() throws Exception {
        // <y> in no namespace is not the sequence's (##other takes a namespace): the list takes it and <l:x>.
        Object doc = read("<doc xmlns='urn:a'><key>k</key><y xmlns=''/><l:x xmlns:l='urn:l'/><tail>t</tail></doc>");
        assertThat((List<Object>) Generated.call(doc, "getListed"))
                .containsExactly("<y xmlns=\"\"></y>", "<l:x xmlns:l=\"urn:l\"></l:x>");
        assertThat(readAll(write(doc))).containsExactly(doc);

        assertThatThrownBy(() -> read("<doc xmlns='urn:a'><key>k</key><y xmlns=''/><o:x xmlns:o='urn:o'/>"
                + "<tail>t</tail></doc>"))
                .isInstanceOf(TextInputException.class)
                // <o:x> could begin the event before the sequence, which is then out of place.
                .hasMessageContaining("element <x> (namespace \"urn:o\") is out of order or repeated")
                .hasMessageContaining("(any element in no namespace or namespace \"urn:l\"), tail");
    }

    @Test
    void anElementOfNoAllowedNamespaceIsAnErrorNamingWhatIsAllowed() {
        assertThatThrownBy(() -> read("<doc xmlns='urn:a'><key>k</key><bogus/><tail>t</tail></doc>"))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("unexpected element <bogus>")
                .hasMessageContaining("(any element in a namespace other than \"urn:a\")");
    }

    private static Object read(String xml) {
        return GENERATED.readOneXml("a.Doc", xml, "d.xml");
    }

    private static List<Object> readAll(String xml) {
        return GENERATED.readXml("a.Doc", xml, "d.xml");
    }

    private static String write(Object doc) {
        return GENERATED.writeXml("a.Doc", List.of(doc));
    }
}
