package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Union alternatives that are unions or abstract records (docs/unions-and-extension.md, "Unions of unions"): the
 * inner union's own encoding behind the outer union's slot (docs/record-format.md, section 5), compiled and run:
 * exact bytes, beans through SDOs and back, two levels deep, in a list and optional, and XML in and out, where the
 * element of the inner union's alternative stands for the outer alternative.
 */
@SuppressWarnings("unchecked")
class UnionOfUnionsGenerationTest {
    private static final String NS = "urn:n";

    private static final Generated GENERATED = Generated.compile(Map.of("n.sdo", String.join("\n",
            "package n;",
            "union Inner { small: uint8; text: string; }",
            "union Outer { inner: Inner; flag: bool; }",
            "@xml(name = \"r\", namespace = \"" + NS + "\")",
            "record R { x: uint8; o: Outer; }",
            "abstract record Reference { id: string optional @xml(attribute = true); }",
            "record TradeRef extends Reference { trade: uint16; }",
            "record PartyRef extends Reference { party: string; }",
            "/** FpML's PhysicalSettlementChoice and TradeLegPriceChangeChoice in one: a substitution group and an",
            " *  abstract record as alternatives. */",
            "union Choice { tradeId: string; product: Outer; reference: Reference; codes: list<uint8> @xml(name = \"code\"); }",
            "union Top { choice: Choice; n: int8; }",
            "@xml(name = \"holder\", namespace = \"" + NS + "\")",
            "record Holder {",
            "    top:     Top;",
            "    other:   Choice optional;",
            "    choices: list<Choice>;",
            "    tail:    string;",
            "}")));

    private static Object union(String name, String alternative, Object value) {
        Object bean = GENERATED.bean("n." + name, Map.of());
        GENERATED.set(bean, alternative, value);
        return bean;
    }

    @Test
    void anInnerUnionIsItsOwnEncodingBehindTheOuterSlot() {
        Object outer = union("Outer", "inner", union("Inner", "small", 7));
        Object r = GENERATED.of("n.R", GENERATED.bean("n.R", Map.of("x", 1, "o", outer)));

        // R: x in bits 0..7; Outer's 2-bit tag (1: inner) in 8..9, its inline bool in 10, its slot in 11..42 (12);
        // 43 bits, 6 bytes. Then Inner on its own: tag 1 (small) in bits 0..1, 7 in 2..9, its slot in 10..41
        // holding 6 (its start: no data of its own), 6 bytes.
        assertThat((byte[]) Generated.call(r, "toByteArray")).containsExactly(
                0x01, 0x61, 0x00, 0x00, 0x00, 0x00,
                0x1D, 0x18, 0x00, 0x00, 0x00, 0x00);
        Object read = Generated.call(Generated.call(r, "getO"), "getInner");
        assertThat(Generated.call(read, "which")).hasToString("SMALL");
        assertThat(Generated.call(read, "getSmall")).isEqualTo(7);
        assertThat(Generated.call(Generated.call(r, "getO"), "getFlag")).isNull();

        Object text = GENERATED.of("n.R", GENERATED.bean("n.R", Map.of("x", 2,
                "o", union("Outer", "inner", union("Inner", "text", "hé")))));
        // Inner's slot now ends its string: 6 + 3 = 9; Outer's slot ends Inner: 6 + 9 = 15.
        assertThat((byte[]) Generated.call(text, "toByteArray")).containsExactly(
                0x02, 0x79, 0x00, 0x00, 0x00, 0x00,
                0x02, 0x24, 0x00, 0x00, 0x00, 0x00, 'h', 0xC3, 0xA9);
        Object flag = GENERATED.of("n.R", GENERATED.bean("n.R", Map.of("x", 3,
                "o", union("Outer", "flag", true))));
        // Outer holds its inline bool: tag 2, bit 10 set, the slot holds 6 (no data).
        assertThat((byte[]) Generated.call(flag, "toByteArray")).containsExactly(0x03, 0x36, 0x00, 0x00, 0x00, 0x00);
    }

    private static List<Object> choices() {
        return List.of(
                union("Choice", "tradeId", "T-1"),
                union("Choice", "product", union("Outer", "inner", union("Inner", "text", "nested"))),
                union("Choice", "product", union("Outer", "flag", false)),
                union("Choice", "reference", GENERATED.bean("n.TradeRef", Map.of("trade", 513))),
                union("Choice", "reference", GENERATED.bean("n.PartyRef", Map.of("id", "p", "party", "ACME"))),
                union("Choice", "codes", List.of(1, 255)));
    }

    private static Object holder(Object top, Object other, List<Object> choices) {
        Map<String, Object> values = new HashMap<>();
        values.put("top", top);
        values.put("other", other);
        values.put("choices", choices);
        values.put("tail", "end");
        return GENERATED.bean("n.Holder", values);
    }

