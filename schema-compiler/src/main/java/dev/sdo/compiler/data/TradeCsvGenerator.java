package dev.sdo.compiler.data;

import java.io.IOException;
import java.io.Writer;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * Writes any number of realistic FX trades as CSV in the founding talk's format (the columns of
 * {@code trades.csv}, dates dd/MM/yyyy), the same for the same seed: major currency pairs at plausible rates with
 * 4 to 6 significant decimals, notionals in round thousands, the counter amount at the rate (to the cent, and
 * within {@code udecimal(12, 2)}), trade dates on weekdays from 2014 to 2024 and settlement 2 to 30 days later.
 * Written straight as text, so that millions of rows take a second or two.
 */
public final class TradeCsvGenerator {
    /** The header of the talk's trades.csv. */
    public static final String HEADER =
            "ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date";

    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF", "AUD", "CAD"};
    /** Units of each currency per US dollar, roughly. */
    private static final double[] PER_USD = {0.74, 1.0, 0.59, 101.5, 0.90, 1.07, 1.08};
    private static final LocalDate FIRST_DAY = LocalDate.of(2014, 1, 1);
    private static final int DAYS = 11 * 365;
    /** Amount2 stays below 10^10, the limit of udecimal(12, 2). */
    private static final double AMOUNT_LIMIT = 9.9e9;

    private final SplittableRandom random;
    private final StringBuilder row = new StringBuilder(128);

    public TradeCsvGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Writes the header and trades 1 to {@code count}. */
    public void write(long count, Writer out) throws IOException {
        out.write(HEADER);
        out.write('\n');
        for (long id = 1; id <= count; id++) {
            out.append(row(id));
        }
        out.flush();
    }

    /** The next trade's row, numbered {@code id}, with its line end. */
    public CharSequence row(long id) {
        int first = random.nextInt(CURRENCIES.length);
        int second = (first + 1 + random.nextInt(CURRENCIES.length - 1)) % CURRENCIES.length;
        double rate = PER_USD[second] / PER_USD[first] * (0.9 + 0.2 * random.nextDouble());
        int decimals = 4 + random.nextInt(3);
        long rateUnits = Math.max(1, Math.round(rate * pow10(decimals)));
        long thousands = 100 + random.nextInt(199_900);
        double counter = thousands * 1000.0 * rateUnits / pow10(decimals);
        if (counter >= AMOUNT_LIMIT) {
            thousands = (long) (thousands * (AMOUNT_LIMIT / counter));
            counter = thousands * 1000.0 * rateUnits / pow10(decimals);
        }
        long counterCents = Math.round(counter * 100);
        LocalDate tradeDate = FIRST_DAY.plusDays(random.nextInt(DAYS));
        if (tradeDate.getDayOfWeek() == DayOfWeek.SATURDAY) {
            tradeDate = tradeDate.plusDays(2);
        } else if (tradeDate.getDayOfWeek() == DayOfWeek.SUNDAY) {
            tradeDate = tradeDate.plusDays(1);
        }
        LocalDate settlement = tradeDate.plusDays(2 + random.nextInt(29));

        row.setLength(0);
        row.append(id).append(',');
        date(tradeDate);
        row.append(',').append(random.nextBoolean() ? "Buy" : "Sell");
        row.append(',').append(CURRENCIES[first]).append(',').append(thousands).append("000.00,");
        fixed(rateUnits, decimals);
        row.append(',').append(CURRENCIES[second]).append(',');
        fixed(counterCents, 2);
        row.append(',');
        date(settlement);
        return row.append('\n');
    }

    private static long pow10(int exponent) {
        long value = 1;
        for (int i = 0; i < exponent; i++) {
            value *= 10;
        }
        return value;
    }

    private void fixed(long units, int decimals) {
        long divisor = pow10(decimals);
        row.append(units / divisor).append('.');
        String fraction = Long.toString(units % divisor);
        for (int pad = decimals - fraction.length(); pad > 0; pad--) {
            row.append('0');
        }
        row.append(fraction);
    }

    private void date(LocalDate date) {
        two(date.getDayOfMonth());
        row.append('/');
        two(date.getMonthValue());
        row.append('/').append(date.getYear());
    }

    private void two(int value) {
        if (value < 10) {
            row.append('0');
        }
        row.append(value);
    }
}
