package com.example.quotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AppTest {

    @Test
    void aQuoteIsEightBytesAndReadsBackWhatWasWritten() {
        Quote quote = App.quote("EURUSD", Side.Ask, "1.08415", 1);

        assertEquals(8, QuoteSdo.BYTES);
        assertEquals("EURUSD", quote.getSymbol());
        assertEquals(Side.Ask, quote.getSide());
        assertEquals(new BigDecimal("1.08415"), quote.getPrice());
        assertEquals(1, quote.getMillions());
    }

    @Test
    void theBestBidIsTheHighestAndTheBestAskTheLowest() {
        QuoteBatch book = new QuoteBatch();
        book.add(App.quote("EURUSD", Side.Bid, "1.08410", 1));
        book.add(App.quote("EURUSD", Side.Bid, "1.08412", 1));
        book.add(App.quote("EURUSD", Side.Ask, "1.08417", 1));
        book.add(App.quote("EURUSD", Side.Ask, "1.08415", 1));

        assertEquals(new BigDecimal("1.08412"), App.best(book, "EURUSD", Side.Bid));
        assertEquals(new BigDecimal("1.08415"), App.best(book, "EURUSD", Side.Ask));
        assertNull(App.best(book, "GBPUSD", Side.Bid));
    }

    @Test
    void aSymbolOutsideTheAlphabetIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> App.quote("EURUS1", Side.Bid, "1", 1));
    }

    @Test
    void theMainPrintsTheBook() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            App.main(new String[0]);
        } finally {
            System.setOut(out);
        }

        assertEquals(String.join(System.lineSeparator(),
                "4 quotes in 32 bytes", "best EURUSD bid 1.08412", "best EURUSD ask 1.08415", ""),
                printed.toString(StandardCharsets.UTF_8));
    }
}
