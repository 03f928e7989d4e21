package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordValues;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code xsd:date} imported as {@code XsdDate} and read and written through the binding the compiler makes of the
 * import: in elements, attributes, simple content and a restriction of it, each value a date when it is one in the
 * union's range and else its text, every text back as written; with a default, a {@code string}.
 */
class XsdDateImportTest {
    @TempDir
    Path dir;

    @Test
    void everyDateComesBackAsWrittenAndIsADateWhenItIsOneInRange() throws Exception {
        Path xsd = XsdFixtures.write(dir, "t.xsd", XsdFixtures.SCHEMA + """
                  <xs:simpleType name="BusinessDate"><xs:restriction base="xs:date"/></xs:simpleType>
                  <xs:complexType name="IdentifiedDate">
                    <xs:simpleContent>
                      <xs:extension base="xs:date"><xs:attribute name="id" type="xs:ID"/></xs:extension>
                    </xs:simpleContent>
                  </xs:complexType>
                  <xs:element name="doc">
                    <xs:complexType>
                      <xs:sequence>
                        <xs:element name="tradeDate" type="IdentifiedDate"/>
                        <xs:element name="day" type="BusinessDate" maxOccurs="unbounded"/>
                        <xs:element name="maybe" type="xs:date" minOccurs="0"/>
                      </xs:sequence>
                      <xs:attribute name="on" type="xs:date" use="required"/>
                      <xs:attribute name="since" type="xs:date" default="2000-01-01"/>
                    </xs:complexType>
                  </xs:element>
                """ + "</xs:schema>\n");
        Map<String, String> files = new XsdImporter().importSchema(xsd, "t").files();
        assertThat(files.get("t.sdo")).contains("on: XsdDate @xml(attribute = true);",
                "since: string = \"2000-01-01\" @xml(attribute = true);", "value: XsdDate @xml(text = true);",
                "day: list<XsdDate>;", "maybe: XsdDate optional;", "@xml(text = true)\nunion XsdDate {");
        Compilation compilation = ImportedSchemaCompilation.compileWithoutDiagnostics(files, "t.sdo");
        RecordLayout doc = XmlRecordBinding.boundTo(compilation.layouts(), "urn:t", "doc").orElseThrow();
        GenericXmlBinding binding = GenericXmlBinding.of(compilation.model().orElseThrow(), doc);
        String xml = "<doc xmlns=\"urn:t\" on=\"2001-04-27Z\">\n"
                + "  <tradeDate id=\"d1\">2001-04-27</tradeDate>\n"
                + "  <day>1900-01-01</day>\n  <day>1899-12-31</day>\n  <day>2258-11-11</day>\n  <day>2258-11-12</day>\n"
                + "  <day>12001-04-27</day>\n  <day>-0044-03-15+05:00</day>\n"
                + "  <maybe>2024-02-29</maybe>\n</doc>";

        List<RecordValues> values = binding.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                "t.xml");
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        binding.write(values, values.size(), written);

        String text = written.toString(StandardCharsets.UTF_8);
        assertThat(text.substring(text.indexOf("<doc")).strip()).isEqualTo(xml);
        RecordValues read = values.get(0);
        int fields = read.descriptor().fields().size();
        Map<String, Object> byName = new java.util.HashMap<>();
        for (int i = 0; i < fields; i++) {
            byName.put(read.descriptor().fields().get(i).name(), read.get(i));
        }
        assertThat(((GenericUnion) byName.get("on")).value()).isEqualTo("2001-04-27Z");
        assertThat(((GenericUnion) byName.get("maybe")).value()).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat((List<?>) byName.get("day")).extracting(d -> ((GenericUnion) d).value()).containsExactly(
                LocalDate.of(1900, 1, 1), "1899-12-31", LocalDate.of(2258, 11, 11), "2258-11-12", "12001-04-27",
                "-0044-03-15+05:00");
    }
}
