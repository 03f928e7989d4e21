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
 * FpML documents through the generated bindings: FpML's own vanilla swap example, the talk's resetFrequency, round
 * trips through XML and SDOs, and errors that say where and which field.
 */
class FpmlXmlTest {

    @Test
    void fpmlsVanillaSwapExampleReadsIntoATrade() throws IOException {
        List<TradeBean> trades = TradeXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml");

        assertThat(trades).hasSize(1);
        TradeBean trade = trades.get(0);
        assertThat(trade.getTradeHeader().getTradeDate()).isEqualTo(LocalDate.of(1994, 12, 12));
        assertThat(trade.getTradeHeader().getPartyTradeIdentifier()).extracting(p -> p.getTradeId().getValue())
                .containsExactly("TW9235", "SW2000");
        List<InterestRateStream> streams = trade.getSwap().getSwapStream();
        assertThat(streams).extracting(InterestRateStream::getId).containsExactly("floatingLeg", "fixedLeg");

        InterestRateStream floating = streams.get(0);
        assertThat(floating.getPayerPartyReference().getHref()).isEqualTo("party1");
        assertThat(floating.getCalculationPeriodDates().getTerminationDate().getDateAdjustments().getBusinessCenters()
                .getBusinessCenter()).containsExactly("DEFR");
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
        assertThat(fixedRate.getDayCountFraction()).isEqualTo("30E/360");
        assertThat(streams.get(1).hasResetDates()).isFalse();
    }

    @Test
    void itsResetFrequencyIsTheTalksByte() throws IOException {
        TradeBean trade = TradeXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml").get(0);
        TradeSdo sdo = TradeSdo.of(trade);

        var frequency = sdo.getSwap().getSwapStream().get(0).getResetDates().getResetFrequency();

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
        List<PartyBean> parties = PartyXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml");

        assertThat(parties).extracting(PartyBean::getId, p -> p.getPartyId().getValue(), PartyBean::getPartyName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("party1", "PARTYAUS33", "Party A"),
                        org.assertj.core.groups.Tuple.tuple("party2", "BARCGB2L", "Party B"));
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
        List<TradeBean> trades = TradeXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml");
        ByteArrayOutputStream xml = new ByteArrayOutputStream();

        TradeXml.write(trades, xml);

        assertThat(TradeXml.read(new ByteArrayInputStream(xml.toByteArray()), "written.xml")).isEqualTo(trades);
    }

    @Test
    void schemeAttributesAreBoundAndWrittenBackAndUnknownAttributesAreRefused() throws IOException {
        String example = new String(resource("/ird-ex01-vanilla-swap.xml").readAllBytes(), StandardCharsets.UTF_8);
        TradeBean trade = TradeXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml").get(0);

        assertThat(trade.getTradeHeader().getPartyTradeIdentifier().get(0).getTradeId().getTradeIdScheme())
                .isEqualTo("http://www.partyA.com/swaps/trade-id");
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        TradeXml.write(List.of(TradeSdo.of(trade)), xml);
        assertThat(xml.toString(StandardCharsets.UTF_8))
                .contains("<tradeId tradeIdScheme=\"http://www.partyA.com/swaps/trade-id\">TW9235</tradeId>")
                .contains("<currency currencyScheme=\"http://www.fpml.org/coding-scheme/external/iso4217\">EUR</currency>")
                .contains("<floatingRateIndex floatingRateIndexScheme=\"http://www.fpml.org/coding-scheme/"
                        + "floating-rate-index\">EUR-LIBOR-BBA</floatingRateIndex>");
        String unknown = example.replace("<swapStream id=\"fixedLeg\">", "<swapStream id=\"fixedLeg\" legType=\"x\">");
        int line = (int) example.substring(0, example.indexOf("<swapStream id=\"fixedLeg\">")).lines().count();
        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(unknown.getBytes(StandardCharsets.UTF_8)),
                "ex.xml"))
                .hasMessageStartingWith("ex.xml:" + line + ":")
                .hasMessageContaining("Trade.swap.swapStream[1]: unknown attribute legType on <swapStream>; its "
                        + "attributes: id");
    }

    @Test
    void aBadValueNamesItsLineColumnAndThePathOfItsField() throws IOException {
        String example = new String(resource("/ird-ex01-vanilla-swap.xml").readAllBytes(), StandardCharsets.UTF_8);
        String bad = example.replace("<dayCountFraction>30E/360</dayCountFraction>",
                "<dayCountFraction>30e/360</dayCountFraction>");
        int line = (int) example.substring(0, example.indexOf("<dayCountFraction>30E/360")).lines().count();

        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "ex.xml"))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("ex.xml:" + line + ":")
                .hasMessageContaining("Trade.swap.swapStream[1].calculationPeriodAmount.calculation.dayCountFraction: "
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
                .hasMessageContaining("Trade.swap: the element <swap> is missing; the field is required");
    }

    private static InputStream resource(String name) {
        InputStream in = FpmlXmlTest.class.getResourceAsStream(name);
        assertThat(in).as(name + " on the test class path").isNotNull();
        return in;
    }
}
