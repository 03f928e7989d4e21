package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The evolution rules beyond adding fields (docs/schema-reference.md, "Versions"), on code generated from two
 * versions of one schema: an enum constant added with {@code @since} keeps the fingerprints and is refused, naming
 * the field and the ordinal, by code that does not know it; a field renamed with {@code @alias} keeps them too; a
 * field added later with a default reads as the default from older data; a {@code @deprecated} field stays in the
 * layout with its accessors marked; and CSV files and XML documents of the older version, without the later columns
 * and with the renamed fields' former names, still read (a header or element naming a field by both is refused).
 */
class EvolutionRulesTest {
    private static final String ORDER = "test.rules.Order";

    private static final String V1 = """
            package test.rules;
            enum Side { BUY, SELL, SHORT }
            @csv @xml
            record Order {
                id:    uint32;
                side:  Side;
                price: int32;
                qty:   int32;
            }
            @csv @xml
            record Note {
                key:    uint32 @xml(attribute = true);
                remark: string;
            }
            """;
    private static final String V2 = """
            package test.rules;
            enum Side { BUY, SELL, SHORT, CROSS @since(2) }
            @csv @xml
            record Order {
                id:    uint32;
                side:  Side;
                cost:  int32 @alias("price");
                qty:   int32 @deprecated("use lots");
                lots:  int32 = 100 @since(2);
                venue: char(4) optional @since(2);
            }
            @csv @xml
            record Note {
                ref:     uint32 @alias("key") @xml(attribute = true);
                comment: string @alias("remark");
            }
            """;

    private static Generated v1;
    private static Generated v2;

    @BeforeAll
    static void compile() {
        v1 = Generated.compile(Map.of("rules.sdo", V1));
        v2 = Generated.compile(Map.of("rules.sdo", V2));
    }

    private static VersionTable versions(Generated code) throws ReflectiveOperationException {
        return (VersionTable) code.type(ORDER + "Sdo").getField("VERSIONS").get(null);
    }

    /** The fingerprint of version 1 code, which has no version members: its {@code serialVersionUID}. */
    private static long fingerprint(Generated code) {
        return java.io.ObjectStreamClass.lookup(code.type(ORDER + "Sdo")).getSerialVersionUID();
    }

    @Test
    void anAddedConstantAndARenameWithAliasKeepTheFingerprintOfVersionOne() throws ReflectiveOperationException {
        assertThat(versions(v2).fingerprint(1)).isEqualTo(fingerprint(v1));
        assertThat(v1.source(ORDER + "Sdo")).doesNotContain("VERSION");
    }

    @Test
    void olderCodeRefusesAConstantItDoesNotKnowNamingFieldAndOrdinal() {
        Map<String, Object> values = Map.of("id", 7L, "side", v2.enumConstant("test.rules.Side", "CROSS"),
                "cost", 5, "qty", 1);
        byte[] bytes = (byte[]) Generated.call(v2.of(ORDER, v2.bean(ORDER, values)), "toByteArray");
        Object old = v1.wrap(ORDER, ByteBuffer.wrap(bytes), 0);

        assertThat(Generated.call(old, "getPrice")).isEqualTo(5);
        assertThatThrownBy(() -> Generated.call(old, "getSide")).isInstanceOf(CorruptDataException.class)
                .hasMessage("Order.side: stored ordinal 3 is not a constant of Side, which has 3 constants:"
                        + " a constant added by a later schema version, or damaged data");
    }

    @Test
    void newerCodeReadsOlderDataWithTheRenamedFieldAndTheLaterFieldsDefault() throws ReflectiveOperationException {
        Map<String, Object> values = Map.of("id", 7L, "side", v1.enumConstant("test.rules.Side", "SHORT"),
                "price", -5, "qty", 3);
        byte[] bytes = (byte[]) Generated.call(v1.of(ORDER, v1.bean(ORDER, values)), "toByteArray");
        Object view = v2.callStatic(ORDER + "Sdo", "wrap", ByteBuffer.wrap(bytes), 0, versions(v2).writer(1));

        assertThat(Generated.call(view, "getCost")).isEqualTo(-5);
        assertThat(Generated.call(view, "getQty")).isEqualTo(3);
        assertThat(Generated.call(view, "getLots")).isEqualTo(100);
        assertThat(Generated.call(view, "getVenue")).isNull();
        assertThat(Generated.call(view, "getSide").toString()).isEqualTo("SHORT");
    }

    @Test
    void aDeprecatedFieldKeepsItsPlaceAndItsAccessorsAreMarked() throws NoSuchMethodException {
        for (String type : List.of("", "Sdo", "Bean")) {
            Method getter = v2.type(ORDER + type).getMethod("getQty");
            assertThat(getter.isAnnotationPresent(Deprecated.class)).as(type).isTrue();
            assertThat(v2.type(ORDER + type).getMethod("getCost").isAnnotationPresent(Deprecated.class)).isFalse();
        }
        assertThat(java.util.Arrays.stream(v2.type(ORDER + "Bean").getMethods())
                .filter(m -> m.getName().equals("setQty")).allMatch(m -> m.isAnnotationPresent(Deprecated.class)))
                .isTrue();
        assertThat(v2.source(ORDER)).contains("@deprecated use lots");
    }

