package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated XML binding of what XML Schema documents are made of (docs/csv-and-xml.md): unions picked by the
 * element met (declared ones, inline record alternatives, lists as alternatives, an abstract record's extensions),
 * inline records (required, with attributes, and repeated), simple content (attributes and a text), raw XML kept as
 * text, enum constants with XML names, and unknown elements and attributes refused. Compiled in memory: XML reads into
 * beans, the beans encode into SDOs, and SDOs written as XML read back into equal beans.
 */
@SuppressWarnings("unchecked")
class XmlUnionBindingGenerationTest {
    private static final String NS = "urn:t";

    /** Also read and written with no generated class, by {@code GenericXmlBindingTest}. */
    static final String SCHEMA = String.join("\n",
            "package x;",
            "enum DayCount { ACT_360 @xml(name = \"ACT/360\"), THIRTY_E_360 @xml(name = \"30E/360\"), ACT }",
            "/** Simple content: an attribute and a text. */",
            "record TradeId {",
            "    scheme: string = \"http://a/trade-id\" @xml(name = \"tradeIdScheme\", attribute = true);",
            "    value:  string @xml(text = true);",
            "}",
            "record Swap { notional: udecimal(12, 2); dayCount: DayCount; }",
            "record Fra { rate: decimal(8, 6); }",
            "/** A sequence inside a choice: bound inline, picked by its first element. */",
            "record Dated { start: date; end: date optional; }",
            "union Product {",
            "    swap:  Swap;",
            "    fra:   Fra @xml(name = \"forwardRateAgreement\");",
            "    note:  string;",
            "    dated: Dated @xml(inline = true);",
            "    codes: list<char(3, \"A-Z\")> @xml(name = \"code\");",
            "}",
            "abstract record Rate { id: string optional @xml(attribute = true); }",
            "record FixedRate extends Rate { rate: decimal(10, 6); }",
            "@xml(name = \"floating\", namespace = \"" + NS + "\")",
            "record FloatingRate extends Rate { index: string; }",
            "record Step { date: date; amount: udecimal(12, 2); }",
            "record Header { version: uint8 @xml(attribute = true); source: string; count: int(0..100) = 5; }",
            "@xml(name = \"trade\", namespace = \"" + NS + "\")",
            "record Trade {",
            "    header:  Header @xml(inline = true);",
            "    tradeId: TradeId;",
            "    product: Product;",
            "    other:   Product optional;",
            "    rate:    Rate;",
            "    steps:   list<Step> @xml(inline = true);",
            "    extra:   list<string> @xml(any = true);",
            "    tail:    string;",
            "}");

    private static final Generated GENERATED = Generated.compile(Map.of("t.sdo", SCHEMA));

    static final String FIRST = """
            <trade xmlns="urn:t" version="3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                   xsi:schemaLocation="urn:t t.xsd">
              <source>desk</source>
              <count>7</count>
              <tradeId tradeIdScheme="http://a/trade-id">T-1</tradeId>
              <forwardRateAgreement><rate>0.0525</rate></forwardRateAgreement>
              <start>2024-01-01</start>
              <end>2024-06-01</end>
              <floating id="r1"><index>EURIBOR</index></floating>
              <date>2024-01-01</date><amount>100</amount>
              <date>2024-02-01</date><amount>200.5</amount>
              <ext:custom xmlns:ext="urn:ext" a="1"><ext:inner>x &amp; y</ext:inner></ext:custom>
              <plain xmlns="">no namespace</plain>
              <tail>end</tail>
            </trade>
            """;

    static final String SECOND = """
            <trade xmlns="urn:t" version="4">
              <source>desk</source>
              <tradeId tradeIdScheme="http://b/id">T-2</tradeId>
              <swap><notional>1000000</notional><dayCount>ACT/360</dayCount></swap>
              <code>EUR</code><code>USD</code>
              <fixedRate><rate>0.01</rate></fixedRate>
              <tail>end</tail>
            </trade>
            """;

    @Test
    void theElementMetPicksTheAlternativeAndInlineRecordsReadInPlace() throws Exception {
        Object trade = read(FIRST).get(0);

        assertThat(Generated.call(Generated.call(trade, "getHeader"), "getVersion")).isEqualTo(3);
        assertThat(Generated.call(Generated.call(trade, "getHeader"), "getSource")).isEqualTo("desk");
        assertThat(Generated.call(Generated.call(trade, "getHeader"), "getCount")).isEqualTo(7);
        Object tradeId = Generated.call(trade, "getTradeId");
        assertThat(Generated.call(tradeId, "getScheme")).isEqualTo("http://a/trade-id");
        assertThat(Generated.call(tradeId, "getValue")).isEqualTo("T-1");
        Object product = Generated.call(trade, "getProduct");
        assertThat(Generated.call(product, "which")).hasToString("FRA");
        assertThat(Generated.call(Generated.call(product, "getFra"), "getRate")).isEqualTo(new BigDecimal("0.052500"));
        Object other = Generated.call(trade, "getOther");
        assertThat(Generated.call(other, "which")).hasToString("DATED");
        assertThat(Generated.call(other, "getDated")).isEqualTo(GENERATED.bean("x.Dated",
                Map.of("start", LocalDate.of(2024, 1, 1), "end", LocalDate.of(2024, 6, 1))));
        Object rate = Generated.call(trade, "getRate");
        assertThat(rate).isEqualTo(GENERATED.bean("x.FloatingRate", Map.of("id", "r1", "index", "EURIBOR")));
        assertThat((List<Object>) Generated.call(trade, "getSteps")).containsExactly(
                GENERATED.bean("x.Step", Map.of("date", LocalDate.of(2024, 1, 1), "amount", new BigDecimal("100.00"))),
                GENERATED.bean("x.Step", Map.of("date", LocalDate.of(2024, 2, 1), "amount", new BigDecimal("200.50"))));
        assertThat((List<Object>) Generated.call(trade, "getExtra")).containsExactly(
                "<ext:custom xmlns:ext=\"urn:ext\" a=\"1\"><ext:inner>x &amp; y</ext:inner></ext:custom>",
                "<plain xmlns=\"\">no namespace</plain>");
        assertThat(Generated.call(trade, "getTail")).isEqualTo("end");
    }

    @Test
    void enumTextsListAlternativesAndExtensionsReadToo() throws Exception {
        Object trade = read(SECOND).get(0);

        Object swap = Generated.call(Generated.call(trade, "getProduct"), "getSwap");
        assertThat(swap).isEqualTo(GENERATED.bean("x.Swap", Map.of("notional", new BigDecimal("1000000.00"),
                "dayCount", GENERATED.enumConstant("x.DayCount", "ACT_360"))));
        assertThat(Generated.call(Generated.call(trade, "getOther"), "getCodes")).isEqualTo(List.of("EUR", "USD"));
        assertThat(Generated.call(trade, "getRate")).isEqualTo(GENERATED.bean("x.FixedRate",
                Map.of("rate", new BigDecimal("0.010000"))));
        assertThat(Generated.call(Generated.call(trade, "getTradeId"), "getScheme")).isEqualTo("http://b/id");
        assertThat(Generated.call(Generated.call(trade, "getHeader"), "getCount")).isEqualTo(5);
        assertThat((List<Object>) Generated.call(trade, "getSteps")).isEmpty();
    }

    @Test
    void sdosWrittenAsXmlReadBackIntoEqualBeansWithTheDocumentsShape() throws Exception {
        for (String document : List.of(FIRST, SECOND)) {
            Object bean = read(document).get(0);
            Object sdo = GENERATED.of("x.Trade", bean);

            String written = write(List.of(sdo));

            assertThat(read(written)).containsExactly(bean);
            assertThat(write(read(written))).isEqualTo(written);
        }
        String first = write(read(FIRST));
        assertThat(first)
                .contains("<trade xmlns=\"urn:t\" version=\"3\">\n  <source>desk</source>\n")
                .contains("<count>7</count>\n  <tradeId>T-1</tradeId>")
                .contains("<forwardRateAgreement>\n    <rate>0.052500</rate>\n  </forwardRateAgreement>\n"
                        + "  <start>2024-01-01</start>\n  <end>2024-06-01</end>\n  <floating id=\"r1\">")
                .contains("<ext:custom xmlns:ext=\"urn:ext\" a=\"1\"><ext:inner>x &amp; y</ext:inner></ext:custom>")
                .contains("<plain xmlns=\"\">no namespace</plain>\n  <tail>end</tail>");
        assertThat(write(read(SECOND))).contains("<source>desk</source>\n  <tradeId tradeIdScheme=\"http://b/id\">T-2")
                .contains("<dayCount>ACT/360</dayCount>")
                .contains("<code>EUR</code>\n  <code>USD</code>\n  <fixedRate>");
    }

    @Test
    void anAbsentAttributeOrElementTakesItsDefaultWhichIsNotWritten() throws Exception {
        Object spelledOut = read(FIRST).get(0);
        Object leftOut = read(FIRST.replace(" tradeIdScheme=\"http://a/trade-id\"", "")).get(0);

        assertThat(leftOut).isEqualTo(spelledOut);
        assertThat(Generated.call(Generated.call(leftOut, "getTradeId"), "getScheme")).isEqualTo("http://a/trade-id");
        Object fives = read(FIRST.replace("<count>7</count>", "<count>5</count>")).get(0);
        assertThat(write(List.of(GENERATED.of("x.Trade", fives)))).contains("<source>desk</source>\n  <tradeId>T-1")
                .doesNotContain("<count>").doesNotContain("tradeIdScheme");
    }

    @Test
    void unknownAttributesAndElementsAreErrorsNamingThem() {
        assertThatThrownBy(() -> read(SECOND.replace("<tradeId ", "<tradeId foo=\"1\" ")))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("t.xml:3:")
                .hasMessageContaining("Trade.tradeId: unknown attribute foo on <tradeId>; its attributes: tradeIdScheme");
        assertThatThrownBy(() -> read(SECOND.replace("version=\"4\"", "version=\"4\" region=\"EU\"")))
                .hasMessageContaining("Trade: unknown attribute region on <trade>; its attributes: version");
        assertThatThrownBy(() -> read(SECOND.replace("<rate>0.01</rate>", "<rate>0.01</rate><bogus/>")))
                .hasMessageStartingWith("t.xml:6:")
                .hasMessageContaining("Trade.rate.fixedRate: unexpected element <bogus>; its elements: rate");
        assertThatThrownBy(() -> read(SECOND.replace("<dayCount>ACT/360</dayCount>", "<dayCount>ACT360</dayCount>")))
                .hasMessageContaining("Trade.product.swap.dayCount: \"ACT360\" is no constant of the enum; allowed: "
                        + "ACT/360, 30E/360, ACT");
        assertThatThrownBy(() -> read(SECOND.replace("<fixedRate><rate>0.01</rate></fixedRate>", "")))
                .hasMessageContaining("Trade.rate: none of the elements <floating>, <fixedRate> is there; the union "
                        + "Rate is required");
        assertThatThrownBy(() -> read(SECOND.replace("<tail>end</tail>", "<tail>end</tail><source>x</source>")))
                .hasMessageContaining("Trade.header: element <source> is out of order or repeated");
    }

    @Test
    void theUnionsShapeIsCarriedByThePackage() {
        assertThat(GENERATED.source("x.TradeXml")).contains("XmlShapeBinding.of(TradeBatch.TYPE, SdoDescriptors.XML, SdoDescriptors.SCHEMA)")
                .doesNotContain("XmlUnionMapping", "XmlRecordMapping");
        assertThat(GENERATED.source("x.SdoDescriptors")).contains(
                // Enum constants renamed in XML.
                "\"E x.DayCount ACT/360 30E/360 ACT\\n\"",
                // Inline, union, list of inline records, raw XML, text.
                "\"F inline 0 - - = 0 - - -\\n\"",
                "\"F union 1 - - = 0 - - -\\n\"",
                "\"F inlines 0 - - = 0 - - -\\n\"",
                "\"F anys 0 - - = 0 - - -\\n\"",
                "\"F text 0 - - = 0 - - -\\n\"",
                // A declared union's alternatives in tag order, named as the schema says.
                "\"U x.Product\\n\"",
                "\"A 1 record forwardRateAgreement - -\\n\"",
                "\"A 3 inline - - -\\n\"",
                // An abstract record's extensions, those named by their own @xml(name) first.
                "\"U x.Rate\\n\"",
                "\"A 1 record floating 0 -\\n\"",
                "\"A 0 record fixedRate - -\\n\"");
    }

    /** Mixed content, raw XML alternatives, lists of unions and other namespaces: {@code m.Doc}. */
    static final String MIXED_SCHEMA = String.join("\n",
            "package m;",
            "record Para { lang: string optional @xml(attribute = true); content: string optional @xml(any = true); }",
            "union Mark { n: int8; s: string @xml(name = \"text\"); }",
            "/** FpML's choice of (observation+, reset*) and reset+: a schema list may be empty, so <reset> could",
            " *  begin both; it picks the alternative it begins outright. */",
            "record Observed { observation: list<int8>; reset: list<int8>; }",
            "record Pair { key: int8; val: int8; }",
            "union Event { observed: Observed @xml(inline = true); reset: list<int8>;",
            "    pairs: list<Pair> @xml(inline = true); }",
            "abstract record Msg { id: int8 optional @xml(attribute = true); }",
            "record Note extends Msg { body: string; }",
            "/** The XML Schema import's record of a global element whose type has other uses. */",
            "@xml(name = \"note\", namespace = \"urn:a\")",
            "record NoteElement extends Note {}",
            "union Ext { known: int8; other: string @xml(any = true); }",
            "@xml(name = \"doc\", namespace = \"urn:a\")",
            "record Doc {",
            "    title: string @xml(namespace = \"urn:b\");",
            "    para:  list<Para>;",
            "    marks: list<Mark>;",
            "    event: Event optional;",
            "    msg:   Msg optional;",
            "    ext:   Ext optional;",
            "}");

    static final String MIXED = "<doc xmlns='urn:a' xmlns:b='urn:b'><b:title>T</b:title>"
            + "<para lang='en'>Some <em>bold</em> text</para><para/><n>1</n><text>a</text><n>2</n>"
            + "<reset>4</reset><reset>5</reset><note id='1'><body>b</body></note><f:x xmlns:f='urn:f'/></doc>";

    @Test
    void mixedContentRawXmlAlternativesListsOfUnionsAndOtherNamespaces() throws Exception {
        Generated mixed = Generated.compile(Map.of("m.sdo", MIXED_SCHEMA));
        String xml = MIXED;
        Method read = mixed.type("m.DocXml").getMethod("read", InputStream.class, String.class);
        List<?> docs = (List<?>) invoke(read, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "d.xml");

        Object doc = docs.get(0);
        assertThat(Generated.call(doc, "getTitle")).isEqualTo("T");
        List<?> paras = (List<?>) Generated.call(doc, "getPara");
        assertThat(Generated.call(paras.get(0), "getContent"))
                .isEqualTo("Some <em xmlns=\"urn:a\">bold</em> text");
        assertThat(Generated.call(paras.get(1), "getContent")).isNull();
        List<?> marks = (List<?>) Generated.call(doc, "getMarks");
        assertThat(marks).extracting(m -> Generated.call(m, "which").toString()).containsExactly("N", "S", "N");
        assertThat(Generated.call(marks.get(1), "getS")).isEqualTo("a");
        assertThat(Generated.call(Generated.call(doc, "getEvent"), "getReset")).isEqualTo(List.of((byte) 4, (byte) 5));
        assertThat(Generated.call(doc, "getMsg")).isEqualTo(mixed.bean("m.NoteElement", Map.of("id", (byte) 1,
                "body", "b")));
        assertThat(Generated.call(Generated.call(doc, "getExt"), "getOther")).isEqualTo("<f:x xmlns:f=\"urn:f\"></f:x>");
        String observed = xml.replace("<reset>4</reset>", "<observation>3</observation><reset>4</reset>");
        Object event = Generated.call(((List<?>) invoke(read, new ByteArrayInputStream(
                observed.getBytes(StandardCharsets.UTF_8)), "d.xml")).get(0), "getEvent");
        assertThat(Generated.call(event, "getObserved")).isEqualTo(mixed.bean("m.Observed", Map.of(
                "observation", List.of((byte) 3), "reset", List.of((byte) 4, (byte) 5))));
        String paired = xml.replace("<reset>4</reset><reset>5</reset>", "<key>1</key><val>2</val><key>3</key><val>4</val>");
        Object pairs = Generated.call(Generated.call(((List<?>) invoke(read, new ByteArrayInputStream(
                paired.getBytes(StandardCharsets.UTF_8)), "d.xml")).get(0), "getEvent"), "getPairs");
        assertThat(pairs).isEqualTo(List.of(mixed.bean("m.Pair", Map.of("key", (byte) 1, "val", (byte) 2)),
                mixed.bean("m.Pair", Map.of("key", (byte) 3, "val", (byte) 4))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        invoke(mixed.type("m.DocXml").getMethod("write", List.class, OutputStream.class),
                List.of(mixed.of("m.Doc", doc)), out);
        String written = out.toString(StandardCharsets.UTF_8);
        assertThat(written).contains("<title xmlns=\"urn:b\">T</title>")
                .contains("<para lang=\"en\">Some <em xmlns=\"urn:a\">bold</em> text</para>")
                .contains("<n>1</n>\n  <text>a</text>\n  <n>2</n>\n  <reset>4</reset>")
                .contains("<note id=\"1\">\n    <body>b</body>\n  </note>\n  <f:x xmlns:f=\"urn:f\"></f:x>");
        assertThat((List<Object>) invoke(read, new ByteArrayInputStream(out.toByteArray()), "w.xml")).containsExactly(doc);
    }

    @Test
    void alternativesThatBeginWithTheSameElementAreRefusedWhereDeclared() {
        List<String> errors = new SchemaCompiler().compile(Map.of("s.sdo", String.join("\n",
                "package p;",
                "record A { a: int8; b: int8 optional; }",
                "record B { a: int8; c: int8; }",
                "union U {",
                "    first:  A @xml(inline = true);",
                "    second: B @xml(inline = true);",
                "}",
                "enum E { X @xml(name = \"v\"), Y @xml(name = \"v\") }",
                "record R { u: U @xml(attribute = true); t: int8 @xml(text = true); s: int8; }")),
                List.of("s.sdo")).diagnostics().stream().map(Diagnostic::toString).toList();

        assertThat(errors).contains(
                "s.sdo:6:5: error: alternatives 'first' and 'second' of union 'U' can both begin with the element <a>, "
                        + "which could not pick one when read from XML",
                "s.sdo:8:33: error: constants 'X' and 'Y' of enum 'E' have the same XML text \"v\"",
                "s.sdo:9:18: error: field 'u' holds union 'U', which cannot be an XML attribute: the element of its "
                        + "alternative stands in its place",
                "s.sdo:9:68: error: field 's' of 'R' would be a child element beside the text field 't': an element "
                        + "with text content holds attributes only");
    }

    private static List<Object> read(String xml) throws Exception {
        Method read = GENERATED.type("x.TradeXml").getMethod("read", InputStream.class, String.class);
        @SuppressWarnings("unchecked")
        List<Object> beans = (List<Object>) invoke(read, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                "t.xml");
        return beans;
    }

    private static String write(List<?> records) throws Exception {
        Method write = GENERATED.type("x.TradeXml").getMethod("write", List.class, OutputStream.class);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        invoke(write, records, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Object invoke(Method method, Object... args) throws Exception {
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}
