package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Alphabet;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Records with nested records, optional fields, lists of values and of records, strings and blobs, to and from
 * XML: hand-written beans stand for the generated ones, so that the binding is tested apart from the compiler.
 */
class XmlTreeBindingTest {
    private static final String NS = "urn:deals";
    private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final String LOWER_AND_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789";

    enum Unit { D, M, Y }

    /** {@code Period { multiplier: int(1..31); unit: Unit; }} */
    static final class Period {
        int multiplier;
        Unit unit;

        static Period of(int multiplier, Unit unit) {
            Period period = new Period();
            period.multiplier = multiplier;
            period.unit = unit;
            return period;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Period p && p.multiplier == multiplier && p.unit == unit;
        }

        @Override
        public int hashCode() {
            return Objects.hash(multiplier, unit);
        }

        @Override
        public String toString() {
            return multiplier + "" + unit;
        }
    }

    /** {@code Leg { id: char(8) @xml(attribute); frequency: Period; reset: Period optional; centers: list<char(4)>; notional: udecimal(12, 2) optional; }} */
    static final class Leg {
        String id;
        Period frequency;
        Period reset;
        List<String> centers;
        BigDecimal notional;

        @Override
        public boolean equals(Object o) {
            return o instanceof Leg l && Objects.equals(l.id, id) && Objects.equals(l.frequency, frequency)
                    && Objects.equals(l.reset, reset) && Objects.equals(l.centers, centers)
                    && Objects.equals(l.notional, notional);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, frequency, reset, centers, notional);
        }

