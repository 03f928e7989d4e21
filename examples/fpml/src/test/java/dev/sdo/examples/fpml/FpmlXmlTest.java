package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.fpml.sdo.BusinessCenter;
import org.fpml.sdo.BusinessCenters;
import org.fpml.sdo.BusinessDayConventionEnum;
import org.fpml.sdo.Calculation;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.PartyBean;
import org.fpml.sdo.PartyXml;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ResetFrequencyBatch;
import org.fpml.sdo.ResetFrequencySdo;
import org.fpml.sdo.ResetFrequencyXml;
import org.fpml.sdo.TradeBean;
import org.fpml.sdo.TradeSdo;
import org.fpml.sdo.TradeXml;
import org.junit.jupiter.api.Test;

/**
 * FpML documents through the generated bindings: FpML's own vanilla swap example as published, the talk's
 * resetFrequency, round trips through XML and SDOs, and errors that say where and which field.
 */
class FpmlXmlTest {
    private static final String VANILLA_SWAP = "ird-ex01-vanilla-swap.xml";

    @Test
    void fpmlsVanillaSwapExampleReadsIntoATrade() throws IOException {
        List<TradeBean> trades = TradeXml.read(example(), "ird-ex01-vanilla-swap.xml");

        assertThat(trades).hasSize(1);
        TradeBean trade = trades.get(0);
        assertThat(trade.getTradeHeader().getTradeDate()).isEqualTo(LocalDate.of(1994, 12, 12));
        assertThat(trade.getTradeHeader().getPartyTradeIdentifier()).extracting(p -> p.getTradeId().getValue())
                .containsExactly("TW9235", "SW2000");
        List<InterestRateStream> streams = trade.getProduct().getSwap().getSwapStream();
        assertThat(streams).hasSize(2).allSatisfy(stream -> assertThat(stream.hasId()).isFalse());

        InterestRateStream floating = streams.get(0);
        assertThat(floating.getPayerPartyReference().getHref()).isEqualTo("party1");
        BusinessCenters centers = floating.getCalculationPeriodDates().getTerminationDate().getDateAdjustments()
                .getBusinessCenters().getBusinessCenters();
        assertThat(centers.getId()).isEqualTo("primaryBusinessCenters");
        assertThat(centers.getBusinessCenter()).extracting(BusinessCenter::getValue).containsExactly("DEFR");
        assertThat(floating.getPaymentDates().getPaymentDatesAdjustments().getBusinessCenters()
                .getBusinessCentersReference().getHref()).isEqualTo("primaryBusinessCenters");
        assertThat(floating.getCalculationPeriodDates().getEffectiveDate().getDateAdjustments())
                .satisfies(a -> {
                    assertThat(a.getBusinessDayConvention()).isEqualTo(BusinessDayConventionEnum.NONE);
                    assertThat(a.hasBusinessCenters()).isFalse();
                });
        assertThat(floating.getResetDates().getFixingDates().getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(-2));
        Calculation floatingRate = floating.getCalculationPeriodAmount().getCalculation();
        assertThat(floatingRate.getFloatingRateCalculation().getFloatingRateIndex().getValue()).isEqualTo("EUR-LIBOR-BBA");
        assertThat(floatingRate.hasFixedRateSchedule()).isFalse();
        assertThat(floatingRate.getNotionalSchedule().getNotionalStepSchedule().getInitialValue())
                .isEqualTo(new BigDecimal("50000000.00"));

        Calculation fixedRate = streams.get(1).getCalculationPeriodAmount().getCalculation();
        assertThat(fixedRate.getFixedRateSchedule().getInitialValue()).isEqualByComparingTo("0.06");
        assertThat(fixedRate.getDayCountFraction().getValue()).isEqualTo("30E/360");
        assertThat(streams.get(1).hasResetDates()).isFalse();
    }

    @Test
    void itsResetFrequencyIsTheTalksByte() throws IOException {
        TradeBean trade = TradeXml.read(example(), "ird-ex01-vanilla-swap.xml").get(0);
        TradeSdo sdo = TradeSdo.of(trade);

        var frequency = sdo.getProduct().getSwap().getSwapStream().get(0).getResetDates().getResetFrequency();

        assertThat(frequency.getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(6));
        assertThat(frequency.getPeriod()).isEqualTo(PeriodEnum.M);
        assertThat(ResetFrequencySdo.of(frequency).toByteArray()).containsExactly(0x45);
    }

    @Test
    void theSharedResetFrequencySampleReadsThroughTheGeneratedFlatBinding() throws IOException {
        ResetFrequencyBatch batch = ResetFrequencyXml.readBatch(resource("/reset-frequency.xml"), "reset-frequency.xml");

        assertThat(batch.size()).isEqualTo(1);
        assertThat(batch.get(0).toByteArray()).containsExactly(0x45);
    }

