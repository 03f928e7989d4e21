package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Ids and references to them ({@code @xml(id = true)}, {@code @xml(idref = true)}: XML Schema's ID and IDREF, as
 * FpML's parties and their {@code href}s): a record whose references name its ids reads and writes back equal,
 * whichever comes first; an id repeated, or a reference to no id of a record that is the whole document, is refused
 * where it is (an attribute's place is its element's start tag's end, as for any attribute's error), naming the
 * field; a record in a larger document has ids of its own and may refer outside itself.
 */
class XmlIdentityBindingTest {
    static final String SCHEMA = String.join("\n",
            "package a;",
            "record Party { id: string @xml(attribute = true, id = true); name: string; }",
            "record PartyReference { href: string @xml(attribute = true, idref = true); }",
            "record Payment { payer: PartyReference; receiver: PartyReference; }",
            "@xml(name = \"doc\", namespace = \"urn:a\")",
            "record Doc {",
            "    payment: list<Payment>;",
            "    party: list<Party>;",
            "    agent: string optional @xml(idref = true);",
            "    other: list<string> optional @xml(any = true, namespace = \"##other\");",
            "}");

    static final String DOC = String.join("\n",
            "<doc xmlns='urn:a'>",
            "  <payment><payer href='p1'/><receiver href='p2'/></payment>",
            "  <payment><payer href='p2'/><receiver href='p1'/></payment>",
            "  <party id='p1'><name>One</name></party>",
            "  <party id='p2'><name>Two</name></party>",
            "  <agent>p2</agent>",
            "</doc>");

    private static final Generated GENERATED = Generated.compile(Map.of("a.sdo", SCHEMA));

    @Test
    void referencesToIdsBeforeOrAfterThemReadAndWriteBackEqual() {
        Object doc = read(DOC);
        List<?> payments = (List<?>) Generated.call(doc, "getPayment");
        assertThat(Generated.call(Generated.call(payments.get(0), "getPayer"), "getHref")).isEqualTo("p1");
        assertThat(Generated.call(doc, "getAgent")).isEqualTo("p2");

        assertThat(readAll(GENERATED.writeXml("a.Doc", List.of(doc)))).containsExactly(doc);
    }

    /**
     * An id is a name, whose white space XML Schema collapses: {@code " p2 "} is the id {@code p2}, and is kept as
     * written.
     */
    @Test
    void idsAndReferencesAreComparedWithoutTheirSurroundingWhiteSpace() {
        Object doc = read(DOC.replace("<party id='p2'>", "<party id=' p2 '>").replace("<agent>p2", "<agent> p2 "));
        List<?> parties = (List<?>) Generated.call(doc, "getParty");
        assertThat(Generated.call(parties.get(1), "getId")).isEqualTo(" p2 ");

        assertThatThrownBy(() -> read(DOC.replace("<party id='p2'>", "<party id=' p1 '>")))
                .isInstanceOf(TextInputException.class).hasMessageContaining("the id \"p1\" is already the id");
    }

    @Test
    void aRepeatedIdIsRefusedWhereItRepeatsNamingTheFirst() {
        String repeated = DOC.replace("<party id='p2'>", "<party id='p1'>");

        assertThatThrownBy(() -> read(repeated)).isInstanceOf(TextInputException.class)
                .hasMessage("d.xml:5:18: error: Doc.party[1].id: the id \"p1\" is already the id of the element at"
                        + " line 4, column 18; the ids of a record are each other's to tell apart (xsd:ID)");
    }

    @Test
    void aReferenceToNoIdIsRefusedWhereItIsNamingTheField() {
        assertThatThrownBy(() -> read(DOC.replace("<receiver href='p1'/>", "<receiver href='p3'/>")))
                .isInstanceOf(TextInputException.class)
                .hasMessage("d.xml:3:51: error: Doc...receiver.href: \"p3\" is the id of no element of the record"
                        + " (xsd:IDREF)");
        assertThatThrownBy(() -> read(DOC.replace("<agent>p2</agent>", "<agent>P2</agent>")))
                .isInstanceOf(TextInputException.class)
                .hasMessage("d.xml:6:10: error: Doc.agent: \"P2\" is the id of no element of the record (xsd:IDREF)");
    }

    /**
     * Which attributes of raw XML are ids is its own schema's to say: a reference may name any of their values, and
     * none of them repeats an id (an FpML element in an xmldsig wildcard has ids of its own).
     */
    @Test
    void aReferenceMayNameAnAttributeValueOfRawXml() {
        String raw = DOC.replace("<agent>p2</agent>",
                "<agent>p9</agent><x:thing xmlns:x='urn:x' key='p9'><x:inner ref='p1'/></x:thing>");
        Object doc = read(raw);
        assertThat(Generated.call(doc, "getAgent")).isEqualTo("p9");

        assertThatThrownBy(() -> read(raw.replace("key='p9'", "key='p8'"))).isInstanceOf(TextInputException.class)
                .hasMessageContaining("Doc.agent: \"p9\" is the id of no element of the record");
    }

    /**
     * A record in a larger document (a {@code <records>} file of them, or deeper) is a part of it: its ids are its
     * own, and its references may name ids outside it (FpML's trades, their parties beside them), so only a record
     * that is the whole document has its references checked.
     */
    @Test
    void aRecordInALargerDocumentHasIdsOfItsOwnAndMayReferOutside() {
        String inner = DOC.replace("<doc xmlns='urn:a'>", "<doc>");
        assertThat(readAll("<records xmlns='urn:a'>" + inner + inner + "</records>")).hasSize(2);

        String partyless = inner.replace("<party id='p2'><name>Two</name></party>", "");
        assertThat(readAll("<records xmlns='urn:a'>" + partyless + "</records>")).hasSize(1);

        String repeated = inner.replace("<party id='p2'>", "<party id='p1'>");
        assertThatThrownBy(() -> readAll("<records xmlns='urn:a'>" + inner + repeated + "</records>"))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("Doc.party[1].id: the id \"p1\" is already the id of the element at line 10,");
    }

    private static Object read(String xml) {
        return GENERATED.readOneXml("a.Doc", xml, "d.xml");
    }

    private static List<Object> readAll(String xml) {
        return GENERATED.readXml("a.Doc", xml, "d.xml");
    }
}
