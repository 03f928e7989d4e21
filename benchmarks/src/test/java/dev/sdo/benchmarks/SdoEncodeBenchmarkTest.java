package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.benchmarks.trade.TradeBean;
import dev.sdo.benchmarks.trade.TradeSdo;
import org.junit.jupiter.api.Test;

/** The three encodes of {@link SdoEncodeBenchmark} make the same trade; the batch stays empty. */
class SdoEncodeBenchmarkTest {
    @Test
    void everyEncodeHoldsTheSampleTrade() {
        SdoEncodeBenchmark encodes = new SdoEncodeBenchmark();
        encodes.setUp();
        TradeBean expected = new TradeSamples(TradeSamples.defaultSeed()).next();

        assertThat(TradeSdo.wrap(encodes.encode(), 16).toBean()).isEqualTo(expected);
        assertThat(encodes.of().toBean()).isEqualTo(expected);
        // Appended, then truncated away: the chunk stays, for the next append to reuse.
        assertThat(encodes.batchAdd().size()).isZero();
        assertThat(encodes.batchAdd().store().allocatedBytes()).isPositive();
    }
}
