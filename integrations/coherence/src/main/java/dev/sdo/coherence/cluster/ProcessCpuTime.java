package dev.sdo.coherence.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * The CPU time a process has used, all its threads together, as finely as the operating system tells it.
 *
 * <p>{@link ProcessHandle.Info#totalCpuDuration()} counts in clock ticks (10 ms on Linux), coarser than one indexed
 * query of the demo (a few milliseconds on both members): a run adds 0, 10 or 20 ms, and 25 such runs left the mean
 * uncertain by about a millisecond. On Linux the scheduler keeps each thread's time on the CPU in nanoseconds (the
 * first number of {@code /proc/PID/task/TID/schedstat}); this sums those, and falls back to the ticks elsewhere. A
 * thread that ended between two readings takes its time with it, which the long-lived threads of a Coherence member
 * (service, worker, collector and compiler threads) do not.
 */
final class ProcessCpuTime {
    private ProcessCpuTime() {
    }

    /** The CPU time {@code process} has used; zero if the system reports none (the process ended, say). */
    static Duration of(ProcessHandle process) {
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        if (Files.isDirectory(tasks)) {
            try (Stream<Path> threads = Files.list(tasks)) {
                return Duration.ofNanos(threads.mapToLong(ProcessCpuTime::threadNanos).sum());
            } catch (IOException ended) {
                // the process ended while we listed its threads: fall back to what the system still says
            }
        }
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** One thread's time on the CPU in nanoseconds; zero if it ended before it was read. */
    private static long threadNanos(Path thread) {
        try {
            return runNanos(Files.readString(thread.resolve("schedstat")));
        } catch (IOException ended) {
            return 0;
        }
    }

    /**
     * The time on the CPU in a {@code schedstat} line: "RUN_NANOS WAIT_NANOS TIMESLICES".
     *
     * @throws IllegalArgumentException if the line does not start with a number
     */
    static long runNanos(String schedstat) {
        String line = schedstat.strip();
        int end = line.indexOf(' ');
        String run = end < 0 ? line : line.substring(0, end);
        try {
            return Long.parseLong(run);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a schedstat line: \"" + line + "\"", e);
        }
    }
}
