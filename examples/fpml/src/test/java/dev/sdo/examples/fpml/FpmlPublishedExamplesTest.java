package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.fpml.sdo.BusinessCenter;
import org.fpml.sdo.CapFloor;
import org.fpml.sdo.CurrencyBean;
import org.fpml.sdo.CurrencySdo;
import org.fpml.sdo.FloatingRateCalculation;
import org.fpml.sdo.Fra;
import org.fpml.sdo.FraDiscountingEnum;
import org.fpml.sdo.PayerReceiverEnum;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.Product;
import org.fpml.sdo.Step;
import org.fpml.sdo.StrikeSchedule;
import org.fpml.sdo.TradeBean;
import org.fpml.sdo.TradeSdo;
import org.fpml.sdo.TradeXml;
import org.junit.jupiter.api.Test;

/**
 * FpML's published examples of a swap, a FRA, a cap, a floor and a collar, as FpML publishes them: each read into
 * its trade (the product picked by its element), encoded as an SDO, written back as XML and read again the same.
 */
class FpmlPublishedExamplesTest {

    @Test
    void everyPublishedExampleConvertsToAnSdoAndRoundTripsThroughXml() throws IOException {
        for (String name : PublishedExamples.NAMES) {
            byte[] xml = PublishedExamples.bytes(name);
            List<TradeBean> trades = TradeXml.read(new ByteArrayInputStream(xml), name);
            assertThat(trades).as(name).hasSize(1);
            TradeBean trade = trades.get(0);

            TradeSdo sdo = TradeSdo.of(trade);
            assertThat(sdo.toBean()).as(name).isEqualTo(trade);
            assertThat(TradeSdo.wrap(ByteBuffer.wrap(sdo.toByteArray()), 0).toBean()).as(name).isEqualTo(trade);
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            TradeXml.write(List.of(sdo), written);
            assertThat(TradeXml.read(new ByteArrayInputStream(written.toByteArray()), "written " + name))
                    .as(name).containsExactly(trade);
            System.out.printf("%-28s %-10s XML %,6d B  SDO %,5d B%n", name, sdo.getProduct().which(), xml.length,
                    sdo.byteSize());
        }
    }

    @Test
    void theFraReadsWithEveryElement() throws IOException {
        Fra fra = product("ird-ex08-fra.xml").getFra();

        assertThat(fra.getBuyerPartyReference().getHref()).isEqualTo("party1");
        assertThat(fra.getSellerPartyReference().getHref()).isEqualTo("party2");
        assertThat(fra.getAdjustedEffectiveDate().getId()).isEqualTo("resetDate");
        assertThat(fra.getAdjustedEffectiveDate().getValue()).isEqualTo(LocalDate.of(1991, 7, 17));
        assertThat(fra.getAdjustedTerminationDate()).isEqualTo(LocalDate.of(1992, 1, 17));
        assertThat(fra.getPaymentDate().getDateAdjustments().getBusinessCenters().getBusinessCenters()
                .getBusinessCenter()).extracting(BusinessCenter::getValue).containsExactly("CHZU");
        assertThat(fra.getFixingDateOffset().getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(-2));
        assertThat(fra.getFixingDateOffset().getDateRelativeTo().getHref()).isEqualTo("resetDate");
        assertThat(fra.getDayCountFraction().getValue()).isEqualTo("ACT/360");
        assertThat(fra.getCalculationPeriodNumberOfDays()).isEqualTo(BigInteger.valueOf(184));
        assertThat(fra.getNotional().getCurrency().getValue()).isEqualTo("CHF");
        assertThat(fra.getNotional().getAmount()).isEqualByComparingTo("25000000");
        assertThat(fra.getFixedRate().getValue()).isEqualByComparingTo("0.04");
        assertThat(fra.getFloatingRateIndex().getValue()).isEqualTo("CHF-LIBOR-BBA");
        assertThat(fra.getIndexTenor()).singleElement().satisfies(tenor -> {
            assertThat(tenor.getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(6));
            assertThat(tenor.getPeriod()).isEqualTo(PeriodEnum.M);
        });
        assertThat(fra.getFraDiscounting()).isEqualTo(FraDiscountingEnum.ISDA);
        assertThat(fra.getProductType()).isEmpty();
    }

    @Test
    void theSecondFraHasItsProductTypeIdAndCalculationAgent() throws IOException {
        TradeBean trade = trade("ird-ex08a-fra.xml");
        Fra fra = trade.getProduct().getFra();

        assertThat(fra.getProductType()).singleElement().satisfies(type -> {
            assertThat(type.getValue()).isEqualTo("InterestRate:FRA");
            assertThat(type.getProductTypeScheme()).isEqualTo("http://www.fpml.org/coding-scheme/product-taxonomy");
        });
        assertThat(fra.getProductId()).singleElement().satisfies(id -> {
            assertThat(id.getValue()).isEqualTo("64209469");
            assertThat(id.hasProductIdScheme()).isFalse();
        });
        assertThat(fra.getPaymentDate().getDateAdjustments().getBusinessCenters().getBusinessCenters()
                .getBusinessCenter()).extracting(BusinessCenter::getValue).containsExactly("GBLO", "USNY");
        assertThat(trade.getCalculationAgent().getAgent().getCalculationAgentPartyReference())
                .singleElement().satisfies(reference -> assertThat(reference.getHref()).isEqualTo("partyA"));
    }

