package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportXsdCommandTest {
    private static final String XSD = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="urn:example:orders"
                targetNamespace="urn:example:orders" elementFormDefault="qualified">
              <xs:include schemaLocation="common.xsd"/>
              <xs:element name="order">
                <xs:complexType>
                  <xs:sequence><xs:element name="side" type="Side"/></xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:schema>
            """;
    private static final String COMMON = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:example:orders">
              <xs:simpleType name="Side">
                <xs:restriction base="xs:string"><xs:enumeration value="Buy"/><xs:enumeration value="Sell"/></xs:restriction>
              </xs:simpleType>
            </xs:schema>
            """;

    @TempDir
    Path dir;

    @Test
    void writesOneSdoFilePerXsdFileAndSaysWhat() throws IOException {
        Path xsd = Schemas.write(dir, "orders.xsd", XSD);
        Schemas.write(dir, "common.xsd", COMMON);
        Path out = dir.resolve("out");

        SdocRun run = SdocRun.of("import-xsd", "-o", out.toString(), "--package", "com.example.orders", xsd.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("wrote 2 .sdo files to " + out + ": 1 records, 0 unions, 1 enums\n");
        assertThat(Files.readString(out.resolve("orders.sdo"))).isEqualTo("""
                // Imported from orders.xsd by sdoc import-xsd: edit as you like, or import again.
                package com.example.orders;

                import "common.sdo";

                @compact @xml(name = "order", namespace = "urn:example:orders")
                record Order {
                    side: Side;
                }
                """);
        assertThat(Files.readString(out.resolve("common.sdo"))).contains("package com.example.orders;",
                "enum Side {");
    }

    @Test
    void theDefaultPackageComesFromTheNamespace() throws IOException {
        Path xsd = Schemas.write(dir, "orders.xsd", XSD);
        Schemas.write(dir, "common.xsd", COMMON);

        SdocRun run = SdocRun.of("import-xsd", "-o", dir.resolve("out").toString(), xsd.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(dir.resolve("out/orders.sdo"))).contains("package example.orders;\n");
    }

    @Test
    void anUnsupportedConstructIsOneLineNamingFileAndLineAndNothingIsWritten() {
        Path xsd = Schemas.write(dir, "bad.xsd", """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
                  <xs:complexType name="A">
                    <xs:all><xs:element name="x" type="xs:int"/></xs:all>
                  </xs:complexType>
                </xs:schema>
                """);
        Path out = dir.resolve("out");

        SdocRun run = SdocRun.of("import-xsd", "-o", out.toString(), xsd.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).containsExactly(xsd + ":3: error: xsd:all is not supported");
        assertThat(run.out()).isEmpty();
        assertThat(out).doesNotExist();
    }

    @Test
    void aMissingFileIsOneLine() {
        SdocRun run = SdocRun.of("import-xsd", dir.resolve("none.xsd").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).containsExactly(dir.resolve("none.xsd") + ": error: no such file");
    }

    @Test
    void isListedInSdocsHelp() {
        assertThat(SdocRun.of("--help").out()).contains("import-xsd", "Writes .sdo schemas from an XML Schema.");
        assertThat(SdocRun.of("import-xsd", "--help").out()).contains("Usage: sdoc import-xsd", "--package",
                "XSD_FILE");
    }
}
