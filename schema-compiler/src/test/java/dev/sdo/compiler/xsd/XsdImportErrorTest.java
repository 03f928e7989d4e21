package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the importer cannot map is one line naming the file, the line and the construct. */
class XsdImportErrorTest {
    @TempDir
    Path dir;

    private String failure(String name, String text) {
        Path xsd = XsdFixtures.write(dir, name, text);
        try {
            new XsdImporter().importSchema(xsd, "t");
        } catch (XsdException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + name);
    }

    private String failureOfBody(String body) {
        return failure("t.xsd", XsdFixtures.SCHEMA + body + "</xs:schema>\n");
    }

    @Test
    void redefineIsNotSupported() {
        XsdFixtures.write(dir, "base.xsd", XsdFixtures.SCHEMA + "</xs:schema>\n");
        String message = failureOfBody("""
                  <xs:redefine schemaLocation="base.xsd"/>
                """);

        assertThat(message)
                .isEqualTo(dir.resolve("t.xsd") + ":2: error: xsd:redefine is not supported");
    }

    @Test
    void unsupportedContentNamesItsFileLineAndConstruct() {
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:all><xs:element name="x" type="xs:int"/></xs:all>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":3: error: xsd:all is not supported");
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:sequence/>
                    <xs:anyAttribute/>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":4: error: xsd:anyAttribute is not supported");
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:sequence><xs:element name="x" type="xs:string" nillable="true"/></xs:sequence>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":3: error: nillable elements are not supported");
    }

    @Test
    void unknownNamesAreErrorsWhereTheyAreUsed() {
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:sequence>
                      <xs:element name="x" type="Missing"/>
                    </xs:sequence>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":4: error: unknown type Missing");
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:sequence>
                      <xs:group ref="Nowhere"/>
                    </xs:sequence>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":4: error: unknown group Nowhere");
        assertThat(failureOfBody("""
                  <xs:complexType name="A">
                    <xs:sequence>
                      <xs:element name="x" type="q:T"/>
                    </xs:sequence>
                  </xs:complexType>
                """)).isEqualTo(dir.resolve("t.xsd") + ":4: error: the prefix 'q' of \"q:T\" is not declared");
    }

    @Test
    void errorsInAnIncludedFileNameThatFile() {
        XsdFixtures.write(dir, "part.xsd", XsdFixtures.SCHEMA + """
                  <xs:simpleType name="S">
                    <xs:list itemType="xs:int"/>
                    <xs:restriction base="xs:int"/>
                  </xs:simpleType>
                </xs:schema>
                """);

        assertThat(failureOfBody("""
                  <xs:include schemaLocation="part.xsd"/>
                """)).isEqualTo(dir.resolve("part.xsd")
                + ":2: error: xsd:simpleType needs one xsd:restriction, xsd:union or xsd:list");
    }

    @Test
    void unreadableInputIsOneLine() {
        assertThat(failure("bad.xsd", XsdFixtures.SCHEMA + "<xs:complexType>\n"))
                .startsWith(dir.resolve("bad.xsd") + ":3: error: not well-formed XML: ");
        assertThat(failure("doc.xsd", "<?xml version=\"1.0\"?>\n<!DOCTYPE x>\n<x/>\n"))
                .startsWith(dir.resolve("doc.xsd") + ":2: error: not well-formed XML: ")
                .contains("DOCTYPE");
        assertThat(failure("x.xsd", "<root/>\n"))
                .isEqualTo(dir.resolve("x.xsd") + ":1: error: not an XML Schema: the root element is <root>");
        assertThatThrownBy(() -> new XsdImporter().importSchema(dir.resolve("none.xsd"), null))
                .isInstanceOf(XsdException.class)
                .hasMessage(dir.resolve("none.xsd") + ": error: no such file");
    }

    @Test
    void anIncludeOfAnotherNamespaceIsRefused() {
        XsdFixtures.write(dir, "other.xsd", """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:other"/>
                """);

        assertThat(failureOfBody("""
                  <xs:include schemaLocation="other.xsd"/>
                """)).startsWith(dir.resolve("t.xsd") + ":2: error: an included schema must have the includer's "
                + "target namespace");
    }
}
