package dev.sdo.compiler.cli;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.text.TextInputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Reports a user's error, or a failed read or write of a file, as one line, without a stack trace: the one place
 * where what the runtime throws at a file it cannot read becomes {@code sdoc}'s error line, naming the file and,
 * where the runtime knows them, the line and column or the byte offset and record.
 */
final class Failures {
    /** The characters of an exception's own message an error line keeps: a message may quote the file's bytes. */
    private static final int SHOWN_MESSAGE = 300;

    private Failures() {}

    /** Prints {@code sdoc: error: WHAT: WHY} and returns the input-error exit code. */
    static int report(PrintWriter err, String what, IOException e) {
        return error(err, what + ": " + reason(e));
    }

    /** Prints {@code sdoc: error: MESSAGE} and returns the input-error exit code. */
    static int error(PrintWriter err, String message) {
        return printed(err, line(message));
    }

    /** The line {@code sdoc: error: MESSAGE}, for a command that prints it later. */
    static String line(String message) {
        return "sdoc: error: " + message;
    }

    /** The line {@code sdoc: error: WHAT: WHY}, for a command that prints it later. */
    static String line(String what, IOException e) {
        return line(what + ": " + reason(e));
    }

    /** The work of a command on one input file, which may find the file not what it should be. */
    interface FileWork {
        /** Does the work, reporting its own failures where it knows more, and returns the exit code. */
        int run() throws IOException;
    }

    /**
     * Runs {@code work} on {@code file}, and reports whatever it throws at the file's content as one line naming the
     * file: a bad row or element ({@code FILE:LINE:COLUMN: error: ...}), a damaged batch file (its section and byte
     * offset), a stored value no encoder writes (its record), and anything else the runtime refuses data with
     * ({@link IllegalArgumentException} and the like, from bytes no writer wrote).
     *
     * @return the work's exit code, or the input-error exit code when it failed
     */
    static int inFile(PrintWriter err, Path file, FileWork work) {
        try {
            return work.run();
        } catch (TextInputException e) {
            // Already SOURCE:LINE:COLUMN: error: REASON, as compilers write it.
            return printed(err, e.getMessage());
        } catch (BatchFileException e) {
            return error(err, e.getMessage());
        } catch (IOException e) {
            return report(err, "cannot read " + file, e);
        } catch (CorruptDataException e) {
            return error(err, file + ": " + e.getMessage());
        } catch (CommandLine.ParameterException e) {
            // Wrong usage found while working, such as a --record the schema lacks: exit code 2, as usual.
            throw e;
        } catch (RuntimeException e) {
            return error(err, file + ": damaged or unreadable: " + describe(e));
        }
    }

    /**
     * The last resort of every command: an exception no command expected is still one line (exit 1), naming it and
     * where it was thrown for a bug report, not a stack trace.
     */
    static final class Unexpected implements IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parsed) {
            StackTraceElement[] trace = e.getStackTrace();
            return error(commandLine.getErr(), "unexpected " + describe(e)
                    + (trace.length == 0 ? "" : " at " + trace[0]) + "; please report it");
        }
    }

    /** Prints an error line and returns the input-error exit code. */
    private static int printed(PrintWriter err, String line) {
        err.println(oneLine(line));
        err.flush();
        return Sdoc.EXIT_INPUT_ERRORS;
    }

    /** Prints {@code SOURCE:LINE:COLUMN: warning: skipped: REASON} for a bad row or element that was skipped. */
    static void skipped(PrintWriter err, TextInputException bad) {
        err.println(oneLine(bad.source() + ":" + bad.line() + ":" + bad.column() + ": warning: skipped: "
                + bad.reason()));
    }

    /** {@code line} on one line, even when it quotes a value that holds a line break. */
    private static String oneLine(String line) {
        return line.replace("\r", "\\r").replace("\n", "\\n");
    }

    /** {@code MESSAGE (ExceptionClass)}, the message shortened to one bounded line. */
    private static String describe(Exception e) {
        String message = e.getMessage();
        return (message == null ? "" : shortened(message) + " ") + "(" + e.getClass().getSimpleName() + ")";
    }

    /**
     * At most {@value #SHOWN_MESSAGE} characters of a message no part of sdoc or of the runtime made for users (the
     * runtime's own messages bound what they quote of the data).
     */
    private static String shortened(String message) {
        return message.length() <= SHOWN_MESSAGE ? message : message.substring(0, SHOWN_MESSAGE) + "... ("
                + message.length() + " characters)";
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
