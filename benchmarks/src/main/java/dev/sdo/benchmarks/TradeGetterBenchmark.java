package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Side;
import dev.sdo.benchmarks.trade.Trade;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading each field of a trade from an SDO against the same trade as a bean. The object getters of an SDO build
 * their value (a {@code LocalDate}, a {@code BigDecimal}, a {@code String}) from the bits on each call; the
 * primitive accessors ({@code getTradeDateEpochDay}, {@code getAmount1Unscaled}, ...) are what queries use, and
 * with {@code -prof gc} they show no allocation. The bean's counterparts of the primitive accessors convert its
 * objects the same way a query over beans would.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TradeGetterBenchmark {
    private TradeBean bean;
    private TradeSdo sdo;

    @Setup
    public void setUp() {
        bean = new TradeSamples(TradeSamples.defaultSeed()).next();
        sdo = TradeSdo.of(bean);
    }

    @Benchmark
    public long beanId() {
        return bean.getId();
    }

    @Benchmark
    public long sdoId() {
        return sdo.getId();
    }

    @Benchmark
    public LocalDate beanTradeDate() {
        return bean.getTradeDate();
    }

    @Benchmark
    public LocalDate sdoTradeDate() {
        return sdo.getTradeDate();
    }

    @Benchmark
    public long beanTradeDateEpochDay() {
        return bean.getTradeDate().toEpochDay();
    }

    @Benchmark
    public long sdoTradeDateEpochDay() {
        return sdo.getTradeDateEpochDay();
    }

    @Benchmark
    public Side beanBuySell() {
        return bean.getBuySell();
    }

    @Benchmark
    public Side sdoBuySell() {
        return sdo.getBuySell();
    }

    @Benchmark
    public String beanCurrency1() {
        return bean.getCurrency1();
    }

    @Benchmark
    public String sdoCurrency1() {
        return sdo.getCurrency1();
    }

    @Benchmark
    public BigDecimal beanAmount1() {
        return bean.getAmount1();
    }

    @Benchmark
    public BigDecimal sdoAmount1() {
        return sdo.getAmount1();
    }

    @Benchmark
    public long beanAmount1Unscaled() {
        return bean.getAmount1().unscaledValue().longValue();
    }

    @Benchmark
    public long sdoAmount1Unscaled() {
        return sdo.getAmount1Unscaled();
    }

    @Benchmark
    public BigDecimal beanExchangeRate() {
        return bean.getExchangeRate();
    }

    @Benchmark
    public BigDecimal sdoExchangeRate() {
        return sdo.getExchangeRate();
    }

    @Benchmark
    public long beanExchangeRateUnscaled() {
        return bean.getExchangeRate().unscaledValue().longValue();
    }

    @Benchmark
    public long sdoExchangeRateUnscaled() {
        return sdo.getExchangeRateUnscaled();
    }

    @Benchmark
    public String beanCurrency2() {
        return bean.getCurrency2();
    }

    @Benchmark
    public String sdoCurrency2() {
        return sdo.getCurrency2();
    }

    @Benchmark
    public BigDecimal beanAmount2() {
        return bean.getAmount2();
    }

    @Benchmark
    public BigDecimal sdoAmount2() {
        return sdo.getAmount2();
    }

    @Benchmark
    public long beanAmount2Unscaled() {
        return bean.getAmount2().unscaledValue().longValue();
    }

    @Benchmark
    public long sdoAmount2Unscaled() {
        return sdo.getAmount2Unscaled();
    }

    @Benchmark
    public LocalDate beanSettlementDate() {
        return bean.getSettlementDate();
    }

    @Benchmark
    public LocalDate sdoSettlementDate() {
        return sdo.getSettlementDate();
    }

    @Benchmark
    public long beanSettlementDateEpochDay() {
        return bean.getSettlementDate().toEpochDay();
    }

    @Benchmark
    public long sdoSettlementDateEpochDay() {
        return sdo.getSettlementDateEpochDay();
    }

    @Benchmark
    public void beanAllFields(Blackhole sink) {
        readAll(bean, sink);
    }

    @Benchmark
    public void sdoAllFields(Blackhole sink) {
        readAll(sdo, sink);
    }

    private static void readAll(Trade trade, Blackhole sink) {
        sink.consume(trade.getId());
        sink.consume(trade.getTradeDate());
        sink.consume(trade.getBuySell());
        sink.consume(trade.getCurrency1());
        sink.consume(trade.getAmount1());
        sink.consume(trade.getExchangeRate());
        sink.consume(trade.getCurrency2());
        sink.consume(trade.getAmount2());
        sink.consume(trade.getSettlementDate());
    }
}
