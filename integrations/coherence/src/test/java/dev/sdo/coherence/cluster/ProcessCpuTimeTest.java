package dev.sdo.coherence.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProcessCpuTimeTest {
    @Test
    void readsTheRunTimeOfASchedstatLine() {
        assertThat(ProcessCpuTime.runNanos("72913818 84470069 219\n")).isEqualTo(72_913_818L);
        assertThat(ProcessCpuTime.runNanos("0")).isZero();
    }

    @Test
    void rejectsWhatIsNotASchedstatLine() {
        assertThatThrownBy(() -> ProcessCpuTime.runNanos("cpu 1 2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cpu 1 2");
    }

    @Test
    void thisProcessHasUsedCpuAndUsesMoreAfterWork() {
        Duration before = ProcessCpuTime.of(ProcessHandle.current());
        long checksum = 0;
        for (int i = 0; i < 50_000_000; i++) {
            checksum += Long.hashCode(checksum * 31 + i);
        }

        assertThat(before).as("the JVM ran to get here").isPositive();
        assertThat(ProcessCpuTime.of(ProcessHandle.current())).as("after work, checksum %d", checksum)
                .isGreaterThan(before);
    }
}
