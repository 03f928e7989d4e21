package dev.sdo.compiler.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** One in-process run of {@code sdoc} with its exit code and what it printed. */
record SdocRun(int exitCode, String out, String err) {

    static SdocRun of(String... args) {
        return of(Sdoc.commandLine(), args);
    }

    /**
     * A run of a command line built otherwise, such as with a factory that configures its commands; configured as
     * {@code sdoc} configures its own.
     */
    static SdocRun of(CommandLine sdoc, String... args) {
        Sdoc.configure(sdoc);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        sdoc.setOut(new PrintWriter(out, true));
        sdoc.setErr(new PrintWriter(err, true));
        int exitCode = sdoc.execute(args);
        return new SdocRun(exitCode, out.toString(), err.toString());
    }

    /** Standard error's lines. */
    List<String> errLines() {
        return err.lines().toList();
    }
}
