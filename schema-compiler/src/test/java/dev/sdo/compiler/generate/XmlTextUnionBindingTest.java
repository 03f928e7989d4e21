package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.runtime.text.TextInputException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Unions bound to XML as one text ({@code @xml(text = true)} on the union, docs/csv-and-xml.md): what
 * {@code sdoc import-xsd} makes of {@code xsd:date}. A text reads as the first alternative that writes it back as it
 * was written, in attributes, elements, an element's own text, lists and a choice's alternative; written back, every
 * text is the one read. Compiled in memory: XML reads into beans, the beans encode into SDOs, and the SDOs written as
 * XML give the same texts.
 */
class XmlTextUnionBindingTest {
    static final String SCHEMA = String.join("\n",
            "package d;",
            "/** An xsd:date: a date when written as one, else its text. */",
            "@xml(text = true)",
            "union XsdDate { date: date; text: string; }",
            "enum Code { A, B @xml(name = \"b-b\") }",
            "/** No string: a text that none of these writes back as written is refused. */",
            "@xml(text = true)",
            "union Num { small: int8; code: Code; other: decimal; }",
            "record Stamp { id: string optional @xml(attribute = true); value: XsdDate @xml(text = true); }",
            "union Pick { when: XsdDate; label: string; }",
            "@compact @xml(name = \"doc\", namespace = \"urn:d\")",
            "record Doc {",
            "    on:     XsdDate @xml(attribute = true);",
            "    maybe:  XsdDate optional @xml(attribute = true);",
            "    day:    XsdDate;",
            "    later:  XsdDate optional @xml(name = \"laterDay\");",
            "    days:   list<XsdDate> @xml(name = \"d\");",
            "    stamp:  Stamp optional;",
            "    num:    Num optional;",
            "    nums:   list<Num> @xml(name = \"n\");",
            "    choice: Pick optional;",
            "}");

    private static final Generated GENERATED = Generated.compile(Map.of("d.sdo", SCHEMA));

    static final String DOC = """
            <doc xmlns="urn:d" on="2001-04-27" maybe="2001-04-27Z">
              <day>12001-04-27</day>
              <laterDay>-0044-03-15</laterDay>
              <d>2024-02-29</d>
              <d>2024-02-29+05:00</d>
              <d> 2024-03-01 </d>
              <d>0000-01-01</d>
              <stamp id="s1">1999-12-31-14:00</stamp>
              <num>b-b</num>
              <n>7</n><n>1.50</n><n>A</n><n>-128</n><n>128</n>
              <when>2020-01-02</when>
            </doc>
            """;

    @Test
    void eachTextReadsAsTheFirstAlternativeThatWritesItBackAsWritten() {
        Object doc = read(DOC).get(0);

        assertDate(Generated.call(doc, "getOn"), LocalDate.of(2001, 4, 27));
        assertText(Generated.call(doc, "getMaybe"), "2001-04-27Z");
        assertText(Generated.call(doc, "getDay"), "12001-04-27");
        assertText(Generated.call(doc, "getLater"), "-0044-03-15");
        List<?> days = (List<?>) Generated.call(doc, "getDays");
        assertThat(days).hasSize(4);
        assertDate(days.get(0), LocalDate.of(2024, 2, 29));
        assertText(days.get(1), "2024-02-29+05:00");
        // The date would read it, trimmed, but write it otherwise: the text keeps it.
        assertText(days.get(2), " 2024-03-01 ");
        assertText(days.get(3), "0000-01-01");
        Object stamp = Generated.call(doc, "getStamp");
        assertThat(Generated.call(stamp, "getId")).isEqualTo("s1");
        assertText(Generated.call(stamp, "getValue"), "1999-12-31-14:00");
        Object num = Generated.call(doc, "getNum");
        assertThat(Generated.call(num, "which")).hasToString("CODE");
        assertThat(Generated.call(num, "getCode")).isEqualTo(GENERATED.enumConstant("d.Code", "B"));
        List<?> nums = (List<?>) Generated.call(doc, "getNums");
        assertThat(nums).extracting(n -> Generated.call(n, "which").toString())
                .containsExactly("SMALL", "OTHER", "CODE", "SMALL", "OTHER");
        assertThat(Generated.call(nums.get(1), "getOther")).isEqualTo(new BigDecimal("1.50"));
        assertThat(Generated.call(nums.get(4), "getOther")).isEqualTo(new BigDecimal("128"));
        Object choice = Generated.call(doc, "getChoice");
        assertThat(Generated.call(choice, "which")).hasToString("WHEN");
        assertDate(Generated.call(choice, "getWhen"), LocalDate.of(2020, 1, 2));
    }

