package dev.sdo.benchmarks;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.TradeBatch;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeCsv;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * CSV bytes of many trades (the talk's columns, dates dd/MM/yyyy) into memory: straight into a batch with the
 * generated {@code TradeCsv} (every value parsed from the bytes into its bits, checked against its type), against
 * FastCSV parsing the same bytes into beans (a {@code String} per cell, then {@code BigDecimal}, {@code LocalDate}
 * and the enum). Both read the whole input and keep every trade.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CsvReadBenchmark {
    private static final DateTimeFormatter DAY_MONTH_YEAR = DateTimeFormatter.ofPattern("dd/MM/yyyy");

    @Param("100000")
    public int trades;

    private byte[] csv;

    @Setup
    public void setUp() {
        TradeSamples samples = new TradeSamples(TradeSamples.defaultSeed());
        StringBuilder text = new StringBuilder(trades * 80)
                .append("ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date\n");
        for (int i = 0; i < trades; i++) {
            TradeBean trade = samples.next();
            text.append(trade.getId()).append(',').append(DAY_MONTH_YEAR.format(trade.getTradeDate())).append(',')
                    .append(trade.getBuySell()).append(',').append(trade.getCurrency1()).append(',')
                    .append(trade.getAmount1().toPlainString()).append(',')
                    .append(trade.getExchangeRate().stripTrailingZeros().toPlainString()).append(',')
                    .append(trade.getCurrency2()).append(',').append(trade.getAmount2().toPlainString()).append(',')
                    .append(DAY_MONTH_YEAR.format(trade.getSettlementDate())).append('\n');
        }
        csv = text.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public TradeBatch sdoBatchFromCsv() throws IOException {
        TradeBatch batch = TradeCsv.readBatch(new ByteArrayInputStream(csv), "trades.csv");
        if (batch.size() != trades) {
            throw new IllegalStateException(batch.size() + " trades read of " + trades);
        }
        return batch;
    }

    @Benchmark
    public List<TradeBean> fastCsvBeans() throws IOException {
        List<TradeBean> beans = new ArrayList<>(1024);
        try (CsvReader<CsvRecord> reader = CsvReader.builder().ofCsvRecord(
                new InputStreamReader(new ByteArrayInputStream(csv), StandardCharsets.UTF_8))) {
            boolean header = true;
            for (CsvRecord row : reader) {
                if (header) {
                    header = false;
                    continue;
                }
                TradeBean trade = new TradeBean();
                trade.setId(Long.parseLong(row.getField(0)));
                trade.setTradeDate(LocalDate.parse(row.getField(1), DAY_MONTH_YEAR));
                trade.setBuySell(Side.valueOf(row.getField(2)));
                trade.setCurrency1(row.getField(3));
                trade.setAmount1(new BigDecimal(row.getField(4)));
                trade.setExchangeRate(new BigDecimal(row.getField(5)));
                trade.setCurrency2(row.getField(6));
                trade.setAmount2(new BigDecimal(row.getField(7)));
                trade.setSettlementDate(LocalDate.parse(row.getField(8), DAY_MONTH_YEAR));
                beans.add(trade);
            }
        }
        if (beans.size() != trades) {
            throw new IllegalStateException(beans.size() + " trades read of " + trades);
        }
        return beans;
    }
}
