package dev.sdo.benchmarks.fpml;

import jakarta.xml.bind.JAXBElement;
import java.math.BigDecimal;
import java.util.List;
import org.fpml.confirmation.DataDocument;
import org.fpml.confirmation.InterestRateStream;
import org.fpml.confirmation.NonNegativeAmountSchedule;
import org.fpml.confirmation.Swap;
import org.fpml.confirmation.Trade;
import org.fpml.confirmation.XsdDate;
import org.fpml.jaxb.Party;

/**
 * Five fields of the trade in FpML's vanilla swap ({@code ird-ex01}): its trade date, the payer of its first
 * (floating) stream, that stream's notional and currency, and the fixed rate of its second stream. Read from the
 * SDO of the imported model and from JAXB's object graph, the way a user of each API would.
 *
 * @param tradeDate the trade date as written
 * @param payer the id of the first stream's payer party
 */
public record VanillaSwapFields(String tradeDate, String payer, BigDecimal notional, String currency,
        BigDecimal fixedRate) {

    /** The fields through the SDO's getters: each nested record and list a view of the same bytes. */
    public static VanillaSwapFields of(DataDocument document) {
        Trade trade = document.getTrade().get(0);
        Swap swap = trade.getProduct().getSwap();
        List<InterestRateStream> streams = swap.getSwapStream();
        InterestRateStream floating = streams.get(0);
        NonNegativeAmountSchedule notional = floating.getCalculationPeriodAmount().getCalculationOrKnownAmountSchedule()
                .getCalculation().getNotionalScheduleOrOther().getNotionalSchedule().getNotionalStepSchedule();
        // An xsd:date is a date when written as one (yyyy-mm-dd), else its text as written.
        XsdDate tradeDate = trade.getTradeHeader().getTradeDate().getValue();
        return new VanillaSwapFields(
                tradeDate.which() == XsdDate.Kind.DATE ? tradeDate.getDate().toString() : tradeDate.getText(),
                floating.getPayerPartyReference().getHref(),
                notional.getInitialValue(),
                notional.getCurrency().getValue(),
                streams.get(1).getCalculationPeriodAmount().getCalculationOrKnownAmountSchedule().getCalculation()
                        .getFixedRateScheduleOrRateCalculation().getFixedRateSchedule().getFixedRateSchedule()
                        .getInitialValue());
    }

    /**
     * The fields through JAXB's objects. xjc gives {@code tradeHeader} a list of {@code JAXBElement}s (its content
     * model repeats element names), so the trade date is found by its element's name; a party reference is the
     * referenced {@code Party} object.
     */
    public static VanillaSwapFields of(JAXBElement<?> root) {
        org.fpml.jaxb.Trade trade = ((org.fpml.jaxb.DataDocument) root.getValue()).getTrade().get(0);
        String tradeDate = null;
        for (JAXBElement<?> element : trade.getTradeHeader().getContent()) {
            if (element.getName().getLocalPart().equals("tradeDate")) {
                tradeDate = ((org.fpml.jaxb.IdentifiedDate) element.getValue()).getValue().toXMLFormat();
            }
        }
        List<org.fpml.jaxb.InterestRateStream> streams = ((org.fpml.jaxb.Swap) trade.getProduct().getValue())
                .getSwapStream();
        org.fpml.jaxb.InterestRateStream floating = streams.get(0);
        org.fpml.jaxb.NonNegativeAmountSchedule notional = floating.getCalculationPeriodAmount().getCalculation()
                .getNotionalSchedule().getNotionalStepSchedule();
        return new VanillaSwapFields(
                tradeDate,
                ((Party) floating.getPayerPartyReference().getHref()).getId(),
                notional.getInitialValue(),
                notional.getCurrency().getValue(),
                streams.get(1).getCalculationPeriodAmount().getCalculation().getFixedRateSchedule().getInitialValue());
    }
}
