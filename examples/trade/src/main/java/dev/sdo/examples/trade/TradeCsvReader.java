package dev.sdo.examples.trade;

import com.example.trade.Side;
import com.example.trade.TradeBean;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the sample trades CSV ({@code trades.csv}) into {@link TradeBean}s.
 *
 * <p>Deliberately small: it knows this file's columns (those named by the {@code @csv} annotations of
 * {@code trade.sdo}) and splits lines on commas, so it does not handle quoted fields; the generated CSV binding
 * is the general tool. Decimals are brought to the schema's scale exactly (1210930000 becomes 1210930000.00), so
 * that a bean read here equals the bean an SDO gives back; a value with more decimals than the schema allows is
 * an error, never rounded.
 */
public final class TradeCsvReader {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy");
    /** The columns of trades.csv, in order. */
    static final List<String> COLUMNS = List.of("ID", "TradeDate", "BuySell", "Currency1", "Amount1",
            "Exchange Rate", "Currency2", "Amount2", "Settlement Date");
    /** Scales of the schema's {@code udecimal(12, 2)} amounts and {@code udecimal(10, 6)} exchange rate. */
    private static final int AMOUNT_SCALE = 2;
    private static final int RATE_SCALE = 6;

    private TradeCsvReader() {}

    /**
     * Reads every row after the header.
     *
     * @throws IOException on a read failure, or naming the line and column of a value that does not parse
     */
    public static List<TradeBean> read(Reader csv) throws IOException {
        BufferedReader lines = new BufferedReader(csv);
        String header = lines.readLine();
        if (header == null || !Arrays.asList(header.split(",", -1)).equals(COLUMNS)) {
            throw new IOException("line 1: expected the header " + String.join(",", COLUMNS) + " but found "
                    + header);
        }
        List<TradeBean> trades = new ArrayList<>();
        int lineNumber = 1;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (!line.isBlank()) {
                trades.add(parse(line, lineNumber));
            }
        }
        return trades;
    }

    private static TradeBean parse(String line, int lineNumber) throws IOException {
        String[] cells = line.split(",", -1);
        if (cells.length != COLUMNS.size()) {
            throw new IOException("line " + lineNumber + ": expected " + COLUMNS.size() + " columns but found "
                    + cells.length);
        }
        Row row = new Row(cells, lineNumber);
        TradeBean trade = new TradeBean();
        trade.setId(row.parse(0, Long::parseLong));
        trade.setTradeDate(row.parse(1, text -> LocalDate.parse(text, DATE)));
        trade.setBuySell(row.parse(2, TradeCsvReader::side));
        trade.setCurrency1(row.parse(3, text -> text));
        trade.setAmount1(row.parse(4, text -> decimal(text, AMOUNT_SCALE)));
        trade.setExchangeRate(row.parse(5, text -> decimal(text, RATE_SCALE)));
        trade.setCurrency2(row.parse(6, text -> text));
        trade.setAmount2(row.parse(7, text -> decimal(text, AMOUNT_SCALE)));
        trade.setSettlementDate(row.parse(8, text -> LocalDate.parse(text, DATE)));
        return trade;
    }

    private static Side side(String text) {
        for (Side side : Side.values()) {
            if (side.name().equals(text)) {
                return side;
            }
        }
        throw new IllegalArgumentException("not one of " + Arrays.toString(Side.values()));
    }

    private static BigDecimal decimal(String text, int scale) {
        BigDecimal value = new BigDecimal(text);
        try {
            return value.setScale(scale);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("more than " + scale + " decimals", e);
        }
    }

    /** One line's cells, parsed with errors that say where. */
    private record Row(String[] cells, int lineNumber) {
        interface Parser<T> {
            T parse(String text);
        }

        <T> T parse(int column, Parser<T> parser) throws IOException {
            String text = cells[column].trim();
            try {
                return parser.parse(text);
            } catch (IllegalArgumentException | DateTimeParseException e) {
                // NumberFormatException is an IllegalArgumentException.
                throw new IOException("line " + lineNumber + ", column " + COLUMNS.get(column) + ": cannot read '"
                        + text + "': " + e.getMessage(), e);
            }
        }
    }
}
