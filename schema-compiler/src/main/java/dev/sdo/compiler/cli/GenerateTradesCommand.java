package dev.sdo.compiler.cli;

import dev.sdo.compiler.data.TradeCsvGenerator;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sdoc generate-trades}: writes a seeded CSV of realistic FX trades, for tests, benchmarks and demos. */
@Command(name = "generate-trades",
        header = "Writes a CSV of realistic FX trades.",
        description = {
            "Writes COUNT FX trades as CSV in the format of the founding talk's trades.csv (the columns of the "
                    + "Trade record of docs and examples, dates dd/MM/yyyy): major currency pairs at plausible "
                    + "rates, round notionals, weekday trade dates from 2014 on. The same seed gives the same file."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:unwritable output", "2:wrong usage"})
final class GenerateTradesCommand implements Callable<Integer> {
    private static final int BUFFER = 1 << 16;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-n", "--count"}, paramLabel = "COUNT", defaultValue = "1000000",
            description = "How many trades (default: ${DEFAULT-VALUE}).")
    private long count;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "The seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.csv", description = "The CSV file.")
    private Path output;

    @Override
    public Integer call() {
        if (count < 0) {
            throw new ParameterException(spec.commandLine(), "--count must not be negative: " + count);
        }
        PrintWriter err = spec.commandLine().getErr();
        try (AtomicOutput file = new AtomicOutput(output)) {
            try (Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file.temporary()),
                    StandardCharsets.UTF_8), BUFFER)) {
                new TradeCsvGenerator(seed).write(count, out);
            }
            file.commit();
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + output, e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %,d trades (seed %d)%n", output, count, seed);
        out.flush();
        return Sdoc.EXIT_OK;
    }
}
