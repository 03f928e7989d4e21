package dev.sdo.compiler.xsd;

import static dev.sdo.compiler.xsd.XsdFixtures.declarations;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One small schema per XSD construct, and the .sdo text the importer writes for it. */
class XsdImporterTest {
    @TempDir
    Path dir;

    @Test
    void sequenceBecomesFieldsInOrderWithOptionalsListsAndInlineOptionalSequences() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Trade">
                    <xs:annotation><xs:documentation>A <b>trade</b>, with */ inside.</xs:documentation></xs:annotation>
                    <xs:sequence>
                      <xs:element name="tradeId" type="xs:string">
                        <xs:annotation><xs:documentation>Its id.</xs:documentation></xs:annotation>
                      </xs:element>
                      <xs:sequence>
                        <xs:element name="note" type="xs:string" minOccurs="0"/>
                      </xs:sequence>
                      <xs:element name="party" type="xs:token" maxOccurs="unbounded"/>
                      <xs:sequence minOccurs="0">
                        <xs:element name="start" type="xs:date"/>
                        <xs:element name="end" type="xs:dateTime" minOccurs="0"/>
                      </xs:sequence>
                      <xs:sequence minOccurs="0" maxOccurs="unbounded">
                        <xs:element name="tag" type="xs:string"/>
                      </xs:sequence>
                      <xs:element name="return" type="xs:int"/>
                      <xs:element name="Class" type="xs:boolean"/>
                    </xs:sequence>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                /** A trade, with *&#47; inside. */
                @compact @xml(namespace = "urn:t")
                record Trade {
                    /** Its id. */
                    tradeId: string;
                    note: string optional;
                    party: list<string>;
                    startSequence: TradeStartSequence optional @xml(inline = true);
                    tag: list<string>;
                    return_: int32 @xml(name = "return");
                    class_: bool @xml(name = "Class");
                }

                @compact @xml(namespace = "urn:t")
                record TradeStartSequence {
                    /** An xsd:date: a date, or its text as written (a time zone offset, a year outside 1900..2258). */
                    start: XsdDate;
                    /** An xsd:dateTime, kept exactly as written (time zone offset and fractional seconds included). */
                    end: string optional;
                }

