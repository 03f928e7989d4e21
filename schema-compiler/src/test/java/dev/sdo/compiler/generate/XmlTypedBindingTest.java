package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Abstract records under an element of their own whose {@code xsi:type} names the concrete extension
 * ({@code @xml(typed = true)}, XML Schema's type substitution: FpML's {@code paymentRule}, a non-abstract element of
 * the abstract type {@code PaymentRule}): a field, a list and a union's alternative, read, written and read back;
 * types in the element's namespace unprefixed, in another with a prefix declared for it; xsi:type missing or naming
 * no extension refused at the element, naming the field.
 */
class XmlTypedBindingTest {
    static final String SCHEMA = String.join("\n",
            "package a;",
            "abstract record Rule { id: string optional @xml(attribute = true); }",
            "record PercentageRule extends Rule { percent: decimal; }",
            "@xml(namespace = \"urn:b\")",
            "record OtherRule extends Rule { note: string; }",
            "union Choice { amount: decimal; event: Rule @xml(typed = true); }",
            "@xml(name = \"doc\", namespace = \"urn:a\")",
            "record Doc {",
            "    paymentRule: Rule @xml(typed = true);",
            "    rules: list<Rule> @xml(typed = true, name = \"rule\");",
            "    maybe: Rule optional @xml(typed = true);",
            "    choice: Choice optional;",
            "    tail: string;",
            "}");

    static final String DOC = "<doc xmlns='urn:a' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
            + " xmlns:b='urn:b'>"
            + "<paymentRule xsi:type='PercentageRule' id='r1'><percent>0.1</percent></paymentRule>"
            + "<rule xsi:type='b:OtherRule'><b:note>n1</b:note></rule>"
            + "<rule xsi:type=' PercentageRule '><percent>2</percent></rule>"
            + "<event xsi:type='b:OtherRule'><note xmlns='urn:b'>n2</note></event>"
            + "<tail>t</tail></doc>";

    private static final Generated GENERATED = Generated.compile(Map.of("a.sdo", SCHEMA));

    @Test
    void readsTheExtensionItsXsiTypeNames() throws Exception {
        Object doc = read(DOC);

        Object rule = Generated.call(doc, "getPaymentRule");
        assertThat(rule.getClass().getSimpleName()).startsWith("PercentageRule");
        assertThat((BigDecimal) Generated.call(rule, "getPercent")).isEqualByComparingTo("0.1");
        assertThat(Generated.call(rule, "getId")).isEqualTo("r1");
        List<?> rules = (List<?>) Generated.call(doc, "getRules");
        assertThat(rules).extracting(r -> r.getClass().getSimpleName().replaceAll("Bean$", ""))
                .containsExactly("OtherRule", "PercentageRule");
        assertThat(Generated.call(rules.get(0), "getNote")).isEqualTo("n1");
        assertThat(Generated.call(doc, "getMaybe")).isNull();
        Object event = Generated.call(Generated.call(doc, "getChoice"), "getEvent");
        assertThat(Generated.call(event, "getNote")).isEqualTo("n2");
    }

    @Test
    void writesXsiTypeSoThatItReadsBackEqual() throws Exception {
        Object doc = read(DOC);
        String written = write(doc);

        // In the element's namespace, unprefixed; in another, with a prefix declared on the element.
        assertThat(written).contains("<paymentRule xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xsi:type=\"PercentageRule\" id=\"r1\">");
        String other = " xmlns:(\\w+)=\"urn:b\" xmlns:xsi=\"[^\"]+\" xsi:type=\"\\1:OtherRule\">";
        assertThat(written).containsPattern("<rule" + other).containsPattern("<event" + other);
        assertThat(readAll(written)).containsExactly(doc);
    }

    @Test
    void anElementWithoutXsiTypeIsAnErrorNamingTheTypes() {
        assertThatThrownBy(() -> read(DOC.replace(" xsi:type='PercentageRule'", "")))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("d.xml:1:")
                .hasMessageContaining("Doc.paymentRule: <paymentRule> needs xsi:type naming its type:"
                        + " PercentageRule, {urn:b}OtherRule");
    }

    @Test
    void anXsiTypeNamingNoExtensionIsAnErrorNamingTheTypes() {
        assertThatThrownBy(() -> read(DOC.replace("xsi:type='PercentageRule'", "xsi:type='b:PercentageRule'")))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("Doc.paymentRule: xsi:type \"b:PercentageRule\" of <paymentRule> names no type"
                        + " it may hold ({urn:b}PercentageRule); its types: PercentageRule, {urn:b}OtherRule");
        assertThatThrownBy(() -> read(DOC.replace("xsi:type='PercentageRule'", "xsi:type='Rule'")))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("xsi:type \"Rule\" of <paymentRule> names no type it may hold");
        assertThatThrownBy(() -> read(DOC.replace("xsi:type='PercentageRule'", "xsi:type='c:PercentageRule'")))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("has a prefix that no namespace declaration binds");
    }

    @Test
    void aMissingRequiredElementIsNamedAsAnyFieldsIs() {
        assertThatThrownBy(() -> read(DOC.replaceAll("<paymentRule.*</paymentRule>", "")))
                .isInstanceOf(TextInputException.class)
                .hasMessageContaining("Doc.paymentRule: the element <paymentRule> is missing");
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
