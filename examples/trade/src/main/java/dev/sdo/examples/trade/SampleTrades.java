package dev.sdo.examples.trade;

import com.example.trade.TradeBean;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The ten sample trades bundled as {@code trades.csv}. */
public final class SampleTrades {
    private SampleTrades() {}

    public static List<TradeBean> load() {
        try (InputStream in = SampleTrades.class.getResourceAsStream("/trades.csv")) {
            if (in == null) {
                throw new IllegalStateException("trades.csv is missing from the class path");
            }
            return TradeCsvReader.read(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled trades.csv: " + e.getMessage(), e);
        }
    }
}
