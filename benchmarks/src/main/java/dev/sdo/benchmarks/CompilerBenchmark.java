package dev.sdo.benchmarks;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import java.util.List;
import java.util.Map;
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

/** The compiler's speed: parse, check, lay out and generate Java for a schema of 1,000 records. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CompilerBenchmark {
    static final int RECORDS = 1_000;
    private static final String FILE = "big.sdo";

    private Map<String, String> files;

    @Setup
    public void setUp() {
        files = Map.of(FILE, schemaOf(RECORDS));
        Compilation compilation = compile();
        if (!compilation.succeeded() || compilation.layouts().size() != RECORDS) {
            throw new IllegalStateException("the benchmark schema does not compile: " + compilation.diagnostics());
        }
    }

    @Benchmark
    public Compilation compile() {
        return new SchemaCompiler().compile(files, List.of(FILE));
    }

    /** A schema of {@code records} Trade-like records, each with every common kind of field. */
    static String schemaOf(int records) {
        StringBuilder schema = new StringBuilder("package bench.big;\n\nenum Side { Buy, Sell }\n\n");
        for (int i = 0; i < records; i++) {
            schema.append("/** Record ").append(i).append(". */\nrecord R").append(i).append(" {\n")
                    .append("    id: uint32;\n")
                    .append("    tradeDate: date(2000-01-01..2099-12-31);\n")
                    .append("    side: Side;\n")
                    .append("    currency: char(3, \"A-Z\");\n")
                    .append("    amount: udecimal(12, 2);\n")
                    .append("    rate: udecimal(10, 6);\n")
                    .append("    count: uint16;\n")
                    .append("}\n\n");
        }
        return schema.toString();
    }
}
