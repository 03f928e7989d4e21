package dev.sdo.benchmarks;

import dev.sdo.benchmarks.trade.Trade;
import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
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
 * Reading a trade's fields from an SDO against the same trade as a bean. The primitive accessors of the SDO
 * ({@code getId}, {@code getAmount1Unscaled}, {@code getTradeDateEpochDay}) are what queries use; with
 * {@code -prof gc} they should show no allocation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TradeGetterBenchmark {
    private TradeBean bean;
    private Trade sdo;
    private TradeSdo sdoPrimitives;

    @Setup
    public void setUp() {
        bean = new TradeSamples(TradeSamples.defaultSeed()).next();
        sdoPrimitives = TradeSdo.of(bean);
        sdo = sdoPrimitives;
    }

    @Benchmark
    public void beanAllFields(Blackhole sink) {
        readAll(bean, sink);
    }

    @Benchmark
    public void sdoAllFields(Blackhole sink) {
        readAll(sdo, sink);
    }

    @Benchmark
    public long beanQueryFields() {
        return bean.getId() + bean.getAmount1().unscaledValue().longValue() + bean.getTradeDate().toEpochDay();
    }

    @Benchmark
    public long sdoQueryFields() {
        return sdoPrimitives.getId() + sdoPrimitives.getAmount1Unscaled() + sdoPrimitives.getTradeDateEpochDay();
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