        @Override
        public String toString() {
            return "Leg[" + id + ", " + frequency + ", " + reset + ", " + centers + ", " + notional + "]";
        }
    }

    /** {@code Deal { number: uint32; note: string; blob: bytes optional; date: date optional; sizes: list<int8>; legs: list<Leg>; }} */
    static final class Deal {
        long number;
        String note;
        byte[] blob;
        LocalDate date;
        List<Byte> sizes;
        List<Leg> legs;

        @Override
        public boolean equals(Object o) {
            return o instanceof Deal d && d.number == number && Objects.equals(d.note, note)
                    && Arrays.equals(d.blob, blob) && Objects.equals(d.date, date) && Objects.equals(d.sizes, sizes)
                    && Objects.equals(d.legs, legs);
        }

        @Override
        public int hashCode() {
            return Objects.hash(number, note, Arrays.hashCode(blob), date, sizes, legs);
        }

        @Override
        public String toString() {
            return "Deal[" + number + ", " + note + ", " + Arrays.toString(blob) + ", " + date + ", " + sizes + ", "
                    + legs + "]";
        }
    }

    private static final XmlRecordMapping<Period, Period> PERIOD = XmlRecordMapping.<Period, Period>builder(Period::new, NS)
            .value("multiplier", "periodMultiplier", TextValues.int32(1, 31), (p, v) -> p.multiplier = v,
                    p -> p.multiplier)
            .value("unit", "period", TextValues.enumeration(Unit.values()), (p, v) -> p.unit = v, p -> p.unit)
            .build();

    private static final XmlRecordMapping<Leg, Leg> LEG = XmlRecordMapping.<Leg, Leg>builder(Leg::new, NS)
            .attribute("id", "id", TextValues.chars(8, new Alphabet(LOWER_AND_DIGITS)), (l, v) -> l.id = v, l -> l.id)
            .record("frequency", "frequency", PERIOD, (l, v) -> l.frequency = v, l -> l.frequency)
            .optionalRecord("reset", "resetFrequency", PERIOD, (l, v) -> l.reset = v, l -> l.reset)
            .values("centers", "businessCenter", TextValues.chars(4, new Alphabet(UPPER)), (l, v) -> l.centers = v,
                    l -> l.centers)
            .optionalValue("notional", "notional", TextValues.decimal(12, 2, false), (l, v) -> l.notional = v,
                    l -> l.notional)
            .build();

    private static final XmlTreeBinding<Deal, Deal> DEALS = new XmlTreeBinding<>("Deal", "deal", NS,
            XmlRecordMapping.<Deal, Deal>builder(Deal::new, NS)
                    .attribute("number", "number", TextValues.int64(0, 4294967295L), (d, v) -> d.number = v,
                            d -> d.number)
                    .value("note", "note", TextValues.string(), (d, v) -> d.note = v, d -> d.note)
                    .optionalValue("blob", "blob", TextValues.bytes(), (d, v) -> d.blob = v, d -> d.blob)
                    .optionalValue("date", "tradeDate", TextValues.date(LocalDate.of(2000, 1, 1),
                            LocalDate.of(2099, 12, 31), DatePattern.iso()), (d, v) -> d.date = v, d -> d.date)
                    .values("sizes", "size", TextValues.int8(), (d, v) -> d.sizes = v, d -> d.sizes)
                    .records("legs", "leg", LEG, (d, v) -> d.legs = v, d -> d.legs)
                    .build());

    private static final String DOCUMENT = """
            <?xml version="1.0"?>
            <book xmlns="urn:deals">
              <deal number="7">
                <note>  two legs &amp; a blob </note>
                <blob>AQL/</blob>
                <tradeDate>2024-02-29</tradeDate>
                <size>-3</size>
                <size>5</size>
                <leg id="fixed">
                  <frequency><periodMultiplier>6</periodMultiplier><period>M</period></frequency>
                  <businessCenter>GBLO</businessCenter>
                  <businessCenter>USNY</businessCenter>
                  <notional>1000000.5</notional>
                </leg>
                <leg id="float1">
                  <frequency><periodMultiplier>3</periodMultiplier><period>M</period></frequency>
                  <resetFrequency><periodMultiplier>1</periodMultiplier><period>D</period></resetFrequency>
                </leg>
              </deal>
              <other><deal number="8"><note/></deal></other>
            </book>
            """;

    private static List<Deal> read(String xml) throws IOException {
        return DEALS.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "deals.xml");
    }

    private static String write(List<Deal> deals) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DEALS.write(deals, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Deal expectedFirst() {
        Leg fixed = new Leg();
        fixed.id = "fixed";
        fixed.frequency = Period.of(6, Unit.M);
        fixed.centers = List.of("GBLO", "USNY");
        fixed.notional = new BigDecimal("1000000.50");
        Leg floating = new Leg();
        floating.id = "float1";
        floating.frequency = Period.of(3, Unit.M);
        floating.reset = Period.of(1, Unit.D);
        floating.centers = List.of();
        Deal deal = new Deal();
        deal.number = 7;
        deal.note = "  two legs & a blob ";
        deal.blob = new byte[] {1, 2, -1};
        deal.date = LocalDate.of(2024, 2, 29);
        deal.sizes = List.of((byte) -3, (byte) 5);
        deal.legs = List.of(fixed, floating);
        return deal;
    }

    @Test
    void nestedOptionalAndRepeatedElementsReadIntoBeans() throws IOException {
        List<Deal> deals = read(DOCUMENT);

        Deal empty = new Deal();
        empty.number = 8;
        empty.note = "";
        empty.sizes = List.of();
        empty.legs = List.of();
        assertThat(deals).containsExactly(expectedFirst(), empty);
        // Decimals come at the field's scale, as the SDO's getter returns them.
        assertThat(deals.get(0).legs.get(0).notional.scale()).isEqualTo(2);
    }

    @Test
    void writtenRecordsReadBackEqualAndKeepTheElementOrder() throws IOException {
        List<Deal> deals = read(DOCUMENT);

        String written = write(deals);

        assertThat(read(written)).isEqualTo(deals);
        String compact = written.replaceAll(">\\s+<", "><");
        assertThat(compact).contains("<records xmlns=\"urn:deals\"><deal number=\"7\"><note>  two legs &amp; a blob </note>"
                + "<blob>AQL/</blob><tradeDate>2024-02-29</tradeDate><size>-3</size><size>5</size>"
                + "<leg id=\"fixed\"><frequency><periodMultiplier>6</periodMultiplier><period>M</period></frequency>"
                + "<businessCenter>GBLO</businessCenter><businessCenter>USNY</businessCenter>"
                + "<notional>1000000.50</notional></leg>");
        assertThat(compact).contains("<deal number=\"8\"><note></note></deal></records>");
    }

    @Test
    void aSingleRecordIsTheRootElementIndentedTwoSpacesALevel() throws IOException {
        Deal deal = new Deal();
        deal.number = 1;
        deal.note = "n";
        deal.sizes = List.of();
        Leg leg = new Leg();
        leg.id = "a";
        leg.frequency = Period.of(1, Unit.Y);
        leg.centers = List.of();
        deal.legs = List.of(leg);

        assertThat(write(List.of(deal))).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <deal xmlns="urn:deals" number="1">
                  <note>n</note>
                  <leg id="a">
                    <frequency>
                      <periodMultiplier>1</periodMultiplier>
                      <period>Y</period>
                    </frequency>
                  </leg>
                </deal>
                """);
    }

    @Test
    void aBadValueIsReportedAtItsElementWithThePathOfItsField() {
        String bad = DOCUMENT.replace("<periodMultiplier>3</periodMultiplier>", "<periodMultiplier>32</periodMultiplier>");

        assertThatThrownBy(() -> read(bad)).isInstanceOf(TextInputException.class)
                .hasMessage("deals.xml:16:36: error: Deal.legs[1].frequency.multiplier: \"32\" is out of range; "
                        + "allowed: 1..31");
    }

    @Test
    void listItemsAreNamedByTheirIndex() {
        String bad = DOCUMENT.replace("<businessCenter>USNY</businessCenter>", "<businessCenter>usny</businessCenter>");

        assertThatThrownBy(() -> read(bad)).isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("deals.xml:12:")
                .hasMessageContaining("Deal.legs[0].centers[1]: \"usny\" has the character 'u', outside the alphabet");
    }

    @Test
    void missingRepeatedAndUnexpectedElementsAreErrorsAtTheirPlace() {
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'>\n<note/>\n<leg id='x'>\n</leg></deal>"))
                .hasMessage("deals.xml:3:13: error: Deal.legs[0].frequency: the element <frequency> is missing; the "
                        + "field is required");
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals'><note/></deal>"))
                .hasMessageContaining("Deal.number: the attribute number is missing; the field is required");
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'><note/>\n<tradeDate>2020-01-01</tradeDate>"
                + "<tradeDate>2020-01-02</tradeDate></deal>"))
                .hasMessageStartingWith("deals.xml:2:")
                .hasMessageContaining("Deal.date: repeated element <tradeDate>; the field is no list");
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'><note/><legs/></deal>"))
                .hasMessageContaining("Deal: unexpected element <legs>; its elements: note, blob, tradeDate, size, leg");
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'><note>a<b/></note></deal>"))
                .hasMessageContaining("Deal.note: element <note> (line 1) holds the element <b>, but its value is text");
    }

    @Test
    void aRequiredStringOrAnOptionalValueMayBeEmptyButARequiredNumberMayNot() throws IOException {
        Deal deal = read("<deal xmlns='urn:deals' number='1'><tradeDate> </tradeDate></deal>").get(0);
        assertThat(deal.note).isEmpty();
        assertThat(deal.date).isNull();

        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number=''/>"))
                .hasMessageContaining("Deal.number: the value is missing; the field is required");
    }

    @Test
    void badBase64AndElementsOfAnotherNamespaceAreErrors() {
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'><blob>AQ=x</blob></deal>"))
                .hasMessageContaining("Deal.blob: \"AQ=x\" is not base64");
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' xmlns:o='urn:o' number='1'><o:note/></deal>"))
                .hasMessageContaining("Deal: unexpected element <note>");
    }

    @Test
    void anElementThatIsTheRecordsButForItsCaseOrNamespaceIsRefusedWhereItIs() {
        assertThatThrownBy(() -> read("<book xmlns='urn:deals'>\n<Deal number='1'><note/></Deal></book>"))
                .isInstanceOf(TextInputException.class).hasMessage("deals.xml:2:18: error: unexpected element "
                        + "<Deal> in the namespace \"urn:deals\" where the record element <deal> in the namespace "
                        + "\"urn:deals\" was expected; names and namespaces must match exactly, case included");
        assertThatThrownBy(() -> read("<book xmlns='urn:deals:2'>\n<deal number='1'><note/></deal></book>"))
                .isInstanceOf(TextInputException.class).hasMessageStartingWith("deals.xml:2:18: error: unexpected "
                        + "element <deal> in the namespace \"urn:deals:2\" where the record element <deal> in the "
                        + "namespace \"urn:deals\" was expected, and the document has no record element");
    }

    @Test
    void skippingBadRecordsKeepsTheGoodOnesAndReadsOnAfterTheBadElement() throws IOException {
        String xml = "<book xmlns='urn:deals'><deal number='1'><leg id='x'><frequency><periodMultiplier>0"
                + "</periodMultiplier></frequency><businessCenter>GBLO</businessCenter></leg></deal>"
                + "<deal number='2'><note>kept</note></deal></book>";
        List<Deal> deals = new ArrayList<>();
        List<TextInputException> errors = new ArrayList<>();

        TextReadResult result = DEALS.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                "deals.xml", BadInputPolicy.skip(errors::add), deals::add);

        assertThat(result).isEqualTo(new TextReadResult(1, 1));
        assertThat(deals).extracting(d -> d.note).containsExactly("kept");
        assertThat(errors).singleElement().extracting(Throwable::getMessage).asString()
                .contains("Deal.legs[0].frequency.multiplier: \"0\" is out of range");
    }

    @Test
    void writingAValueItsFieldCannotHoldNamesTheFieldByItsPath() {
        Deal deal = expectedFirst();
        deal.legs.get(1).frequency.multiplier = 40;

        assertThatThrownBy(() -> write(List.of(deal))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Deal.legs[1].frequency.multiplier: 40 is out of range");
        deal.legs.get(1).frequency.multiplier = 4;
        deal.note = "bell \u0007";
        assertThatThrownBy(() -> write(List.of(deal))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Deal.note: the character U+0007 at index 5 cannot be written in XML 1.0");
        deal.note = null;
        assertThatThrownBy(() -> write(List.of(deal))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Deal.note: a required field is null");
    }

    @Test
    void documentsReadOneAfterAnotherOnAThreadEachReadFromTheirStartWhateverTheOneBeforeWas() throws IOException {
        String bad = DOCUMENT.replace("<periodMultiplier>3</periodMultiplier>", "<periodMultiplier>32</periodMultiplier>");
        String malformed = "<deal xmlns='urn:deals' number='1'>\n<note></deal>";

        for (int round = 0; round < 3; round++) {
            assertThat(read(DOCUMENT)).hasSize(2).first().isEqualTo(expectedFirst());
            assertThatThrownBy(() -> read(malformed)).hasMessageStartingWith("deals.xml:2:");
            assertThatThrownBy(() -> read(bad)).hasMessageStartingWith("deals.xml:16:36: error: Deal.legs[1]");
            // A record read inside a sink is read by a second reader while the first is open.
            List<Deal> inner = new ArrayList<>();
            DEALS.read(new ByteArrayInputStream(DOCUMENT.getBytes(StandardCharsets.UTF_8)), "deals.xml",
                    BadInputPolicy.FAIL, deal -> {
                        if (inner.isEmpty()) {
                            try {
                                inner.addAll(read(DOCUMENT));
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }
                    });
            assertThat(inner).hasSize(2).first().isEqualTo(expectedFirst());
        }
    }

    @Test
    void malformedXmlStopsWithItsPosition() {
        assertThatThrownBy(() -> read("<deal xmlns='urn:deals' number='1'>\n<note></deal>"))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("deals.xml:2:").hasMessageContaining("malformed XML");
    }
}
