package dev.sdo.compiler.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports wrong usage in two lines: what is wrong, and the {@code --help} that explains the command. picocli's
 * default prints the whole usage help after the message, which buries the one line that matters (issue 21).
 */
final class UsageErrors implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(Failures.line(message(e)));
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return Sdoc.EXIT_USAGE;
    }

    /**
     * picocli's message, with its nearest suggestion for a mistyped command or option on the same line; a word where a
     * command is expected is called an unknown command (picocli says "Unmatched argument at index 0").
     */
    private static String message(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException unmatched)) {
            return e.getMessage();
        }
        List<String> words = unmatched.getUnmatched();
        boolean command = !e.getCommandLine().getSubcommands().isEmpty()
                && !words.isEmpty() && !words.get(0).startsWith("-");
        String message = command ? "Unknown command: '" + words.get(0) + "'" : e.getMessage();
        // picocli lists the candidates nearest first, and goes on to ones that are not near at all.
        List<String> suggestions = unmatched.getSuggestions();
        return suggestions.isEmpty() ? message : message + "; did you mean " + suggestions.get(0) + "?";
    }
}
