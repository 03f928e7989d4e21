package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated XML binding of a record that is not flat (nested records, optional records, lists of values and
 * of strings, a string, a blob, an attribute), compiled in memory: XML reads into the beans the test builds
 * itself, the beans encode into SDOs, and records written as XML, from beans and from SDOs, read back the same.
 */
class XmlTreeBindingGenerationTest {
    private static final String NS = "urn:deals";

    /** Also read and written with no generated class, by {@code GenericXmlBindingTest}. */
    static final String SCHEMA = String.join("\n",
            "package p;",
            "enum PeriodEnum { D, W, M, Q, Y }",
            "/** How often. */",
            "record Period { periodMultiplier: int(1..31) as BigInteger; period: PeriodEnum; }",
            "record Adjustment { convention: char(12, \"A-Z\"); center: char(4, \"A-Z\") optional; }",
            "record Dates {",
            "    effective: date(2000-01-01..2099-12-31);",
            "    termination: date(2000-01-01..2099-12-31) @xml(name = \"terminationDate\");",
            "    frequency: Period;",
            "    adjustment: Adjustment optional;",
            "}",
            "@xml(name = \"deal\", namespace = \"" + NS + "\")",
            "record Deal {",
            "    id: char(10) @xml(attribute = true);",
            "    note: string optional;",
            "    blob: bytes optional;",
            "    centers: list<char(4, \"A-Z\")> @xml(name = \"businessCenter\");",
            "    amounts: list<udecimal(12, 2)> @xml(name = \"amount\");",
            "    names: list<string> @xml(name = \"name\");",
            "    dates: Dates;",
            "    reset: Period optional @xml(name = \"resetFrequency\");",
            "    flag: bool;",
            "    count: int8 optional;",
            "}",
            "/** Flat: keeps the binding straight into bits. */",
            "@xml(name = \"resetFrequency\", namespace = \"" + NS + "\")",
            "record ResetFrequency { periodMultiplier: int(1..31) as BigInteger; period: PeriodEnum; }");

    private static final Generated GENERATED = Generated.compile(Map.of("deal.sdo", SCHEMA));

    static final String DEAL = """
            <deals xmlns="urn:deals">
              <deal id="D-1">
                <note>first</note>
                <blob>3q2+7w==</blob>
                <businessCenter>GBLO</businessCenter>
                <businessCenter>EUTA</businessCenter>
                <amount>1000000</amount>
                <name>Zoë</name>
                <name></name>
                <dates>
                  <effective>2024-01-15</effective>
                  <terminationDate>2029-01-15</terminationDate>
                  <frequency><periodMultiplier>6</periodMultiplier><period>M</period></frequency>
                  <adjustment><convention>MODFOLLOWING</convention></adjustment>
                </dates>
                <resetFrequency><periodMultiplier>3</periodMultiplier><period>M</period></resetFrequency>
                <flag>true</flag>
              </deal>
              <deal id="D-2">
                <dates>
                  <effective>2024-02-01</effective>
                  <terminationDate>2026-02-01</terminationDate>
                  <frequency><periodMultiplier>1</periodMultiplier><period>Y</period></frequency>
                </dates>
                <flag>false</flag>
                <count>-7</count>
              </deal>
            </deals>
            """;

    @Test
    void nestedOptionalAndRepeatedElementsReadIntoTheBeansTheSchemaDescribes() throws Exception {
        List<Object> deals = read(DEAL);

        assertThat(deals).containsExactly(firstDeal(), secondDeal());
    }

    @Test
    void theBeansReadEncodeIntoSdosThatGiveTheSameBeansBack() throws Exception {
        for (Object bean : read(DEAL)) {
            Object sdo = GENERATED.of("p.Deal", bean);
            assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        }
    }

    @Test
    void sdosWrittenAsXmlReadBackIntoEqualBeans() throws Exception {
        List<Object> beans = read(DEAL);
        List<Object> sdos = beans.stream().map(b -> GENERATED.of("p.Deal", b)).toList();

        String written = write(sdos);

        assertThat(read(written)).isEqualTo(beans);
        assertThat(written).contains("<deal id=\"D-1\">").contains("<amount>1000000.00</amount>")
                .contains("<blob>3q2+7w==</blob>").contains("<name></name>");
    }

    @Test
    void aBatchReadFromXmlHoldsTheRecordsAndWritesTheSameXml() throws Exception {
        Class<?> binding = GENERATED.type("p.DealXml");
        Object batch = invoke(binding.getMethod("readBatch", InputStream.class, String.class,
                dev.sdo.runtime.text.BadInputPolicy.class), new ByteArrayInputStream(DEAL.getBytes(StandardCharsets.UTF_8)),
                "deals.xml", dev.sdo.runtime.text.BadInputPolicy.FAIL);

        assertThat(Generated.call(batch, "size")).isEqualTo(2);
        assertThat(Generated.call(Generated.call(batch, "get", 1), "toBean")).isEqualTo(secondDeal());
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        invoke(binding.getMethod("writeBatch", batch.getClass(), OutputStream.class), batch, written);
        assertThat(written.toString(StandardCharsets.UTF_8)).isEqualTo(write(read(DEAL)));
    }

    @Test
    void aBadValueDeepInsideNamesItsPathLineAndColumn() {
        String bad = DEAL.replace("<periodMultiplier>1</periodMultiplier><period>Y</period>",
                "<periodMultiplier>1</periodMultiplier><period>X</period>");

        assertThatThrownBy(() -> read(bad)).isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("deals.xml:23:")
                .hasMessageContaining("Deal.dates.frequency.period: \"X\" is no constant of the enum; allowed: D, W, M, "
                        + "Q, Y");
        assertThatThrownBy(() -> read(DEAL.replace("<amount>1000000</amount>", "<amount>1.005</amount>")))
                .hasMessageStartingWith("deals.xml:7:")
                .hasMessageContaining("Deal.amounts[0]: 1.005 has more than 2 decimals");
    }

