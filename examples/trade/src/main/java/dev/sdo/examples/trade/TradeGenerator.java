package dev.sdo.examples.trade;

import com.example.trade.Trade;
import com.example.trade.TradeBean;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * Makes any number of plausible trades from the samples, deterministically: trade {@code i} is sample
 * {@code i % 10} with id {@code i + 1}, dates moved forward by {@code i / 10 % 3650} days and amounts changed in
 * their last digits. Each bean gets its own value objects, as a parser reading a real file would give it, so that
 * measuring the beans' memory does not flatter them with shared instances.
 */
public final class TradeGenerator {
    private final List<TradeBean> samples;

    public TradeGenerator(List<TradeBean> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no sample trades to vary");
        }
        this.samples = List.copyOf(samples);
    }

    /** Trade number {@code i} (0-based). */
    public TradeBean trade(int i) {
        Trade sample = samples.get(i % samples.size());
        long days = i / samples.size() % 3650;
        TradeBean trade = new TradeBean();
        trade.setId(i + 1L);
        trade.setTradeDate(copy(sample.getTradeDate().plusDays(days)));
        trade.setBuySell(sample.getBuySell());
        trade.setCurrency1(new String(sample.getCurrency1().toCharArray()));
        trade.setAmount1(sample.getAmount1().add(BigDecimal.valueOf(i % 1000, 2)));
        trade.setExchangeRate(sample.getExchangeRate().add(BigDecimal.valueOf(i % 97, 6)));
        trade.setCurrency2(new String(sample.getCurrency2().toCharArray()));
        trade.setAmount2(sample.getAmount2().add(BigDecimal.valueOf(i % 1000, 2)));
        trade.setSettlementDate(copy(sample.getSettlementDate().plusDays(days)));
        return trade;
    }

    /** A distinct LocalDate instance (plusDays(0) would return the same one). */
    private static LocalDate copy(LocalDate date) {
        return LocalDate.of(date.getYear(), date.getMonthValue(), date.getDayOfMonth());
    }
}