    @Test
    void beansRoundTripTwoLevelsDeepInAListAndOptional() {
        List<Object> choices = choices();
        for (Object choice : choices) {
            Object bean = holder(union("Top", "choice", choice), choice, choices);
            Object sdo = GENERATED.of("n.Holder", bean);

            // A view equals a bean where its alternatives do: an inner union's view equals its bean, a record's
            // SDO only another SDO (as for records anywhere), so records are compared as beans.
            Object top = Generated.call(sdo, "getTop");
            Object read = Generated.call(top, "getChoice");
            assertThat(Generated.call(read, "which")).isEqualTo(Generated.call(choice, "which"));
            assertThat(Generated.call(read, "toBean")).as("%s", choice).isEqualTo(choice).hasSameHashCodeAs(choice);
            assertThat(Generated.call(Generated.call(sdo, "getOther"), "toBean")).isEqualTo(choice);
            assertThat((List<Object>) Generated.call(sdo, "getChoices"))
                    .extracting(c -> Generated.call(c, "toBean")).containsExactlyElementsOf(choices);
            assertThat(Generated.call(sdo, "getTail")).isEqualTo("end");
            assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
            if (Generated.call(choice, "getReference") == null) {
                assertThat(read).isEqualTo(choice).hasSameHashCodeAs(choice);
            }
            byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
            Object wrapped = GENERATED.wrap("n.Holder", ByteBuffer.wrap(bytes), 0);
            assertThat(Generated.call(wrapped, "toBean")).isEqualTo(bean);
        }
        Object absent = GENERATED.of("n.Holder", holder(union("Top", "n", (byte) -1), null, List.of()));
        assertThat(Generated.call(absent, "getOther")).isNull();
        assertThat(Generated.call(Generated.call(absent, "getTop"), "getChoice")).isNull();
        assertThat(Generated.call(Generated.call(absent, "getTop"), "getN")).isEqualTo((byte) -1);
    }

    @Test
    void theViewsGetterIsTheInnerUnionsViewAndTheAbstractRecordsInterface() throws Exception {
        Class<?> choiceSdo = GENERATED.type("n.ChoiceSdo");
        assertThat(choiceSdo.getMethod("getProduct").getReturnType()).isEqualTo(GENERATED.type("n.OuterSdo"));
        assertThat(choiceSdo.getMethod("getReference").getReturnType()).isEqualTo(GENERATED.type("n.Reference"));
        assertThat(GENERATED.type("n.Choice").getMethod("getProduct").getReturnType())
                .isEqualTo(GENERATED.type("n.Outer"));
        assertThat(GENERATED.type("n.ChoiceBean").getMethod("setProduct", GENERATED.type("n.Outer"))).isNotNull();
        Object sdo = GENERATED.of("n.Holder", holder(union("Top", "choice", choices().get(4)), null, List.of()));
        Object reference = Generated.call(Generated.call(Generated.call(sdo, "getTop"), "getChoice"), "getReference");
        assertThat(reference.getClass().getSimpleName()).isEqualTo("PartyRefSdo");
        assertThat(Generated.call(reference, "getParty")).isEqualTo("ACME");
    }

    @Test
    void anInnerUnionHoldingNothingIsRefusedNamingTheAlternative() {
        Object empty = union("Choice", "product", GENERATED.bean("n.Outer", Map.of()));
        assertThatThrownBy(() -> GENERATED.of("n.Holder", holder(union("Top", "n", (byte) 1), empty, List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Choice.product")
                .hasMessageContaining("the required union Outer holds no alternative");
    }

    private static final String XML = """
            <holder xmlns="urn:n">
              <small>7</small>
              <partyRef id="p"><party>ACME</party></partyRef>
              <tradeId>T-2</tradeId>
              <text>nested</text>
              <flag>true</flag>
              <tradeRef><trade>9</trade></tradeRef>
              <code>1</code><code>2</code>
              <tail>end</tail>
            </holder>
            """;

    @Test
    void theElementOfTheInnerAlternativePicksTheOuterOneInXml() throws Exception {
        Object holder = GENERATED.readXml("n.Holder", XML, "h.xml").get(0);

        Object top = Generated.call(holder, "getTop");
        assertThat(top).isEqualTo(union("Top", "choice", union("Choice", "product",
                union("Outer", "inner", union("Inner", "small", 7)))));
        assertThat(Generated.call(holder, "getOther")).isEqualTo(union("Choice", "reference",
                GENERATED.bean("n.PartyRef", Map.of("id", "p", "party", "ACME"))));
        assertThat((List<Object>) Generated.call(holder, "getChoices")).containsExactly(
                union("Choice", "tradeId", "T-2"),
                union("Choice", "product", union("Outer", "inner", union("Inner", "text", "nested"))),
                union("Choice", "product", union("Outer", "flag", true)),
                union("Choice", "reference", GENERATED.bean("n.TradeRef", Map.of("trade", 9))),
                union("Choice", "codes", List.of(1, 2)));

        String written = GENERATED.writeXml("n.Holder", List.of(GENERATED.of("n.Holder", holder)));
        assertThat(written.substring(written.indexOf("?>") + 2).replaceAll("\\s+", ""))
                .isEqualTo(XML.replaceAll("\\s+", ""));
        assertThat(GENERATED.readXml("n.Holder", written, "h.xml")).containsExactly(holder);
    }

}
