package dev.sdo.compiler.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Reports a user's error, or a failed read or write of a file, as one line, without a stack trace. */
final class Failures {
    private Failures() {}

    /** Prints {@code sdoc: error: WHAT: WHY} and returns the input-error exit code. */
    static int report(PrintWriter err, String what, IOException e) {
        return error(err, what + ": " + reason(e));
    }

    /** Prints {@code sdoc: error: MESSAGE} and returns the input-error exit code. */
    static int error(PrintWriter err, String message) {
        err.println(line(message));
        err.flush();
        return Sdoc.EXIT_INPUT_ERRORS;
    }

    /** The line {@code sdoc: error: MESSAGE}, for a command that prints it later. */
    static String line(String message) {
        return "sdoc: error: " + message;
    }

    /** The line {@code sdoc: error: WHAT: WHY}, for a command that prints it later. */
    static String line(String what, IOException e) {
        return line(what + ": " + reason(e));
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
