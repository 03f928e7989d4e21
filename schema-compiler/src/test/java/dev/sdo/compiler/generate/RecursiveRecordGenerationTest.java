package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Records that hold themselves (FpML's formulas of components of formulas, baskets of assets that are baskets) and
 * records with no fields (FpML's {@code Empty}, an element that says something by being there), compiled and run:
 * a recursive record is variable-length data whose values are trees of any depth, an empty record costs no bits,
 * and both go through SDOs, batches and XML and back.
 */
@SuppressWarnings("unchecked")
class RecursiveRecordGenerationTest {
    private static final String NS = "urn:r";

    private static final String SCHEMA = String.join("\n",
            "package rec;",
            "/** Says something by being there. */",
            "@xml(namespace = \"" + NS + "\")",
            "record Empty {}",
            "@xml(name = \"formula\", namespace = \"" + NS + "\")",
            "record Formula { text: string optional; component: list<Component>; }",
            "@xml(namespace = \"" + NS + "\")",
            "record Component { name: string; formula: Formula optional; flag: Empty optional; }",
            "union Asset { basket: Basket; bond: Bond; }",
            "@xml(namespace = \"" + NS + "\")",
            "record Bond { id: int32; }",
            "@xml(name = \"basket\", namespace = \"" + NS + "\")",
            "record Basket { constituent: list<Constituent>; }",
            "@xml(namespace = \"" + NS + "\")",
            "record Constituent { weight: int8; asset: Asset; }",
            "/** A linked list: the recursion ends where next is absent. */",
            "record Node { value: int32; next: Node optional; }",
            "record Holder { a: Empty; b: Empty optional; c: list<Empty>; x: int8; }");

    private static final Generated GENERATED = Generated.compile(Map.of("rec.sdo", SCHEMA));

    @Test
    void anEmptyRecordCostsNoBitsAndAnOptionalOneItsPresenceBit() {
        assertThat(GENERATED.bytes("rec.Empty")).isZero();
        // a: 0 bits, b: its presence bit, c: a 32-bit slot, x: 8 bits; 41 bits in all.
        assertThat(GENERATED.bytes("rec.Holder")).isEqualTo(6);
        Object empty = GENERATED.bean("rec.Empty", Map.of());
        Object holder = GENERATED.bean("rec.Holder", Map.of("a", empty, "b", empty,
                "c", List.of(empty, empty, empty), "x", (byte) 7));
        Object sdo = GENERATED.of("rec.Holder", holder);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(holder);
        assertThat((List<Object>) Generated.call(sdo, "getC")).hasSize(3);
        assertThat(Generated.call(sdo, "getB")).isNotNull();
        // The list holds its count and no element bytes: 6 bytes fixed, 4 of count.
        assertThat((byte[]) Generated.call(sdo, "toByteArray")).hasSize(10);

        Map<String, Object> without = new HashMap<>(Map.of("a", empty, "c", List.of(), "x", (byte) 7));
        Object absent = GENERATED.of("rec.Holder", GENERATED.bean("rec.Holder", without));
        assertThat(Generated.call(absent, "getB")).isNull();
    }

    @Test
    void aRecursiveRecordIsVariableLengthAndItsTreesOfAnyDepthRoundTrip() {
        // Formula, Component and Node hold themselves: each a 32-bit slot where another record holds it.
        assertThat(GENERATED.source("rec.FormulaSdo")).contains("dataBytes");
        // value, next's presence bit and slot: 65 bits; a chain of two is the first node's 9 bytes, then the second's.
        assertThat(GENERATED.bytes("rec.Node")).isEqualTo(9);
        Object second = GENERATED.bean("rec.Node", Map.of("value", 2));
        Object chain = GENERATED.of("rec.Node", GENERATED.bean("rec.Node", Map.of("value", 1, "next", second)));
        assertThat((byte[]) Generated.call(chain, "toByteArray")).hasSize(18);
        Object deep = null;
        for (int depth = 0; depth < 200; depth++) {
            Map<String, Object> values = new HashMap<>();
            values.put("value", depth);
            values.put("next", deep);
            deep = GENERATED.bean("rec.Node", values);
        }
        Object sdo = GENERATED.of("rec.Node", deep);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(deep);
        Object at = sdo;
        for (int depth = 199; depth >= 0; depth--) {
            assertThat(Generated.call(at, "getValue")).isEqualTo(depth);
            at = Generated.call(at, "getNext");
        }
        assertThat(at).isNull();

        Object formula = formula(3);
        Object formulaSdo = GENERATED.of("rec.Formula", formula);
        assertThat(Generated.call(formulaSdo, "toBean")).isEqualTo(formula);
        assertThat(formulaSdo).isEqualTo(GENERATED.of("rec.Formula", formula));
        Object inner = Generated.call(((List<Object>) Generated.call(formulaSdo, "getComponent")).get(1),
                "getFormula");
        assertThat(Generated.call(inner, "getText")).isEqualTo("f2");
    }

    @Test
    void recursiveRecordsGoThroughBatches() throws Exception {
        Object batch = GENERATED.type("rec.FormulaBatch").getConstructor().newInstance();
        List<Object> formulas = new ArrayList<>();
        for (int depth = 0; depth < 4; depth++) {
            formulas.add(formula(depth));
            Generated.call(batch, "add", formulas.get(depth));
        }
        for (int i = 0; i < formulas.size(); i++) {
            assertThat(Generated.call(Generated.call(batch, "get", i), "toBean")).isEqualTo(formulas.get(i));
        }
    }

    @Test
    void theFingerprintOfARecursiveRecordDoesNotDependOnDeclarationOrderButOnEveryRecordOfItsCycle() {
        Generated reordered = Generated.compile(Map.of("rec.sdo", String.join("\n",
                "package rec;",
                "record Component { name: string; formula: Formula optional; flag: Empty optional; }",
                "record Formula { text: string optional; component: list<Component>; }",
                "record Empty {}")));
        Generated changed = Generated.compile(Map.of("rec.sdo", String.join("\n",
                "package rec;",
                "record Empty {}",
                "record Formula { text: string optional; component: list<Component>; }",
                "record Component { name: string; formula: Formula optional; flag: Empty optional; n: int8; }")));

        assertThat(fingerprint(reordered, "rec.Formula")).isEqualTo(fingerprint(GENERATED, "rec.Formula"));
        assertThat(fingerprint(reordered, "rec.Component")).isEqualTo(fingerprint(GENERATED, "rec.Component"));
        assertThat(fingerprint(changed, "rec.Formula")).isNotEqualTo(fingerprint(GENERATED, "rec.Formula"));
        assertThat(fingerprint(changed, "rec.Component")).isNotEqualTo(fingerprint(GENERATED, "rec.Component"));
    }

    @Test
    void recursiveRecordsAndEmptyElementsReadAndWriteAsXml() {
        String xml = "<basket xmlns='urn:r'>"
                + "<constituent><weight>1</weight><bond><id>7</id></bond></constituent>"
                + "<constituent><weight>2</weight><basket>"
                + "<constituent><weight>3</weight><bond><id>8</id></bond></constituent>"
                + "</basket></constituent>"
                + "</basket>";
        Object basket = GENERATED.readXml("rec.Basket", xml, "r.xml").get(0);
        List<Object> constituents = (List<Object>) Generated.call(basket, "getConstituent");
        Object nested = Generated.call(Generated.call(constituents.get(1), "getAsset"), "getBasket");
        Object nestedBond = Generated.call(Generated.call(((List<Object>) Generated.call(nested, "getConstituent"))
                .get(0), "getAsset"), "getBond");
        assertThat(Generated.call(nestedBond, "getId")).isEqualTo(8);

        Object sdo = GENERATED.of("rec.Basket", basket);
        String written = GENERATED.writeXml("rec.Basket", List.of(sdo));
        assertThat(GENERATED.readXml("rec.Basket", written, "r.xml")).containsExactly(basket);

        String formulaXml = "<formula xmlns='urn:r'><text>f</text>"
                + "<component><name>a</name><flag/></component>"
                + "<component><name>b</name><formula><component><name>c</name></component></formula></component>"
                + "</formula>";
        Object formula = GENERATED.readXml("rec.Formula", formulaXml, "r.xml").get(0);
        Object first = ((List<Object>) Generated.call(formula, "getComponent")).get(0);
        assertThat(Generated.call(first, "getFlag")).isNotNull();
        String formulaWritten = GENERATED.writeXml("rec.Formula", List.of(GENERATED.of("rec.Formula", formula)));
        assertThat(formulaWritten).contains("<flag/>");
        assertThat(GENERATED.readXml("rec.Formula", formulaWritten, "r.xml")).containsExactly(formula);
    }

    @Test
    void aSharedRecordsMappingIsMarkedInThePackagesShape() {
        // Basket names its namespace: its mapping is made once under it, whichever record is at the top.
        assertThat(GENERATED.source("rec.SdoDescriptors"))
                .contains("\"R rec.Basket basket 0 1\\n\"", "\"R rec.Constituent Constituent 0 1\\n\"",
                        "\"U rec.Asset\\n\"", "\"A 0 record basket - -\\n\"");
        assertThat(GENERATED.source("rec.BasketXml")).doesNotContain("ConstituentXml", "XmlRecordMapping");
    }

    /** A formula {@code depth} formulas deep: two components, the second holding the next formula. */
    private static Object formula(int depth) {
        List<Object> components = new ArrayList<>();
        components.add(GENERATED.bean("rec.Component", Map.of("name", "leaf" + depth)));
        if (depth > 0) {
            components.add(GENERATED.bean("rec.Component", Map.of("name", "inner" + depth,
                    "formula", formula(depth - 1))));
        }
        return GENERATED.bean("rec.Formula", Map.of("text", "f" + depth, "component", components));
    }

    private static long fingerprint(Generated generated, String record) {
        // The layout fingerprint is the SDO's serialVersionUID.
        return java.io.ObjectStreamClass.lookup(generated.type(record + "Sdo")).getSerialVersionUID();
    }

}