    @Test
    void theBindingIsTheGenericEnginesBuiltFromThePackagesShape() {
        // No code per field or per type: the binding class only names its batch type and its package's shape.
        assertThat(GENERATED.source("p.DealXml"))
                .contains("XmlShapeBinding BINDING = XmlShapeBinding.of(DealBatch.TYPE, SdoDescriptors.XML, SdoDescriptors.SCHEMA)")
                .doesNotContain("XmlRecordMapping", "TextValues", "DealBean::");
        // The shape the package carries: each record's element, namespace and fields, as XmlTreeShape decides.
        assertThat(GENERATED.source("p.SdoDescriptors")).contains(
                "\"N urn:deals\\n\"",
                "\"R p.Deal deal 0 1\\n\"",
                "\"F attribute 0 id - = 1 - - -\\n\"",
                "\"F values 0 businessCenter - = 0 - - -\\n\"",
                "\"F record 1 resetFrequency - = 0 - - -\\n\"",
                "\"R p.Period Period - 0\\n\"",
                "\"F value 0 periodMultiplier - = 0 - - -\\n\"");
    }

    @Test
    void aFlatRecordKeepsTheBindingStraightIntoBits() {
        assertThat(GENERATED.source("p.ResetFrequencyXml")).contains("new XmlBinding(")
                .contains("ResetFrequencyBatch readBatch(").doesNotContain("XmlRecordMapping");
    }

    @Test
    void listsOfRecordsWithStringsAndListsAreTheirElementRepeated() throws Exception {
        Generated book = Generated.compile(Map.of("book.sdo", String.join("\n",
                "package q;",
                "record Leg { id: string @xml(attribute = true); centers: list<char(4, \"A-Z\")> @xml(name = \"center\"); }",
                "@xml(name = \"book\", namespace = \"urn:book\")",
                "record Book { name: string; legs: list<Leg> @xml(name = \"leg\"); }")));
        String xml = "<book xmlns='urn:book'><name>b</name><leg id='a'><center>GBLO</center><center>USNY</center></leg>"
                + "<leg id='b'/></book>";
        Method read = book.type("q.BookXml").getMethod("read", InputStream.class, String.class);

        List<?> books = (List<?>) invoke(read, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "b.xml");

        Object expected = book.bean("q.Book", Map.of("name", "b", "legs", List.of(
                book.bean("q.Leg", Map.of("id", "a", "centers", List.of("GBLO", "USNY"))),
                book.bean("q.Leg", Map.of("id", "b", "centers", List.of())))));
        assertThat(books).hasSize(1);
        assertThat(books.get(0)).isEqualTo(expected);
        assertThat(Generated.call(book.of("q.Book", books.get(0)), "toBean")).isEqualTo(expected);
        assertThat(book.source("q.SdoDescriptors"))
                .contains("\"R q.Book book 0 1\\n\"", "\"F records 0 leg - = 0 - - -\\n\"",
                        "\"F values 0 center - = 0 - - -\\n\"");
        String bad = xml.replace("<leg id='b'/>", "<leg id='b'><center>usny</center></leg>");
        assertThatThrownBy(() -> invoke(read, new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "b.xml"))
                .hasMessageContaining("Book.legs[1].centers[0]: \"usny\" has the character 'u'");
    }

    private static Object firstDeal() {
        Map<String, Object> fields = new HashMap<>();
        fields.put("id", "D-1");
        fields.put("note", "first");
        fields.put("blob", new byte[] {(byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF});
        fields.put("centers", List.of("GBLO", "EUTA"));
        fields.put("amounts", List.of(new BigDecimal("1000000.00")));
        fields.put("names", List.of("Zoë", ""));
        fields.put("dates", GENERATED.bean("p.Dates", Map.of(
                "effective", LocalDate.of(2024, 1, 15),
                "termination", LocalDate.of(2029, 1, 15),
                "frequency", period(6, "M"),
                "adjustment", GENERATED.bean("p.Adjustment", Map.of("convention", "MODFOLLOWING")))));
        fields.put("reset", period(3, "M"));
        fields.put("flag", true);
        return GENERATED.bean("p.Deal", fields);
    }

    private static Object secondDeal() {
        return GENERATED.bean("p.Deal", Map.of(
                "id", "D-2",
                "centers", List.of(),
                "amounts", List.of(),
                "names", List.of(),
                "dates", GENERATED.bean("p.Dates", Map.of(
                        "effective", LocalDate.of(2024, 2, 1),
                        "termination", LocalDate.of(2026, 2, 1),
                        "frequency", period(1, "Y"))),
                "flag", false,
                "count", (byte) -7));
    }

    private static Object period(int multiplier, String unit) {
        return GENERATED.bean("p.Period", Map.of("periodMultiplier", BigInteger.valueOf(multiplier),
                "period", GENERATED.enumConstant("p.PeriodEnum", unit)));
    }

    private static List<Object> read(String xml) throws Exception {
        Method read = GENERATED.type("p.DealXml").getMethod("read", InputStream.class, String.class);
        @SuppressWarnings("unchecked")
        List<Object> beans = (List<Object>) invoke(read, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                "deals.xml");
        return beans;
    }

    private static String write(List<?> records) throws Exception {
        Method write = GENERATED.type("p.DealXml").getMethod("write", List.class, OutputStream.class);
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
