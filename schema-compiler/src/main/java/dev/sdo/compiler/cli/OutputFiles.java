package dev.sdo.compiler.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Where a command that reads many files writes each one's result: {@code OUTDIR/NAME.EXT} for an input
 * {@code NAME.OTHER}, so that {@code trades.xml} becomes {@code trades.sdob} and back.
 */
final class OutputFiles {
    private OutputFiles() {}

    /** {@code directory/NAME.extension} for {@code input} named {@code NAME} or {@code NAME.ANY}. */
    static Path in(Path directory, Path input, String extension) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return directory.resolve((dot > 0 ? name.substring(0, dot) : name) + "." + extension);
    }

    /**
     * Refuses an output file that is its own input ({@code convert x.csv -o x.csv}), before anything is read: the
     * input would be replaced by what was made of it.
     */
    static void requireNotInput(CommandLine commandLine, Path input, Path output) {
        boolean same = input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize());
        try {
            same |= Files.exists(output) && Files.isSameFile(input, output);
        } catch (IOException e) {
            // An input that cannot be read is reported when it is read.
        }
        if (same) {
            throw new ParameterException(commandLine, input + " is both an input and the output it would be written "
                    + "to: give another output");
        }
    }

    /**
     * Refuses inputs that would write the same output file ({@code a/x.xml} and {@code b/x.xml}), before anything is
     * written: one would silently replace the other.
     */
    static void requireDistinct(CommandLine commandLine, List<Path> inputs, Path directory, String extension) {
        Map<Path, Path> byOutput = new HashMap<>();
        for (Path input : inputs) {
            Path earlier = byOutput.putIfAbsent(in(directory, input, extension).toAbsolutePath().normalize(), input);
            if (earlier != null) {
                throw new ParameterException(commandLine, earlier + " and " + input + " would both be written to "
                        + in(directory, input, extension));
            }
        }
    }
}
