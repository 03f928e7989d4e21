package dev.sdo.compiler.cli;

import dev.sdo.compiler.diagnostics.Diagnostic;
import java.io.PrintWriter;
import java.util.List;

/** Prints a failed run's problems the way compilers do: one gcc-style line each, then a count. */
final class DiagnosticReport {
    private DiagnosticReport() {}

    static void print(List<Diagnostic> diagnostics, PrintWriter err) {
        diagnostics.forEach(err::println);
        err.println(count(diagnostics.size()));
        err.flush();
    }

    /** {@code 1 error}, {@code 2 errors}. */
    static String count(int errors) {
        return errors + (errors == 1 ? " error" : " errors");
    }
}
