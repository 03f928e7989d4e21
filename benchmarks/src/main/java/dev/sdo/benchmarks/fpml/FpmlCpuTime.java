package dev.sdo.benchmarks.fpml;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link FpmlXmlBenchmark}'s passes over all documents on Aalto (or on the StAX implementation named by a third
 * argument: {@code jdk}, where JAXB reads and writes as it comes), timed by the thread's CPU time rather than the
 * clock: on a machine that other processes keep busy, JMH's times per pass spread over a factor of two or more (the
 * thread waits for a core), while its CPU time counts only the time it ran. The benchmarks named run in turn, in one
 * JVM, for {@code rounds} rounds of 30 passes each (60 in the first three, which warm up and are not counted); the
 * minimum, first quartile and median per pass are printed. Compare sdo's path with JAXB's within one run; an A/B of two
 * builds is two runs, one after the other, each with JAXB as its yardstick.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.sdo.benchmarks.fpml.FpmlCpuTime 20
 * genericToXml,jaxbToXml,xmlToGeneric,xmlToJaxb}
 */
public final class FpmlCpuTime {
    private FpmlCpuTime() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String[] benchmarks = (args.length > 1 ? args[1] : "genericToXml,jaxbToXml,xmlToGeneric,xmlToJaxb").split(",");
        FpmlXmlBenchmark benchmark = new FpmlXmlBenchmark();
        benchmark.documents = "all";
        benchmark.stax = args.length > 2 ? args[2] : "aalto";
        benchmark.layout = "compact";
        benchmark.setUp();
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, List<Double>> times = new LinkedHashMap<>();
        for (int round = 0; round < rounds + 3; round++) {
            for (String name : benchmarks) {
                int passes = round < 3 ? 60 : 30;
                long start = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < passes; i++) {
                    switch (name) {
                        case "genericToXml" -> blackhole.consume(benchmark.genericToXml());
                        case "jaxbToXml" -> blackhole.consume(benchmark.jaxbToXml());
                        case "xmlToGeneric" -> benchmark.xmlToGeneric(blackhole);
                        case "xmlToJaxb" -> benchmark.xmlToJaxb(blackhole);
                        case "sdoToXml" -> blackhole.consume(benchmark.sdoToXml());
                        case "xmlToSdo" -> benchmark.xmlToSdo(blackhole);
                        default -> throw new IllegalArgumentException("no benchmark " + name);
                    }
                }
                double millis = (threads.getCurrentThreadCpuTime() - start) / 1e6 / passes;
                if (round >= 3) {
                    times.computeIfAbsent(name, n -> new ArrayList<>()).add(millis);
                }
            }
        }
        for (Map.Entry<String, List<Double>> entry : times.entrySet()) {
            List<Double> sorted = new ArrayList<>(entry.getValue());
            Collections.sort(sorted);
            System.out.printf("%-14s min %6.2f ms  q1 %6.2f  median %6.2f  (%d rounds)%n", entry.getKey(),
                    sorted.get(0), sorted.get(sorted.size() / 4), sorted.get(sorted.size() / 2), sorted.size());
        }
    }
}