    @Test
    void theCapHasItsStrikeStepsAndWhoBuysIt() throws IOException {
        CapFloor cap = product("ird-ex22-cap.xml").getCapFloor();
        FloatingRateCalculation rate = cap.getCapFloorStream().getCalculationPeriodAmount().getCalculation()
                .getFloatingRateCalculation();

        assertThat(rate.getFloatingRateIndex().getValue()).isEqualTo("EUR-EURIBOR-Telerate");
        assertThat(rate.getFloorRateSchedule()).isEmpty();
        StrikeSchedule strike = rate.getCapRateSchedule().get(0);
        assertThat(rate.getCapRateSchedule()).hasSize(1);
        assertThat(strike.getInitialValue()).isEqualByComparingTo("0.06");
        assertThat(strike.getStep()).extracting(Step::getStepDate, step -> step.getStepValue().stripTrailingZeros())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(LocalDate.of(2002, 6, 30), new BigDecimal("0.0625")),
                        org.assertj.core.groups.Tuple.tuple(LocalDate.of(2003, 6, 30), new BigDecimal("0.065")),
                        org.assertj.core.groups.Tuple.tuple(LocalDate.of(2004, 6, 30), new BigDecimal("0.0675")),
                        org.assertj.core.groups.Tuple.tuple(LocalDate.of(2005, 6, 30), new BigDecimal("0.07")));
        assertThat(strike.getBuyer()).isEqualTo(PayerReceiverEnum.Receiver);
        assertThat(strike.getSeller()).isEqualTo(PayerReceiverEnum.Payer);
        assertThat(cap.getCapFloorStream().getResetDates().getResetFrequency().getPeriod()).isEqualTo(PeriodEnum.M);
    }

    @Test
    void theFloorAndTheCollarHaveTheirFloorRates() throws IOException {
        FloatingRateCalculation floor = product("ird-ex23-floor.xml").getCapFloor().getCapFloorStream()
                .getCalculationPeriodAmount().getCalculation().getFloatingRateCalculation();
        FloatingRateCalculation collar = product("ird-ex24-collar.xml").getCapFloor().getCapFloorStream()
                .getCalculationPeriodAmount().getCalculation().getFloatingRateCalculation();

        assertThat(floor.getCapRateSchedule()).isEmpty();
        assertThat(floor.getFloorRateSchedule()).singleElement()
                .satisfies(s -> assertThat(s.getInitialValue()).isEqualByComparingTo("0.04"));
        assertThat(collar.getCapRateSchedule()).singleElement()
                .satisfies(s -> assertThat(s.getInitialValue()).isEqualByComparingTo("0.06"));
        assertThat(collar.getFloorRateSchedule()).singleElement()
                .satisfies(s -> assertThat(s.getBuyer()).isEqualTo(PayerReceiverEnum.Payer));
    }

    @Test
    void theProductIsPickedByItsElement() throws IOException {
        assertThat(product("ird-ex01-vanilla-swap.xml").which()).isEqualTo(Product.Kind.SWAP);
        assertThat(product("ird-ex08-fra.xml").which()).isEqualTo(Product.Kind.FRA);
        assertThat(product("ird-ex23-floor.xml").which()).isEqualTo(Product.Kind.CAP_FLOOR);
    }

    @Test
    void anElementTheSchemaDoesNotModelIsRefused() {
        String fra = new String(PublishedExamples.bytes("ird-ex08-fra.xml"), StandardCharsets.UTF_8);
        String withPayment = fra.replace("</fra>", "<additionalPayment/></fra>");

        assertThatThrownBy(() -> TradeXml.read(new ByteArrayInputStream(withPayment.getBytes(StandardCharsets.UTF_8)),
                "fra.xml"))
                .hasMessageStartingWith("fra.xml:")
                .hasMessageContaining("Trade.product.fra")
                .hasMessageContaining("additionalPayment");
    }

    @Test
    void aSchemeAtItsDefaultCostsOneBitAndIsNotWritten() throws IOException {
        CurrencyBean defaulted = new CurrencyBean();
        defaulted.setValue("EUR");
        CurrencyBean other = new CurrencyBean();
        other.setValue("EUR");
        other.setCurrencyScheme("http://www.example.com/currency");

        assertThat(defaulted.getCurrencyScheme()).isEqualTo("http://www.fpml.org/coding-scheme/external/iso4217");
        assertThat(CurrencySdo.of(defaulted).byteSize())
                .isLessThan(CurrencySdo.of(other).byteSize() - "http://www.example.com/currency".length() + 1);
        // ird-ex01 writes the default currency scheme out; read, it is the default, and written, it is left out.
        String written = writtenBack("ird-ex01-vanilla-swap.xml");
        assertThat(written).contains("<currency>EUR</currency>").doesNotContain("currencyScheme=");
    }

    private static String writtenBack(String name) throws IOException {
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        TradeXml.write(List.of(trade(name)), xml);
        return xml.toString(StandardCharsets.UTF_8);
    }

    private static Product product(String name) throws IOException {
        return trade(name).getProduct();
    }

    private static TradeBean trade(String name) throws IOException {
        List<TradeBean> trades = TradeXml.read(new ByteArrayInputStream(PublishedExamples.bytes(name)), name);
        assertThat(trades).as(name).hasSize(1);
        return trades.get(0);
    }
}
