package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.fpml.sdo.Calculation;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.PartyBean;
import org.fpml.sdo.PartyXml;
import org.fpml.sdo.TradeBatch;
import org.fpml.sdo.TradeBean;
import org.fpml.sdo.TradeSdo;
import org.fpml.sdo.TradeXml;
import org.junit.jupiter.api.Test;

/** The seeded FpML generator: deterministic, realistic, and what it writes reads back as what it generated. */
class FpmlTradeGeneratorTest {
    private static final int TRADES = 300;

    @Test
    void theSameSeedWritesTheSameDocumentAndAnotherSeedAnother() throws IOException {
        assertThat(document(7, TRADES)).isEqualTo(document(7, TRADES)).isNotEqualTo(document(8, TRADES));
    }

    @Test
    void theDocumentReadsBackIntoTheTradesAndPartiesGenerated() throws IOException {
        byte[] document = document(7, TRADES);
        FpmlTradeGenerator generator = new FpmlTradeGenerator(7);
        List<TradeBean> generated = generator.trades(TRADES);

        List<TradeBean> read = TradeXml.read(new ByteArrayInputStream(document), "trades.xml");
        List<PartyBean> parties = PartyXml.read(new ByteArrayInputStream(document), "trades.xml");

        assertThat(read).hasSize(TRADES).isEqualTo(generated);
        assertThat(parties).isEqualTo(generator.parties());
    }

    @Test
    void theDocumentReadsIntoABatchOfTheTradesGenerated() throws IOException {
        List<TradeBean> generated = new FpmlTradeGenerator(9).trades(TRADES);

        TradeBatch batch = TradeXml.readBatch(new ByteArrayInputStream(document(9, TRADES)), "trades.xml",
                BadInputPolicy.FAIL);

        assertThat(batch.size()).isEqualTo(TRADES);
        for (int i = 0; i < TRADES; i++) {
            assertThat(batch.get(i).toBean()).isEqualTo(generated.get(i));
        }
    }

    @Test
    void theDocumentIsAnFpmlDataDocumentOfTradesThenParties() throws IOException {
        String document = new String(document(7, 2), java.nio.charset.StandardCharsets.UTF_8);

        assertThat(document).contains("<dataDocument xmlns=\"http://www.fpml.org/FpML-5/confirmation\" "
                + "fpmlVersion=\"5-11\">");
        assertThat(document.indexOf("<trade>")).isLessThan(document.lastIndexOf("</trade>"));
        assertThat(document.lastIndexOf("</trade>")).isLessThan(document.indexOf("<party id=\"party1\">"));
        assertThat(document).contains("<payerPartyReference href=\"party").contains("<businessCenter>");
    }

    @Test
    void tradesAreRealisticSwapsBetweenTwoOfTheParties() {
        FpmlTradeGenerator generator = new FpmlTradeGenerator(11);
        Set<String> partyIds = generator.parties().stream().map(PartyBean::getId).collect(Collectors.toSet());
        Set<String> currencies = new HashSet<>();
        int basisSwaps = 0;
        for (TradeBean trade : generator.trades(TRADES)) {
            List<InterestRateStream> streams = trade.getProduct().getSwap().getSwapStream();
            assertThat(streams).hasSize(2);
            InterestRateStream first = streams.get(0);
            InterestRateStream second = streams.get(1);
            assertThat(partyIds).contains(first.getPayerPartyReference().getHref(),
                    first.getReceiverPartyReference().getHref());
            assertThat(first.getPayerPartyReference().getHref()).isNotEqualTo(first.getReceiverPartyReference().getHref())
                    .isEqualTo(second.getReceiverPartyReference().getHref());
            for (InterestRateStream stream : streams) {
                Calculation calculation = stream.getCalculationPeriodAmount().getCalculation();
                // Exactly one of the two rates, and reset dates exactly for a floating rate.
                assertThat(calculation.hasFixedRateSchedule()).isNotEqualTo(calculation.hasFloatingRateCalculation());
                assertThat(stream.hasResetDates()).isEqualTo(calculation.hasFloatingRateCalculation());
                assertThat(stream.getCalculationPeriodDates().getTerminationDate().getUnadjustedDate())
                        .isAfter(stream.getCalculationPeriodDates().getEffectiveDate().getUnadjustedDate());
                assertThat(stream.getPaymentDates().getCalculationPeriodDatesReference().getHref())
                        .isEqualTo(stream.getCalculationPeriodDates().getId());
                currencies.add(calculation.getNotionalSchedule().getNotionalStepSchedule().getCurrency().getValue());
            }
            if (!streams.get(0).getCalculationPeriodAmount().getCalculation().hasFixedRateSchedule()) {
                basisSwaps++;
            }
            assertThat(trade.getTradeHeader().getPartyTradeIdentifier()).extracting(p -> p.getPartyReference().getHref())
                    .containsExactly(first.getPayerPartyReference().getHref(), first.getReceiverPartyReference().getHref());
        }
        assertThat(currencies).contains("EUR", "USD", "GBP", "JPY", "CHF");
        // One in eight, give or take.
        assertThat(basisSwaps).isBetween(TRADES / 16, TRADES / 4);
    }

    @Test
    void everyTradeEncodesIntoAnSdoThatGivesItBack() {
        for (TradeBean trade : new FpmlTradeGenerator(3).trades(TRADES)) {
            TradeSdo sdo = TradeSdo.of(trade);
            assertThat(sdo.toBean()).isEqualTo(trade);
            assertThat(TradeSdo.wrap(java.nio.ByteBuffer.wrap(sdo.toByteArray()), 0).toBean()).isEqualTo(trade);
        }
    }

    private static byte[] document(long seed, int trades) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new FpmlTradeGenerator(seed).write(trades, out);
        return out.toByteArray();
    }
}
