package dev.sdo.coherence.example;

import com.example.trade.Trade;
import com.tangosol.util.ValueExtractor;
import com.tangosol.util.extractor.PofExtractor;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The same extractors over POF-serialised TradeBeans, with Coherence's {@link PofExtractor}. Dates are extracted
 * without a declared class: POF has no user type for {@code java.time.LocalDate}, and a {@code PofExtractor} given
 * {@code LocalDate.class} cannot even be sent to the storage members ("unknown user type").
 */
public final class TradePofExtractors {
    private TradePofExtractors() {
    }

    public static ValueExtractor<Trade, Long> id() {
        return new PofExtractor<>(Long.class, TradePofSerializer.ID);
    }

    public static ValueExtractor<Trade, LocalDate> tradeDate() {
        return new PofExtractor<>(null, TradePofSerializer.TRADE_DATE);
    }

    public static ValueExtractor<Trade, String> currency1() {
        return new PofExtractor<>(String.class, TradePofSerializer.CURRENCY1);
    }

    public static ValueExtractor<Trade, BigDecimal> amount1() {
        return new PofExtractor<>(BigDecimal.class, TradePofSerializer.AMOUNT1);
    }

    public static ValueExtractor<Trade, String> currency2() {
        return new PofExtractor<>(String.class, TradePofSerializer.CURRENCY2);
    }

    public static ValueExtractor<Trade, BigDecimal> amount2() {
        return new PofExtractor<>(BigDecimal.class, TradePofSerializer.AMOUNT2);
    }

    public static ValueExtractor<Trade, LocalDate> settlementDate() {
        return new PofExtractor<>(null, TradePofSerializer.SETTLEMENT_DATE);
    }
}
