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
import org.assertj.core.groups.Tuple;
import org.fpml.sdo.BusinessDayConventionEnum;
import org.fpml.sdo.Calculation;
import org.fpml.sdo.InterestRateStreamBean;
import org.fpml.sdo.InterestRateStreamSdo;
import org.fpml.sdo.InterestRateStreamXml;
import org.fpml.sdo.PartyBean;
import org.fpml.sdo.PartyXml;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ResetFrequencyBatch;
import org.fpml.sdo.ResetFrequencySdo;
import org.fpml.sdo.ResetFrequencyXml;
import org.junit.jupiter.api.Test;

/**
 * FpML documents through the generated bindings: FpML's own vanilla swap example, the talk's resetFrequency, round
 * trips through XML and SDOs, and errors that say where and which field.
 */
class FpmlXmlTest {

    @Test
    void fpmlsVanillaSwapExampleReadsIntoItsTwoStreams() throws IOException {
        List<InterestRateStreamBean> streams = readExample();

        assertThat(streams).extracting(InterestRateStreamBean::getId).containsExactly("floatingLeg", "fixedLeg");
        InterestRateStreamBean floating = streams.get(0);
        assertThat(floating.getPayerPartyReference().getHref()).isEqualTo("party1");
        assertThat(floating.getCalculationPeriodDates().getEffectiveDate().getUnadjustedDate())
                .isEqualTo(LocalDate.of(1994, 12, 14));
        assertThat(floating.getCalculationPeriodDates().getTerminationDate().getDateAdjustments().getBusinessCenters()
                .getBusinessCenter()).isEqualTo("DEFR");
        assertThat(floating.getCalculationPeriodDates().getEffectiveDate().getDateAdjustments())
                .satisfies(a -> {
                    assertThat(a.getBusinessDayConvention()).isEqualTo(BusinessDayConventionEnum.NONE);
                    assertThat(a.hasBusinessCenters()).isFalse();
                });
        assertThat(floating.getResetDates().getFixingDates().getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(-2));
        Calculation floatingRate = floating.getCalculationPeriodAmount().getCalculation();
        assertThat(floatingRate.getFloatingRateCalculation().getFloatingRateIndex()).isEqualTo("EUR-LIBOR-BBA");
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
        InterestRateStreamSdo sdo = InterestRateStreamSdo.of(readExample().get(0));

        var frequency = sdo.getResetDates().getResetFrequency();

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

        assertThat(parties).extracting(PartyBean::getId, PartyBean::getPartyId, PartyBean::getPartyName)
                .containsExactly(Tuple.tuple("party1", "PARTYAUS33", "Party A"),
                        Tuple.tuple("party2", "BARCGB2L", "Party B"));
    }

    @Test
    void streamsWrittenAsXmlFromSdosReadBackTheSame() throws IOException {
        List<InterestRateStreamBean> generated = new FpmlTradeGenerator(5).trades(100).stream()
                .flatMap(t -> t.streams().stream()).toList();
        List<InterestRateStreamSdo> sdos = generated.stream().map(InterestRateStreamSdo::of).toList();
        ByteArrayOutputStream xml = new ByteArrayOutputStream();

        InterestRateStreamXml.write(sdos, xml);
        List<InterestRateStreamBean> read = InterestRateStreamXml.read(new ByteArrayInputStream(xml.toByteArray()),
                "written.xml");

        assertThat(read).isEqualTo(generated);
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        InterestRateStreamXml.write(read, again);
        assertThat(again.toString(StandardCharsets.UTF_8)).isEqualTo(xml.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theExampleReadWrittenAndReadAgainIsTheSame() throws IOException {
        List<InterestRateStreamBean> streams = readExample();
        ByteArrayOutputStream xml = new ByteArrayOutputStream();

        InterestRateStreamXml.write(streams, xml);

        assertThat(InterestRateStreamXml.read(new ByteArrayInputStream(xml.toByteArray()), "written.xml"))
                .isEqualTo(streams);
    }

    @Test
    void aBadValueNamesItsLineColumnAndThePathOfItsField() throws IOException {
        String example = new String(resource("/ird-ex01-vanilla-swap.xml").readAllBytes(), StandardCharsets.UTF_8);
        String bad = example.replace("<dayCountFraction>30E/360</dayCountFraction>",
                "<dayCountFraction>30e/360</dayCountFraction>");
        int line = (int) example.substring(0, example.indexOf("<dayCountFraction>30E/360")).lines().count();

        assertThatThrownBy(() -> InterestRateStreamXml.read(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)),
                "ex.xml"))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("ex.xml:" + line + ":")
                .hasMessageContaining("InterestRateStream.calculationPeriodAmount.calculation.dayCountFraction: "
                        + "\"30e/360\" has the character 'e', outside the alphabet");
    }

    @Test
    void aMissingRequiredElementIsNamedByItsPath() {
        String xml = """
                <swapStream xmlns="http://www.fpml.org/FpML-5/confirmation">
                  <payerPartyReference href="party1"/>
                </swapStream>""";

        assertThatThrownBy(() -> InterestRateStreamXml.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                "t.xml"))
                .hasMessageStartingWith("t.xml:1:")
                .hasMessageContaining("InterestRateStream.receiverPartyReference: the element <receiverPartyReference> "
                        + "is missing; the field is required");
    }

    private static List<InterestRateStreamBean> readExample() throws IOException {
        return InterestRateStreamXml.read(resource("/ird-ex01-vanilla-swap.xml"), "ird-ex01-vanilla-swap.xml");
    }

    private static InputStream resource(String name) {
        InputStream in = FpmlXmlTest.class.getResourceAsStream(name);
        assertThat(in).as(name + " on the test class path").isNotNull();
        return in;
    }
}