    @Test
    void sdosWrittenAsXmlGiveBackEveryTextAsItWasWritten() {
        Object bean = read(DOC).get(0);
        Object sdo = GENERATED.of("d.Doc", bean);

        String written = GENERATED.writeXml("d.Doc", List.of(sdo));

        assertThat(written).contains("<doc xmlns=\"urn:d\" on=\"2001-04-27\" maybe=\"2001-04-27Z\">")
                .contains("<day>12001-04-27</day>", "<laterDay>-0044-03-15</laterDay>", "<d>2024-02-29</d>",
                        "<d>2024-02-29+05:00</d>", "<d> 2024-03-01 </d>", "<d>0000-01-01</d>",
                        "<stamp id=\"s1\">1999-12-31-14:00</stamp>", "<num>b-b</num>",
                        "<n>7</n>", "<n>1.50</n>", "<n>A</n>", "<n>-128</n>", "<n>128</n>", "<when>2020-01-02</when>");
        assertThat(read(written)).containsExactly(bean);
        assertThat(GENERATED.writeXml("d.Doc", read(written))).isEqualTo(written);
    }

    @Test
    void aDateAlternativeTakesTwentyFourBitsInTheFixedPartAndTheTextOnlyWhatItIsWritten() {
        Object small = read("<doc xmlns='urn:d' on='2001-04-27'><day>2001-04-28</day></doc>").get(0);
        Object text = read("<doc xmlns='urn:d' on='2001-04-27'><day>2001-04-28Z</day></doc>").get(0);

        int dates = ((byte[]) Generated.call(GENERATED.of("d.Doc", small), "toByteArray")).length;
        int withText = ((byte[]) Generated.call(GENERATED.of("d.Doc", text), "toByteArray")).length;

        // The text alternative's 11 characters: the record's only field with data, it has no end slot (it ends at the
        // record's size).
        assertThat(withText - dates).isEqualTo(11);
    }

    @Test
    void aTextThatNoAlternativeWritesBackAsWrittenIsAnErrorNamingTheUnion() {
        assertThatThrownBy(() -> read(DOC.replace("<num>b-b</num>", "<num>07</num>")))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("d.xml:9:")
                .hasMessageContaining("Doc.num: \"07\" is no value of union Num as written: none of its alternatives "
                        + "(small, code, other) reads it and writes it back unchanged");
        assertThatThrownBy(() -> read(DOC.replace("<n>A</n>", "<n>C</n>")))
                .hasMessageContaining("Doc.nums[2]: \"C\" is no value of union Num as written");
        // A required one missing reads as the empty text where an alternative has one, as a required string does.
        assertText(Generated.call(read(DOC.replace(" on=\"2001-04-27\"", "")).get(0), "getOn"), "");
    }

    @Test
    void aUnionBoundAsATextHoldsSingleValuesOnly() {
        List<String> errors = new SchemaCompiler().compile(Map.of("s.sdo", String.join("\n",
                "package p;",
                "record R { a: int8; }",
                "@xml(text = true)",
                "union U { r: R; l: list<int8>; s: string @xml(any = true); }",
                "union V { d: date; s: string; }",
                "record H { u: U optional; v: V @xml(attribute = true); }")),
                List.of("s.sdo")).diagnostics().stream().map(Diagnostic::toString).toList();

        assertThat(errors).containsExactlyInAnyOrder(
                "s.sdo:4:14: error: alternative 'r' of union 'U' is a record, which cannot be read from a text: the "
                        + "union is bound as one text (@xml(text = true)), whose alternatives are single values",
                "s.sdo:4:20: error: alternative 'l' of union 'U' is a list, which cannot be read from a text: the "
                        + "union is bound as one text (@xml(text = true)), whose alternatives are single values",
                "s.sdo:4:43: error: alternative 's' of union 'U' is bound inline or as raw XML, but the union is "
                        + "bound as one text (@xml(text = true))",
                "s.sdo:6:33: error: field 'v' holds union 'V', which cannot be an XML attribute: the element of its "
                        + "alternative stands in its place");
    }

