package dev.sdo.compiler.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code sdoc} command line: the schema compiler's user interface, a thin shell over
 * {@link dev.sdo.compiler.SchemaCompiler}.
 *
 * <p>Exit codes: {@value #EXIT_OK} success, {@value #EXIT_INPUT_ERRORS} errors in the input (schema errors,
 * unwritable output), {@value #EXIT_USAGE} wrong usage.
 */
@Command(name = "sdoc",
        mixinStandardHelpOptions = true,
        versionProvider = Sdoc.VersionProvider.class,
        description = "Compiles .sdo record schemas into Java SDO flyweights, beans, batches and CSV and XML "
                + "bindings; imports XML Schemas as .sdo schemas; converts CSV and XML into batch files of their "
                + "records, dumps and checks them.",
        subcommands = {CompileCommand.class, LayoutCommand.class, ImportXsdCommand.class, ConvertCommand.class,
            DumpCommand.class, SchemaCommand.class, CheckCommand.class, CompatCommand.class,
            GenerateTradesCommand.class, CommandLine.HelpCommand.class},
        synopsisSubcommandLabel = "COMMAND",
        footerHeading = "%nArgument files:%n",
        footer = "An argument @FILE stands for the arguments in FILE, separated by whitespace or line breaks; put an "
                + "argument that holds spaces in quotes, and start a comment line with #. That is how a run gets "
                + "hundreds of documents: sdoc convert -s schemas/ -o out/ @inputs.txt.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:errors in the input: schema errors (printed as FILE:LINE:COLUMN: error: MESSAGE), XSD constructs "
                    + "that cannot be imported (FILE:LINE: error: MESSAGE), unwritable output",
            "2:wrong usage: unknown command or option, missing argument, unknown --record name"})
public final class Sdoc implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_INPUT_ERRORS = 1;
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Runs {@code sdoc} and exits the JVM with its exit code. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The configured command line, writing to standard output and error; tests replace them with
     * {@link CommandLine#setOut(PrintWriter)} and {@link CommandLine#setErr(PrintWriter)}.
     */
    public static CommandLine commandLine() {
        return configure(new CommandLine(new Sdoc()));
    }

    /**
     * Configures a command line of {@code sdoc}: argument files ({@code @FILE}) are expanded, which picocli does
     * by default but {@code sdoc}'s help promises, so it is said here rather than left to a default; wrong
     * usage is one error line and a pointer to {@code --help}, exit code {@value #EXIT_USAGE}; and an exception no
     * command expected is one error line too, exit code {@value #EXIT_INPUT_ERRORS}, not a stack trace.
     */
    public static CommandLine configure(CommandLine commandLine) {
        return commandLine.setExpandAtFiles(true).setParameterExceptionHandler(new UsageErrors())
                .setExecutionExceptionHandler(new Failures.Unexpected());
    }

    /** {@code sdoc} without a command: name what is missing, as a usage error. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing required command");
    }

    /** Reads the version that the build filtered into {@code version.properties}. */
    static final class VersionProvider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"sdoc " + version()};
        }

        static String version() {
            try (InputStream in = Sdoc.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from the sdoc jar");
                }
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
