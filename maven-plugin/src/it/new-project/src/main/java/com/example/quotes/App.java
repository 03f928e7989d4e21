package com.example.quotes;

import java.math.BigDecimal;

/** Keeps a few quotes as SDOs and prints the best bid and ask of each symbol. */
public final class App {

    public static void main(String[] args) {
        QuoteBatch book = new QuoteBatch();
        book.add(quote("EURUSD", Side.Bid, "1.08412", 2));
        book.add(quote("EURUSD", Side.Ask, "1.08415", 1));
        book.add(quote("EURUSD", Side.Bid, "1.08410", 5));
        book.add(quote("GBPUSD", Side.Ask, "1.26003", 3));
        System.out.println(book.size() + " quotes in " + book.recordBytes() + " bytes");
        System.out.println("best EURUSD bid " + best(book, "EURUSD", Side.Bid));
        System.out.println("best EURUSD ask " + best(book, "EURUSD", Side.Ask));
    }

    static Quote quote(String symbol, Side side, String price, int millions) {
        QuoteBean bean = new QuoteBean();
        bean.setSymbol(symbol);
        bean.setSide(side);
        bean.setPrice(new BigDecimal(price));
        bean.setMillions(millions);
        return QuoteSdo.of(bean);
    }

    /** The highest bid or the lowest ask of a symbol, or null when it has none. */
    static BigDecimal best(QuoteBatch book, String symbol, Side side) {
        BigDecimal best = null;
        for (int i = 0; i < book.size(); i++) {
            QuoteSdo quote = book.get(i);
            if (quote.getSymbol().equals(symbol) && quote.getSide() == side) {
                BigDecimal price = quote.getPrice();
                if (best == null || (side == Side.Bid ? price.compareTo(best) > 0 : price.compareTo(best) < 0)) {
                    best = price;
                }
            }
        }
        return best;
    }
}
