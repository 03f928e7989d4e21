package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.text.TextInputException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * What the runtime throws at a file it cannot read becomes one error line naming the file, exit code 1; wrong usage
 * stays exit code 2; and an exception no command expected is one line too.
 */
class FailuresTest {
    private static final Path FILE = Path.of("in.sdob");

    private final StringWriter err = new StringWriter();

    private int inFile(Failures.FileWork work) {
        return Failures.inFile(new PrintWriter(err, true), FILE, work);
    }

    @Test
    void whatTheRuntimeRefusesAFileWithIsOneLineNamingTheFile() {
        assertThat(inFile(() -> {
            throw new IllegalArgumentException("Negative position");
        })).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(inFile(() -> {
            throw new CorruptDataException("record 3 (counted from 0): R.kind: ordinal 7 is beyond the enum's 5 "
                    + "constants");
        })).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(inFile(() -> {
            throw new NoSuchFileException(FILE.toString());
        })).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(inFile(() -> {
            throw new TextInputException("in.csv", 4, 3, "R.kind: \"two\nlines\" is no constant of the enum");
        })).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(inFile(() -> {
            throw new IndexOutOfBoundsException("x".repeat(10_000));
        })).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(err.toString().lines()).hasSize(5).satisfiesExactly(
                line -> assertThat(line).isEqualTo("sdoc: error: in.sdob: damaged or unreadable: Negative position "
                        + "(IllegalArgumentException)"),
                line -> assertThat(line).isEqualTo("sdoc: error: in.sdob: record 3 (counted from 0): R.kind: "
                        + "ordinal 7 is beyond the enum's 5 constants"),
                line -> assertThat(line).isEqualTo("sdoc: error: cannot read in.sdob: no such file"),
                line -> assertThat(line).isEqualTo("in.csv:4:3: error: R.kind: \"two\\nlines\" is no constant of "
                        + "the enum"),
                line -> assertThat(line).hasSizeLessThan(400).startsWith("sdoc: error: in.sdob: damaged or "
                        + "unreadable: xxx").endsWith("... (10000 characters) (IndexOutOfBoundsException)"));
    }

    @Test
    void theWorksExitCodeIsKeptAndWrongUsageIsStillWrongUsage() {
        assertThat(inFile(() -> Sdoc.EXIT_OK)).isZero();
        CommandLine.ParameterException usage = new CommandLine.ParameterException(new CommandLine(new Boom()),
                "no record X");
        assertThatThrownBy(() -> inFile(() -> {
            throw usage;
        })).isSameAs(usage);
        assertThat(err.toString()).isEmpty();
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("a bug");
        }
    }

    @Test
    void anExceptionNoCommandExpectedIsOneLineWithExitCodeOne() {
        SdocRun run = SdocRun.of(new CommandLine(new Boom()));
        assertThat(run.exitCode()).isEqualTo(Sdoc.EXIT_INPUT_ERRORS);
        assertThat(run.errLines()).singleElement().asString().startsWith("sdoc: error: unexpected a bug "
                + "(IllegalStateException) at dev.sdo.compiler.cli.FailuresTest$Boom.call(FailuresTest.java:")
                .endsWith("; please report it");
    }
}