    /**
     * Random xsd:dates (years of 1 to 6 digits, negative ones, time zone offsets) in every place a union bound as a
     * text can be, read and written back: each text exactly as written, a date exactly when it is one.
     */
    @Test
    void randomDatesComeBackExactlyAsWritten() {
        for (long seed = 1; seed <= 60; seed++) {
            Random random = new Random(seed);
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                texts.add(randomDate(random));
            }
            StringBuilder xml = new StringBuilder("<doc xmlns=\"urn:d\" on=\"" + texts.get(0) + "\" maybe=\""
                    + texts.get(1) + "\">\n  <day>" + texts.get(2) + "</day>\n  <laterDay>" + texts.get(3)
                    + "</laterDay>\n");
            for (String text : texts.subList(5, texts.size())) {
                xml.append("  <d>").append(text).append("</d>\n");
            }
            xml.append("  <stamp>").append(texts.get(4)).append("</stamp>\n</doc>\n");
            String document = xml.toString();

            Object bean = read(document).get(0);
            String written = GENERATED.writeXml("d.Doc", List.of(GENERATED.of("d.Doc", bean)));

            assertThat(written.substring(written.indexOf("<doc")).strip()).as("seed %d", seed)
                    .isEqualTo(document.strip());
            List<?> days = (List<?>) Generated.call(bean, "getDays");
            for (int i = 0; i < days.size(); i++) {
                String text = texts.get(5 + i);
                Object day = days.get(i);
                boolean isDate = text.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}") && !text.startsWith("0000");
                assertThat(Generated.call(day, "which")).as("seed %d: %s", seed, text)
                        .hasToString(isDate ? "DATE" : "TEXT");
                if (isDate) {
                    assertThat(Generated.call(day, "getDate")).as("seed %d", seed).isEqualTo(LocalDate.parse(text));
                } else {
                    assertThat(Generated.call(day, "getText")).as("seed %d", seed).isEqualTo(text);
                }
            }
        }
    }

    /** An xsd:date's lexical form: {@code -?yyyy(y*)-mm-dd(zone)?}, the day valid in its month. */
    static String randomDate(Random random) {
        int kind = random.nextInt(10);
        long year = kind < 5 ? 1 + random.nextInt(9999) : kind < 7 ? 10_000 + random.nextInt(990_000)
                : kind < 9 ? -random.nextInt(100_000) : random.nextInt(3);
        LocalDate day = LocalDate.of(2000, 1 + random.nextInt(12), 1);
        day = day.withDayOfMonth(1 + random.nextInt(day.lengthOfMonth()));
        if (day.getMonthValue() == 2 && day.getDayOfMonth() == 29 && !java.time.Year.isLeap(year)) {
            day = day.withDayOfMonth(28);
        }
        String digits = String.format("%04d", Math.abs(year));
        String text = (year < 0 ? "-" : "") + digits + String.format("-%02d-%02d", day.getMonthValue(),
                day.getDayOfMonth());
        return switch (random.nextInt(4)) {
            case 0 -> text + "Z";
            case 1 -> text + String.format("%s%02d:%02d", random.nextBoolean() ? "+" : "-", random.nextInt(15),
                    random.nextBoolean() ? 0 : 30);
            default -> text;
        };
    }

    private static void assertDate(Object union, LocalDate date) {
        assertThat(Generated.call(union, "which")).hasToString("DATE");
        assertThat(Generated.call(union, "getDate")).isEqualTo(date);
    }

    private static void assertText(Object union, String text) {
        assertThat(Generated.call(union, "which")).hasToString("TEXT");
        assertThat(Generated.call(union, "getText")).isEqualTo(text);
    }

    private static List<Object> read(String xml) {
        return GENERATED.readXml("d.Doc", xml, "d.xml");
    }
}
