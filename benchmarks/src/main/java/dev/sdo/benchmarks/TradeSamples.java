package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.TradeBean;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Random;
import java.util.SplittableRandom;

/** Seeded, realistic FX trades for benchmarks: the same seed always gives the same trades. */
public final class TradeSamples {
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};
    private static final LocalDate FIRST_TRADE_DATE = LocalDate.of(2014, 7, 21);
    private static final int TRADE_DATE_SPREAD_DAYS = 3_650;
    private static final int MAX_SETTLEMENT_DAYS = 60;
    private static final long MAX_AMOUNT_CENTS = 50_000_000_000L;
    private static final long MAX_RATE_MICROS = 200_000_000L;

    private final SplittableRandom random;
    private long nextId = 1;

    public TradeSamples(long seed) {
        random = new SplittableRandom(seed);
    }

    /** The next trade: ids count up from 1, everything else is drawn from realistic ranges. */
    public TradeBean next() {
        TradeBean trade = new TradeBean();
        trade.setId(nextId++);
        LocalDate tradeDate = FIRST_TRADE_DATE.plusDays(random.nextInt(TRADE_DATE_SPREAD_DAYS));
        trade.setTradeDate(tradeDate);
        trade.setSettlementDate(tradeDate.plusDays(1 + random.nextInt(MAX_SETTLEMENT_DAYS)));
        trade.setBuySell(random.nextBoolean() ? Side.Buy : Side.Sell);
        int first = random.nextInt(CURRENCIES.length);
        int second = (first + 1 + random.nextInt(CURRENCIES.length - 1)) % CURRENCIES.length;
        trade.setCurrency1(CURRENCIES[first]);
        trade.setCurrency2(CURRENCIES[second]);
        long amount1 = 1 + random.nextLong(MAX_AMOUNT_CENTS);
        long rate = 1 + random.nextLong(MAX_RATE_MICROS);
        trade.setAmount1(BigDecimal.valueOf(amount1, 2));
        trade.setExchangeRate(BigDecimal.valueOf(rate, 6));
        trade.setAmount2(BigDecimal.valueOf(amount1, 2).multiply(BigDecimal.valueOf(rate, 6))
                .setScale(2, java.math.RoundingMode.HALF_EVEN)
                .min(BigDecimal.valueOf(999_999_999_999L, 2)));
        return trade;
    }

    /** A fixed seed for reproducible runs, derived from a readable phrase. */
    public static long defaultSeed() {
        return new Random("sdo-benchmarks".hashCode()).nextLong();
    }
}
