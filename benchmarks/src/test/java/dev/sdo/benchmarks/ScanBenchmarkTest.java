package dev.sdo.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every way {@link ScanBenchmark} queries the trades finds the same sum, and a sum of something. */
class ScanBenchmarkTest {
    @Test
    void everyQueryAgreesWithTheQueryOverBeans() {
        ScanBenchmark scan = new ScanBenchmark();
        scan.trades = 20_000;
        scan.setUp();

        long expected = scan.beanQuery();

        assertThat(expected).isPositive();
        assertThat(scan.sdoQuery()).isEqualTo(expected);
        assertThat(scan.sdoIteratorQuery()).isEqualTo(expected);
        assertThat(scan.batchForEachCursorQuery()).isEqualTo(expected);
        assertThat(scan.batchIteratorQuery()).isEqualTo(expected);
    }
}
