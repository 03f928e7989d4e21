package dev.sdo.maven;

import dev.sdo.compiler.diagnostics.Diagnostic;
import java.nio.file.Path;

/**
 * One schema error, placed for both readers: the build log (a path relative to the project, as users read paths
 * in a Maven build) and the IDE (the absolute file, to put a marker on).
 *
 * @param file the schema file, absolute
 * @param shownPath the file as the log names it: relative to the project with {@code /} separators when it is
 *     inside the project, otherwise absolute
 */
record SchemaProblem(Path file, String shownPath, int line, int column, String message) {

    /** Places a compiler diagnostic relative to {@code basedir}. */
    static SchemaProblem of(Diagnostic diagnostic, Path basedir) {
        Path file = Path.of(diagnostic.position().file()).toAbsolutePath().normalize();
        Path base = basedir.toAbsolutePath().normalize();
        String shown = file.startsWith(base)
                ? base.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/")
                : file.toString();
        return new SchemaProblem(file, shown, diagnostic.position().line(), diagnostic.position().column(),
                diagnostic.message());
    }

    /** The gcc form {@code path/File.sdo:LINE:COLUMN: error: MESSAGE}, which IDE consoles turn into links. */
    @Override
    public String toString() {
        return shownPath + ":" + line + ":" + column + ": error: " + message;
    }
}
