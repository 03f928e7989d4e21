package dev.sdo.coherence.example;

import com.example.trade.Trade;
import com.example.trade.TradeSdo;
import com.tangosol.util.ValueExtractor;
import dev.sdo.coherence.SdoExtractor;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * Extractors for the fields of a Trade stored as an SDO: each reads its field in place on the storage members.
 * Written by hand here to show how little it takes; any getter of {@code TradeSdo} can be made one.
 */
public final class TradeExtractors {
    private TradeExtractors() {
    }

    public static ValueExtractor<Trade, Long> id() {
        return SdoExtractor.of(TradeSdo.class, "getId", Long.class);
    }

    public static ValueExtractor<Trade, LocalDate> tradeDate() {
        return SdoExtractor.of(TradeSdo.class, "getTradeDate", LocalDate.class);
    }

    public static ValueExtractor<Trade, String> currency1() {
        return SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class);
    }

    public static ValueExtractor<Trade, BigDecimal> amount1() {
        return SdoExtractor.of(TradeSdo.class, "getAmount1", BigDecimal.class);
    }

    /** Amount1 in cents, without allocating a BigDecimal: the cheapest thing to sum or compare. */
    public static ValueExtractor<Trade, Long> amount1Unscaled() {
        return SdoExtractor.of(TradeSdo.class, "getAmount1Unscaled", Long.class);
    }

    public static ValueExtractor<Trade, String> currency2() {
        return SdoExtractor.of(TradeSdo.class, "getCurrency2", String.class);
    }

    public static ValueExtractor<Trade, BigDecimal> amount2() {
        return SdoExtractor.of(TradeSdo.class, "getAmount2", BigDecimal.class);
    }

    public static ValueExtractor<Trade, LocalDate> settlementDate() {
        return SdoExtractor.of(TradeSdo.class, "getSettlementDate", LocalDate.class);
    }
}