    @Test
    void itsPartiesReadIntoPartyRecords() throws IOException {
        List<PartyBean> parties = PartyXml.read(example(), "ird-ex01-vanilla-swap.xml");

        assertThat(parties).extracting(PartyBean::getId, p -> p.getPartyId().getValue(), PartyBean::getPartyName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("party1", "549300VBWWV6BYQOWM67", "Party A"),
                        org.assertj.core.groups.Tuple.tuple("party2", "529900DTJ5A7S5UCBB52", null));
    }

    @Test
    void tradesWrittenAsXmlFromSdosReadBackTheSame() throws IOException {
        List<TradeBean> generated = new FpmlTradeGenerator(5).trades(100);
        List<TradeSdo> sdos = generated.stream().map(TradeSdo::of).toList();
        ByteArrayOutputStream xml = new ByteArrayOutputStream();

        TradeXml.write(sdos, xml);
        List<TradeBean> read = TradeXml.read(new ByteArrayInputStream(xml.toByteArray()), "written.xml");

        assertThat(read).isEqualTo(generated);
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        TradeXml.write(read, again);
        assertThat(again.toString(StandardCharsets.UTF_8)).isEqualTo(xml.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theExampleReadWrittenAndReadAgainIsTheSameTrade() throws IOException {
        List<TradeBean> trades = TradeXml.read(example(), "ird-ex01-vanilla-swap.xml");
        ByteArrayOutputStream xml = new ByteArrayOutputStream();

        TradeXml.write(trades, xml);

        assertThat(TradeXml.read(new ByteArrayInputStream(xml.toByteArray()), "written.xml")).isEqualTo(trades);
    }

    @Test
    void schemeAttributesAreBoundAndWrittenBackAndUnknownAttributesAreRefused() throws IOException {
        String example = new String(example().readAllBytes(), StandardCharsets.UTF_8);
        TradeBean trade = TradeXml.read(example(), "ird-ex01-vanilla-swap.xml").get(0);

        assertThat(trade.getTradeHeader().getPartyTradeIdentifier().get(0).getTradeId().getTradeIdScheme())
                .isEqualTo("http://www.partyA.com/swaps/trade-id");
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        TradeXml.write(List.of(TradeSdo.of(trade)), xml);
        assertThat(xml.toString(StandardCharsets.UTF_8))
                .contains("<tradeId tradeIdScheme=\"http://www.partyA.com/swaps/trade-id\">TW9235</tradeId>")
                // The schemes at the XSD's default are not written: an absent attribute means the default.
                .contains("<currency>EUR</currency>")
                .contains("<floatingRateIndex>EUR-LIBOR-BBA</floatingRateIndex>");
        int second = example.indexOf("<swapStream>", example.indexOf("<swapStream>") + 1);
        String unknown = example.substring(0, second) + "<swapStream legType=\"x\">"
                + example.substring(second + "<swapStream>".length());
        int line = (int) example.substring(0, second).lines().count();
        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(unknown.getBytes(StandardCharsets.UTF_8)),
                "ex.xml"))
                .hasMessageStartingWith("ex.xml:" + line + ":")
                .hasMessageContaining("Trade.product.swap.swapStream[1]: unknown attribute legType on <swapStream>; "
                        + "its attributes: id");
    }

    @Test
    void aBadValueNamesItsLineColumnAndThePathOfItsField() throws IOException {
        String example = new String(example().readAllBytes(), StandardCharsets.UTF_8);
        String bad = example.replace("<dayCountFraction>30E/360</dayCountFraction>",
                "<dayCountFraction>30e/360</dayCountFraction>");
        int line = (int) example.substring(0, example.indexOf("<dayCountFraction>30E/360")).lines().count();

        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "ex.xml"))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("ex.xml:" + line + ":")
                .hasMessageContaining("Trade.product.swap.swapStream[1].calculationPeriodAmount.calculation"
                        + ".dayCountFraction.value: "
                        + "\"30e/360\" has the character 'e', outside the alphabet");
    }

    @Test
    void aMissingRequiredElementIsNamedByItsPath() {
        String xml = """
                <trade xmlns="http://www.fpml.org/FpML-5/confirmation">
                  <tradeHeader><tradeDate>2020-01-02</tradeDate></tradeHeader>
                </trade>""";

        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "t.xml"))
                .hasMessageStartingWith("t.xml:1:")
                .hasMessageContaining("Trade.product: none of the elements <swap>, <fra>, <capFloor> is there; the "
                        + "union Product is required");
    }

    /** FpML's published vanilla swap, ird-ex01. */
    private static InputStream example() {
        return new ByteArrayInputStream(PublishedExamples.bytes(VANILLA_SWAP));
    }

    private static InputStream resource(String name) {
        InputStream in = FpmlXmlTest.class.getResourceAsStream(name);
        assertThat(in).as(name + " on the test class path").isNotNull();
        return in;
    }
}