                /**
                 * An xsd:date, bound to XML as one text: read as a date when the text is the date's own (2001-04-27), else kept as
                 * the text it was written as, so that every xsd:date comes back exactly as written.
                 */
                @xml(text = true)
                union XsdDate {
                    /** The date, when its text is its ISO form yyyy-mm-dd, without a time zone, in 1900..2258. */
                    date: date(1900-01-01..2258-11-11);
                    /**
                     * Any other xsd:date, as written: with a time zone offset (2001-04-27Z, 2001-04-27+05:00), a year before 1900 or
                     * after 2258 (1899-12-31, 12001-04-27, -0044-03-15).
                     */
                    text: string;
                }
                """);
    }

    @Test
    void choiceBecomesUnionWithInlineSequenceAlternativesOptionalAndRepeated() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Rate">
                    <xs:sequence>
                      <xs:choice>
                        <xs:element name="fixedRate" type="xs:decimal"/>
                        <xs:sequence>
                          <xs:element name="index" type="xs:string"/>
                          <xs:element name="spread" type="xs:decimal" minOccurs="0"/>
                        </xs:sequence>
                      </xs:choice>
                      <xs:choice minOccurs="0">
                        <xs:element name="a" type="xs:string"/>
                        <xs:element name="b" type="xs:string"/>
                      </xs:choice>
                      <xs:choice>
                        <xs:element name="c" type="xs:string"/>
                        <xs:element name="d" type="xs:string" minOccurs="0"/>
                      </xs:choice>
                      <xs:choice maxOccurs="unbounded">
                        <xs:element name="x" type="xs:int"/>
                        <xs:element name="y" type="xs:int"/>
                        <xs:element name="z" type="xs:int"/>
                        <xs:element name="w" type="xs:int" maxOccurs="3"/>
                      </xs:choice>
                    </xs:sequence>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                record Rate {
                    fixedRateOrIndex: RateChoice;
                    aOrB: RateChoice2 optional;
                    cOrD: RateChoice3 optional;
                    xOrOther: list<RateChoice4>;
                }

                union RateChoice {
                    fixedRate: decimal;
                    index: RateIndexSequence @xml(inline = true);
                }

                @compact @xml(namespace = "urn:t")
                record RateIndexSequence {
                    index: string;
                    spread: decimal optional;
                }

                union RateChoice2 {
                    a: string;
                    b: string;
                }

                union RateChoice3 {
                    c: string;
                    d: string;
                }

                union RateChoice4 {
                    x: int32;
                    y: int32;
                    z: int32;
                    w: list<int32>;
                }
                """);
    }

    @Test
    void groupReferencesAreFlattenedWhenRequiredAndInlineRecordsOrUnionsOtherwise() {
        String sdo = declarations(dir, """
                  <xs:group name="Party.model">
                    <xs:sequence>
                      <xs:element name="partyId" type="xs:string"/>
                      <xs:element name="partyName" type="xs:string" minOccurs="0"/>
                    </xs:sequence>
                  </xs:group>
                  <xs:group name="Price.model">
                    <xs:annotation><xs:documentation>A price or a rate.</xs:documentation></xs:annotation>
                    <xs:choice>
                      <xs:element name="price" type="xs:decimal"/>
                      <xs:element name="rate" type="xs:decimal"/>
                    </xs:choice>
                  </xs:group>
                  <xs:complexType name="Deal">
                    <xs:sequence>
                      <xs:group ref="Party.model"/>
                      <xs:group ref="Party.model" minOccurs="0" maxOccurs="unbounded"/>
                      <xs:group ref="Price.model" minOccurs="0"/>
                    </xs:sequence>
                  </xs:complexType>
                  <xs:complexType name="Quote">
                    <xs:choice>
                      <xs:group ref="Price.model"/>
                      <xs:group ref="Party.model"/>
                    </xs:choice>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                record PartyModel {
                    partyId: string;
                    partyName: string optional;
                }

                /** A price or a rate. */
                union PriceModel {
                    price: decimal;
                    rate: decimal;
                }

                @compact @xml(namespace = "urn:t")
                record Deal {
                    partyId: string;
                    partyName: string optional;
                    partyModel: list<PartyModel> @xml(inline = true);
                    /** A price or a rate. */
                    priceModel: PriceModel optional;
                }

                @compact @xml(namespace = "urn:t")
                record Quote {
                    priceOrRateOrPartyModel: QuoteChoice;
                }

                union QuoteChoice {
                    price: decimal;
                    rate: decimal;
                    partyModel: PartyModel @xml(inline = true);
                }
                """);
    }

    @Test
    void extensionIsExtendsAbstractIsAbstractAndRestrictionKeepsInheritedAttributes() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Product" abstract="true">
                    <xs:sequence>
                      <xs:element name="productType" type="xs:string" minOccurs="0"/>
                    </xs:sequence>
                    <xs:attribute name="id" type="xs:ID"/>
                    <xs:attribute name="version" type="xs:int"/>
                  </xs:complexType>
                  <xs:complexType name="Swap">
                    <xs:complexContent>
                      <xs:extension base="Product">
                        <xs:sequence>
                          <xs:element name="leg" type="xs:string" maxOccurs="2"/>
                          <xs:element name="productType" type="xs:string"/>
                        </xs:sequence>
                        <xs:attribute name="href" type="xs:IDREF" use="required"/>
                      </xs:extension>
                    </xs:complexContent>
                  </xs:complexType>
                  <xs:complexType name="PlainProduct">
                    <xs:complexContent>
                      <xs:restriction base="Product">
                        <xs:sequence/>
                        <xs:attribute name="version" use="prohibited"/>
                      </xs:restriction>
                    </xs:complexContent>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                abstract record Product {
                    productType: string optional;
                    id: string optional @xml(attribute = true, id = true);
                    version: int32 optional @xml(attribute = true);
                }

                @compact @xml(namespace = "urn:t")
                record Swap extends Product {
                    leg: list<string>;
                    productType2: string @xml(name = "productType");
                    href: string @xml(attribute = true, idref = true);
                }

                @compact @xml(namespace = "urn:t")
                record PlainProduct {
                    id: string optional @xml(attribute = true, id = true);
                }
                """);
    }

    @Test
    void simpleContentIsAValueWithAttributesAndDefaults() {
        String sdo = declarations(dir, """
                  <xs:simpleType name="NonNegativeDecimal">
                    <xs:restriction base="xs:decimal"><xs:minInclusive value="0"/></xs:restriction>
                  </xs:simpleType>
                  <xs:complexType name="Scheme">
                    <xs:simpleContent>
                      <xs:extension base="xs:normalizedString">
                        <xs:attribute name="scheme" type="xs:anyURI" default="http://www.fpml.org/coding-scheme/x"/>
                      </xs:extension>
                    </xs:simpleContent>
                  </xs:complexType>
                  <xs:complexType name="Currency">
                    <xs:simpleContent>
                      <xs:extension base="Scheme">
                        <xs:attribute name="kind" type="xs:string" use="required"/>
                      </xs:extension>
                    </xs:simpleContent>
                  </xs:complexType>
                  <xs:complexType name="ShortCode">
                    <xs:simpleContent>
                      <xs:restriction base="Scheme">
                        <xs:pattern value="[A-Z]{3}"/>
                      </xs:restriction>
                    </xs:simpleContent>
                  </xs:complexType>
                  <xs:complexType name="Amount">
                    <xs:simpleContent>
                      <xs:extension base="NonNegativeDecimal">
                        <xs:attribute name="flag" type="xs:boolean" default="1"/>
                        <xs:attribute name="count" type="xs:int" fixed="3"/>
                        <xs:attribute name="note" type="xs:string" default="say &quot;hi&quot;"/>
                      </xs:extension>
                    </xs:simpleContent>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                record Scheme {
                    value: string @xml(text = true);
                    scheme: string = "http://www.fpml.org/coding-scheme/x" @xml(attribute = true);
                }

                @compact @xml(namespace = "urn:t")
                record Currency extends Scheme {
                    kind: string @xml(attribute = true);
                }

                @compact @xml(namespace = "urn:t")
                record ShortCode {
                    value: char(3, "A-Z") @xml(text = true);
                    scheme: string = "http://www.fpml.org/coding-scheme/x" @xml(attribute = true);
                }

                @compact @xml(namespace = "urn:t")
                record Amount {
                    value: decimal @xml(text = true);
                    flag: bool = true @xml(attribute = true);
                    count: int32 = 3 @xml(attribute = true);
                    note: string = "say \\"hi\\"" @xml(attribute = true);
                }
                """);
    }

    @Test
    void substitutionGroupsAreUnionsAndGlobalElementsAreRoots() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Product" abstract="true">
                    <xs:sequence><xs:element name="id" type="xs:string"/></xs:sequence>
                  </xs:complexType>
                  <xs:complexType name="Swap">
                    <xs:complexContent><xs:extension base="Product">
                      <xs:sequence><xs:element name="leg" type="xs:string"/></xs:sequence>
                    </xs:extension></xs:complexContent>
                  </xs:complexType>
                  <xs:complexType name="Fra">
                    <xs:complexContent><xs:extension base="Product">
                      <xs:sequence><xs:element name="rate" type="xs:decimal"/></xs:sequence>
                    </xs:extension></xs:complexContent>
                  </xs:complexType>
                  <xs:element name="product" type="Product" abstract="true"/>
                  <xs:element name="swap" type="Swap" substitutionGroup="product">
                    <xs:annotation><xs:documentation>A swap.</xs:documentation></xs:annotation>
                  </xs:element>
                  <xs:element name="fra" type="Fra" substitutionGroup="product"/>
                  <xs:element name="forwardRateAgreement" type="Fra" substitutionGroup="product"/>
                  <xs:element name="extension" abstract="true"/>
                  <xs:complexType name="Trade">
                    <xs:sequence>
                      <xs:element ref="product"/>
                      <xs:element ref="extension" minOccurs="0" maxOccurs="unbounded"/>
                    </xs:sequence>
                  </xs:complexType>
                  <xs:element name="trade" type="Trade"/>
                  <xs:element name="tradeCopy" type="Trade"/>
                  <xs:element name="note" type="xs:string"/>
                  <xs:element name="header">
                    <xs:complexType><xs:sequence><xs:element name="sent" type="xs:dateTime"/></xs:sequence></xs:complexType>
                  </xs:element>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                abstract record Product {
                    id: string;
                }

                @compact @xml(name = "swap", namespace = "urn:t")
                record Swap extends Product {
                    leg: string;
                }

                @compact @xml(namespace = "urn:t")
                record Fra extends Product {
                    rate: decimal;
                }

                /** The elements that may stand for product (its substitution group). */
                union ProductSubstitution {
                    /** A swap. */
                    swap: Swap;
                    fra: Fra;
                    forwardRateAgreement: Fra;
                }

                @compact @xml(namespace = "urn:t")
                record Trade {
                    product: ProductSubstitution;
                    /**
                     * Elements of other namespaces that may stand for the abstract element extension (none in this schema), kept as
                     * raw XML text.
                     */
                    extension: list<string> @xml(any = true, namespace = "##other");
                }

                @xml(name = "trade", namespace = "urn:t")
                record TradeElement extends Trade {}

                @xml(name = "tradeCopy", namespace = "urn:t")
                record TradeCopy extends Trade {}

                @compact @xml(name = "note", namespace = "urn:t")
                record Note {
                    value: string @xml(text = true);
                }

                @compact @xml(name = "header", namespace = "urn:t")
                record Header {
                    /** An xsd:dateTime, kept exactly as written (time zone offset and fractional seconds included). */
                    sent: string;
                }
                """);
    }

    @Test
    void elementsOfAnAbstractTypeThatAreNotAbstractNameTheirTypeWithXsiType() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Rule" abstract="true">
                    <xs:sequence><xs:element name="id" type="xs:string" minOccurs="0"/></xs:sequence>
                  </xs:complexType>
                  <xs:complexType name="PercentageRule">
                    <xs:complexContent><xs:extension base="Rule">
                      <xs:sequence><xs:element name="percent" type="xs:decimal"/></xs:sequence>
                    </xs:extension></xs:complexContent>
                  </xs:complexType>
                  <xs:element name="rule" type="Rule"/>
                  <xs:element name="percentageRule" type="PercentageRule" substitutionGroup="rule"/>
                  <xs:complexType name="Payment">
                    <xs:sequence>
                      <xs:element name="paymentRule" type="Rule"/>
                      <xs:element name="otherRule" type="Rule" minOccurs="0" maxOccurs="unbounded"/>
                      <xs:element ref="rule"/>
                    </xs:sequence>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                abstract record Rule {
                    id: string optional;
                }

                @compact @xml(name = "percentageRule", namespace = "urn:t")
                record PercentageRule extends Rule {
                    percent: decimal;
                }

                /** The elements that may stand for rule (its substitution group). */
                union RuleSubstitution {
                    rule: Rule @xml(typed = true);
                    percentageRule: PercentageRule;
                }

                @compact @xml(namespace = "urn:t")
                record Payment {
                    paymentRule: Rule @xml(typed = true);
                    otherRule: list<Rule> @xml(typed = true);
                    rule: RuleSubstitution;
                }
                """);
    }

    @Test
    void anyAndMixedContentAreKeptAsRawXmlText() {
        String sdo = declarations(dir, """
                  <xs:complexType name="Wrapper">
                    <xs:sequence>
                      <xs:element name="name" type="xs:string"/>
                      <xs:any processContents="skip" minOccurs="0"/>
                      <xs:any namespace="##other" processContents="lax" maxOccurs="unbounded"/>
                    </xs:sequence>
                  </xs:complexType>
                  <xs:complexType name="Math" mixed="true">
                    <xs:sequence><xs:any namespace="##any" processContents="skip" maxOccurs="unbounded"/></xs:sequence>
                    <xs:attribute name="lang" type="xs:string"/>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                @compact @xml(namespace = "urn:t")
                record Wrapper {
                    name: string;
                    /** Any element (namespace ##any), kept as raw XML text. */
                    any: string optional @xml(any = true);
                    /** Any elements (namespace ##other), kept as raw XML text. */
                    any2: list<string> @xml(any = true, namespace = "##other");
                }

                @compact @xml(namespace = "urn:t")
                record Math {
                    /** The mixed content (text and elements), kept as raw XML text. */
                    content: string optional @xml(any = true);
                    lang: string optional @xml(attribute = true);
                }
                """);
    }

    @Test
    void simpleTypesGetTheTightestTypeThatKeepsEveryValidValue() {
        String sdo = declarations(dir, """
                  <xs:simpleType name="DayCountFraction">
                    <xs:annotation><xs:documentation>Day counts.</xs:documentation></xs:annotation>
                    <xs:restriction base="xs:token">
                      <xs:enumeration value="ACT/360">
                        <xs:annotation><xs:documentation>Actual over 360.</xs:documentation></xs:annotation>
                      </xs:enumeration>
                      <xs:enumeration value="30E/360"/>
                      <xs:enumeration value="Following"/>
                      <xs:enumeration value="class"/>
                    </xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Month">
                    <xs:restriction base="xs:positiveInteger"><xs:maxInclusive value="12"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Percent">
                    <xs:restriction base="xs:decimal">
                      <xs:totalDigits value="5"/><xs:fractionDigits value="2"/><xs:minInclusive value="0"/>
                    </xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Signed">
                    <xs:restriction base="xs:decimal"><xs:totalDigits value="8"/><xs:fractionDigits value="3"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Huge">
                    <xs:restriction base="xs:decimal"><xs:totalDigits value="18"/><xs:fractionDigits value="2"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="CurrencyCode">
                    <xs:restriction base="xs:string"><xs:pattern value="[A-Z]{3}"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Time">
                    <xs:restriction base="xs:time"><xs:pattern value="[0-2][0-9]:[0-5][0-9]:00"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Code">
                    <xs:restriction base="xs:string"><xs:pattern value="[a-z\\-]+"/><xs:maxLength value="10"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Version">
                    <xs:restriction base="xs:string"><xs:pattern value="5-(0|[1-9][0-9]{0,2})"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="Short">
                    <xs:restriction base="xs:string"><xs:maxLength value="60"/></xs:restriction>
                  </xs:simpleType>
                  <xs:simpleType name="DayOrText"><xs:union memberTypes="DayCountFraction xs:string"/></xs:simpleType>
                  <xs:complexType name="AllTypes">
                    <xs:sequence>
                      <xs:element name="dcf" type="DayCountFraction" default="ACT/360"/>
                      <xs:element name="month" type="Month"/>
                      <xs:element name="percent" type="Percent"/>
                      <xs:element name="signed" type="Signed"/>
                      <xs:element name="huge" type="Huge"/>
                      <xs:element name="ccy" type="CurrencyCode"/>
                      <xs:element name="time" type="Time"/>
                      <xs:element name="code" type="Code"/>
                      <xs:element name="version" type="Version"/>
                      <xs:element name="short" type="Short"/>
                      <xs:element name="dayOrText" type="DayOrText"/>
                      <xs:element name="d" type="xs:decimal"/>
                      <xs:element name="i" type="xs:integer"/>
                      <xs:element name="nn" type="xs:nonNegativeInteger"/>
                      <xs:element name="i32" type="xs:int"/>
                      <xs:element name="i64" type="xs:long"/>
                      <xs:element name="i16" type="xs:short"/>
                      <xs:element name="i8" type="xs:byte"/>
                      <xs:element name="u8" type="xs:unsignedByte"/>
                      <xs:element name="u16" type="xs:unsignedShort"/>
                      <xs:element name="u32" type="xs:unsignedInt"/>
                      <xs:element name="u64" type="xs:unsignedLong"/>
                      <xs:element name="f64" type="xs:double"/>
                      <xs:element name="f32" type="xs:float"/>
                      <xs:element name="b64" type="xs:base64Binary"/>
                      <xs:element name="hex" type="xs:hexBinary"/>
                      <xs:element name="t" type="xs:time"/>
                      <xs:element name="dur" type="xs:duration"/>
                      <xs:element name="y" type="xs:gYear"/>
                      <xs:element name="uri" type="xs:anyURI"/>
                      <xs:element name="hour">
                        <xs:simpleType>
                          <xs:restriction base="xs:int"><xs:minInclusive value="0"/><xs:maxExclusive value="24"/></xs:restriction>
                        </xs:simpleType>
                      </xs:element>
                      <xs:element name="side">
                        <xs:simpleType>
                          <xs:restriction base="xs:string"><xs:enumeration value="Buy"/><xs:enumeration value="Sell"/></xs:restriction>
                        </xs:simpleType>
                      </xs:element>
                    </xs:sequence>
                  </xs:complexType>
                """);

        assertThat(sdo).isEqualTo("""

                /** Day counts. */
                enum DayCountFraction {
                    /** Actual over 360. */
                    ACT_360 @xml(name = "ACT/360"),
                    _30E_360 @xml(name = "30E/360"),
                    Following,
                    class_ @xml(name = "class")
                }

                @compact @xml(namespace = "urn:t")
                record AllTypes {
                    dcf: DayCountFraction = ACT_360;
                    month: int(1..12);
                    percent: udecimal(7, 2);
                    signed: decimal(11, 3);
                    huge: decimal;
                    ccy: char(3, "A-Z");
                    time: char(8, "0-9:");
                    code: char(10, "-a-z");
                    version: string;
                    short_: string @xml(name = "short");
                    dayOrText: string;
                    d: decimal;
                    i: integer;
                    nn: integer;
                    i32: int32;
                    i64: int64;
                    i16: int16;
                    i8: int8;
                    u8: uint8;
                    u16: uint16;
                    u32: uint32;
                    u64: uint64;
                    f64: float64;
                    f32: float32;
                    b64: bytes;
                    hex: string;
                    /** An xsd:time, kept exactly as written (time zone offset and fractional seconds included). */
                    t: string;
                    /** An xsd:duration, kept exactly as written. */
                    dur: string;
                    /** An xsd:gYear, kept exactly as written (time zone offset included). */
                    y: string;
                    uri: string;
                    hour: int(0..23);
                    side: AllTypesSide;
                }

                enum AllTypesSide {
                    Buy,
                    Sell
                }
                """);
    }

    @Test
    void unqualifiedLocalElementsAndElementsOfOtherNamespacesSayTheirNamespace() {
        XsdFixtures.write(dir, "other.xsd", """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:o"
                    elementFormDefault="qualified">
                  <xs:element name="Signature" type="xs:base64Binary"/>
                </xs:schema>
                """);
        Path root = XsdFixtures.write(dir, "root.xsd", """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="urn:r" xmlns:o="urn:o"
                    targetNamespace="urn:r">
                  <xs:import namespace="urn:o" schemaLocation="other.xsd"/>
                  <xs:complexType name="Message">
                    <xs:sequence>
                      <xs:element name="local" type="xs:string"/>
                      <xs:element name="qualified" type="xs:string" form="qualified"/>
                      <xs:element ref="o:Signature" minOccurs="0"/>
                    </xs:sequence>
                    <xs:attribute name="lang" type="xs:language" form="qualified"/>
                  </xs:complexType>
                </xs:schema>
                """);

        XsdImport result = new XsdImporter().importSchema(root, "t");
        ImportedSchemaCompilation.compileWithoutDiagnostics(result.files(), "root.sdo");

        assertThat(result.files().keySet()).containsExactly("root.sdo", "other.sdo");
        assertThat(result.files().get("root.sdo")).endsWith("""
                package t;

                import "other.sdo";

                @compact @xml(namespace = "urn:r")
                record Message {
                    local: string @xml(namespace = "");
                    qualified: string;
                    signature: bytes optional @xml(name = "Signature", namespace = "urn:o");
                    lang: string optional @xml(namespace = "urn:r", attribute = true);
                }
                """);
        assertThat(result.files().get("other.sdo")).endsWith("""
                package t;

                @compact @xml(name = "Signature", namespace = "urn:o")
                record Signature {
                    value: bytes @xml(text = true);
                }
                """);
    }

    @Test
    void includesBecomeImportsAndTheFileKeepsTheSchemasNotice() {
        XsdFixtures.write(dir, "types/enums.xsd", XsdFixtures.SCHEMA + """
                  <xs:simpleType name="Side">
                    <xs:restriction base="xs:string"><xs:enumeration value="Buy"/></xs:restriction>
                  </xs:simpleType>
                </xs:schema>
                """);
        Path root = XsdFixtures.write(dir, "main.xsd", """
                <?xml version="1.0"?>
                <!-- Copyright (c) Somebody.
                     Subject to a licence. -->
                """ + XsdFixtures.SCHEMA + """
                  <xs:include schemaLocation="types/enums.xsd"/>
                  <xs:complexType name="Order"><xs:sequence><xs:element name="side" type="Side"/></xs:sequence></xs:complexType>
                </xs:schema>
                """);

        XsdImport result = new XsdImporter().importSchema(root, null);
        ImportedSchemaCompilation.compileWithoutDiagnostics(result.files(), "main.sdo");

        assertThat(result.files().get("main.sdo")).isEqualTo("""
                // Copyright (c) Somebody.
                // Subject to a licence.

                // Imported from main.xsd by sdoc import-xsd: edit as you like, or import again.
                package t;

                import "types/enums.sdo";

                @compact @xml(namespace = "urn:t")
                record Order {
                    side: Side;
                }
                """);
        assertThat(result.files().get("types/enums.sdo")).contains("enum Side {");
        assertThat(List.of(result.records(), result.unions(), result.enums())).containsExactly(1, 0, 1);
    }

    @Test
    void theSameSchemaGivesTheSameBytes() {
        Path xsd = XsdFixtures.write(dir, "t.xsd", XsdFixtures.SCHEMA + """
                  <xs:complexType name="B"><xs:choice><xs:element name="x" type="xs:int"/>
                    <xs:element name="y" type="xs:int"/></xs:choice></xs:complexType>
                  <xs:complexType name="A"><xs:choice><xs:element name="x" type="xs:int"/>
                    <xs:element name="y" type="xs:int"/></xs:choice></xs:complexType>
                </xs:schema>
                """);

        XsdImport first = new XsdImporter().importSchema(xsd, "t");
        XsdImport second = new XsdImporter().importSchema(xsd, "t");

        assertThat(second.files()).isEqualTo(first.files());
        assertThat(first.files().get("t.sdo")).contains("union BChoice", "union AChoice");
    }

    @Test
    void packageIsMadeFromTheNamespaceAsJaxbDoes() {
        assertThat(XsdImporter.packageOf("http://www.fpml.org/FpML-5/confirmation"))
                .isEqualTo("org.fpml.fpml_5.confirmation");
        assertThat(XsdImporter.packageOf("http://www.w3.org/2000/09/xmldsig#")).isEqualTo("org.w3._2000._09.xmldsig");
        assertThat(XsdImporter.packageOf("urn:t")).isEqualTo("t");
        assertThat(XsdImporter.packageOf("")).isNull();
    }
}
