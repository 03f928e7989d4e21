package dev.sdo.compiler.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** The schema files a user named, each once, in the order and spelling first given; directories stand for their .sdo files. */
final class SchemaFiles {
    private SchemaFiles() {}

    /**
     * The files {@code named} names: a directory stands for every {@code .sdo} file below it, in the order of
     * their paths (so that a run reads them, and reports their errors, the same way on every machine), and
     * repeated files are dropped ({@link #distinct}).
     *
     * @throws IOException when a directory cannot be read, or holds no {@code .sdo} file (naming it)
     */
    static List<Path> expand(List<Path> named) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : named) {
            if (!Files.isDirectory(path)) {
                files.add(path);
                continue;
            }
            List<Path> found;
            try (Stream<Path> walk = Files.walk(path)) {
                found = walk.filter(file -> file.getFileName().toString().endsWith(".sdo") && Files.isRegularFile(file))
                        .sorted(Comparator.comparing(file -> path.relativize(file).toString())).toList();
            }
            if (found.isEmpty()) {
                throw new IOException(path + ": the directory holds no .sdo file");
            }
            files.addAll(found);
        }
        return distinct(files);
    }

    /**
     * Drops repeated files: {@code a.sdo ./a.sdo a.sdo} is one file, kept as first spelled, because diagnostics
     * name files the way the user did.
     */
    static List<Path> distinct(List<Path> named) {
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> result = new ArrayList<>();
        for (Path file : named) {
            if (seen.add(file.toAbsolutePath().normalize())) {
                result.add(file);
            }
        }
        return result;
    }
}