    @Test
    void csvOfTheOlderVersionReadsTheLaterColumnsAsDefaultOrAbsent() throws ReflectiveOperationException {
        Object batch = v2.type(ORDER + "Csv").getMethod("readBatch", InputStream.class, String.class).invoke(null,
                new ByteArrayInputStream("id,side,cost,qty\n1,SELL,10,2\n".getBytes(StandardCharsets.UTF_8)),
                "old.csv");
        Object first = Generated.call(batch, "get", 0);
        assertThat(Generated.call(first, "getLots")).isEqualTo(100);
        assertThat(Generated.call(first, "hasVenue")).isEqualTo(false);
        assertThat(Generated.call(first, "getCost")).isEqualTo(10);
    }

    @Test
    void csvWithARenamedFieldsFormerColumnReadsAndIsWrittenWithTheCurrentName() throws Exception {
        Object batch = v2.callStatic(ORDER + "Csv", "readBatch",
                new ByteArrayInputStream("id,side,price,qty\n1,SELL,10,2\n".getBytes(StandardCharsets.UTF_8)),
                "old.csv");
        assertThat(Generated.call(Generated.call(batch, "get", 0), "getCost")).isEqualTo(10);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        v2.callStatic(ORDER + "Csv", "writeBatch", batch, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("id,side,cost,qty,lots,venue\n1,SELL,10,2,,\n");

        List<?> notes = (List<?>) v2.callStatic("test.rules.NoteCsv", "read",
                new ByteArrayInputStream("key,remark\n3,\"old, but read\"\n".getBytes(StandardCharsets.UTF_8)),
                "notes.csv");
        assertThat(Generated.call(notes.get(0), "getRef")).isEqualTo(3L);
        assertThat(Generated.call(notes.get(0), "getComment")).isEqualTo("old, but read");
    }

    @Test
    void aCsvHeaderNamingAFieldByBothNamesIsRefusedNamingBoth() {
        assertThatThrownBy(() -> v2.callStatic(ORDER + "Csv", "readBatch", new ByteArrayInputStream(
                "id,side,price,cost,qty\n1,SELL,10,10,2\n".getBytes(StandardCharsets.UTF_8)), "both.csv"))
                .isInstanceOf(TextInputException.class)
                .hasMessage("both.csv:1:15: error: columns \"price\" and \"cost\" of the header both stand for"
                        + " Order.cost, whose column \"cost\" was named \"price\" before the field was renamed (@alias):"
                        + " keep one of them");
        assertThatThrownBy(() -> v2.callStatic("test.rules.NoteCsv", "read", new ByteArrayInputStream(
                "remark,key,comment,ref\nx,1,y,1\n".getBytes(StandardCharsets.UTF_8)), "both.csv"))
                .isInstanceOf(TextInputException.class).hasMessageContaining("\"remark\" and \"comment\"");
    }

    @Test
    void xmlWithRenamedFieldsFormerNamesReadsAndIsWrittenWithTheCurrentNames() throws Exception {
        Object batch = v2.callStatic(ORDER + "Xml", "readBatch", new ByteArrayInputStream(
                "<Order><id>1</id><side>SELL</side><price>10</price><qty>2</qty></Order>"
                        .getBytes(StandardCharsets.UTF_8)), "old.xml");
        assertThat(Generated.call(Generated.call(batch, "get", 0), "getCost")).isEqualTo(10);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        v2.callStatic(ORDER + "Xml", "writeBatch", batch, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("<cost>10</cost>").doesNotContain("price");

        List<Object> notes = v2.readXml("test.rules.Note", "<Note key=\"3\"><remark>hi</remark></Note>", "old.xml");
        assertThat(Generated.call(notes.get(0), "getRef")).isEqualTo(3L);
        assertThat(Generated.call(notes.get(0), "getComment")).isEqualTo("hi");
        assertThat(v2.writeXml("test.rules.Note", notes)).contains("ref=\"3\"").contains("<comment>hi</comment>");
    }

    @Test
    void anXmlRecordNamingAFieldByBothNamesIsRefusedNamingBoth() {
        assertThatThrownBy(() -> v2.callStatic(ORDER + "Xml", "readBatch", new ByteArrayInputStream(
                "<Order><id>1</id><side>SELL</side><price>10</price><cost>10</cost><qty>2</qty></Order>"
                        .getBytes(StandardCharsets.UTF_8)), "both.xml"))
                .isInstanceOf(TextInputException.class).hasMessageContaining("<cost> and <price>");
        assertThatThrownBy(() -> v2.readXml("test.rules.Note",
                "<Note key=\"3\" ref=\"3\"><comment>hi</comment></Note>", "both.xml")).isInstanceOf(TextInputException.class)
                .hasMessageContaining("attributes ref and key both stand for the field");
        assertThatThrownBy(() -> v2.readXml("test.rules.Note",
                "<Note ref=\"3\"><remark>a</remark><comment>b</comment></Note>", "both.xml"))
                .isInstanceOf(TextInputException.class).hasMessageContaining("<comment> and <remark>");
    }
}
