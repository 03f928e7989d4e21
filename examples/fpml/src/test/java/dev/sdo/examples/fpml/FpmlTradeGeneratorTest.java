package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.examples.fpml.FpmlTradeGenerator.GeneratedTrade;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.fpml.sdo.Calculation;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.InterestRateStreamBatch;
import org.fpml.sdo.InterestRateStreamBean;
import org.fpml.sdo.InterestRateStreamSdo;
import org.fpml.sdo.InterestRateStreamXml;
import org.fpml.sdo.PartyBean;
import org.fpml.sdo.PartyXml;
import org.junit.jupiter.api.Test;

/** The seeded FpML generator: deterministic, realistic, and what it writes reads back as what it generated. */
class FpmlTradeGeneratorTest {
    private static final int TRADES = 300;

    @Test
    void theSameSeedWritesTheSameDocumentAndAnotherSeedAnother() throws IOException {
        assertThat(document(7, TRADES)).isEqualTo(document(7, TRADES)).isNotEqualTo(document(8, TRADES));
    }

    @Test
    void theDocumentReadsBackIntoTheStreamsAndPartiesGenerated() throws IOException {
        byte[] document = document(7, TRADES);
        FpmlTradeGenerator generator = new FpmlTradeGenerator(7);
        List<InterestRateStreamBean> generated = streams(generator.trades(TRADES));

        List<InterestRateStreamBean> read = InterestRateStreamXml.read(new ByteArrayInputStream(document), "trades.xml");
        List<PartyBean> parties = PartyXml.read(new ByteArrayInputStream(document), "trades.xml");

        assertThat(read).hasSize(2 * TRADES).isEqualTo(generated);
        assertThat(parties).isEqualTo(generator.parties());
    }

    @Test
    void theDocumentReadsIntoABatchOfTheStreamsGenerated() throws IOException {
        List<InterestRateStreamBean> generated = streams(new FpmlTradeGenerator(9).trades(TRADES));

        InterestRateStreamBatch batch = InterestRateStreamXml.readBatch(new ByteArrayInputStream(document(9, TRADES)),
                "trades.xml", BadInputPolicy.FAIL);

        assertThat(batch.size()).isEqualTo(2 * TRADES);
        for (int i = 0; i < batch.size(); i++) {
            assertThat(batch.get(i).toBean()).isEqualTo(generated.get(i));
        }
    }

    @Test
    void theDocumentIsAnFpmlDataDocumentOfTradesThenParties() throws IOException {
        String document = new String(document(7, 2), StandardCharsets.UTF_8);

        assertThat(document).contains("<dataDocument xmlns=\"http://www.fpml.org/FpML-5/confirmation\" "
                + "fpmlVersion=\"5-10\">");
        assertThat(document).contains("<tradeHeader>").contains("<partyReference href=\"party")
                .contains("<tradeId>IRS0000001</tradeId>").contains("<swap>").contains("<swapStream id=\"trade1-");
        assertThat(document.lastIndexOf("</trade>")).isLessThan(document.indexOf("<party id=\"party1\">"));
    }

    @Test
    void tradesAreRealisticSwapsBetweenTwoOfTheParties() {
        FpmlTradeGenerator generator = new FpmlTradeGenerator(11);
        Set<String> partyIds = generator.parties().stream().map(PartyBean::getId).collect(Collectors.toSet());
        Set<String> currencies = new HashSet<>();
        int basisSwaps = 0;
        for (GeneratedTrade trade : generator.trades(TRADES)) {
            List<InterestRateStreamBean> streams = trade.streams();
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
                currencies.add(calculation.getNotionalSchedule().getNotionalStepSchedule().getCurrency());
            }
            if (!first.getCalculationPeriodAmount().getCalculation().hasFixedRateSchedule()) {
                basisSwaps++;
            }
            assertThat(trade.identifiers()).extracting(i -> i.get(0))
                    .containsExactly(first.getPayerPartyReference().getHref(), first.getReceiverPartyReference().getHref());
        }
        assertThat(currencies).contains("EUR", "USD", "GBP", "JPY", "CHF");
        // One in eight, give or take.
        assertThat(basisSwaps).isBetween(TRADES / 16, TRADES / 4);
    }

    @Test
    void everyStreamEncodesIntoAnSdoThatGivesItBack() {
        for (InterestRateStreamBean stream : streams(new FpmlTradeGenerator(3).trades(TRADES))) {
            InterestRateStreamSdo sdo = InterestRateStreamSdo.of(stream);
            assertThat(sdo.toBean()).isEqualTo(stream);
            assertThat(InterestRateStreamSdo.wrap(java.nio.ByteBuffer.wrap(sdo.toByteArray()), 0).toBean())
                    .isEqualTo(stream);
        }
    }

    private static List<InterestRateStreamBean> streams(List<GeneratedTrade> trades) {
        return trades.stream().flatMap(t -> t.streams().stream()).toList();
    }

    private static byte[] document(long seed, int trades) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new FpmlTradeGenerator(seed).write(trades, out);
        return out.toByteArray();
    }
}
