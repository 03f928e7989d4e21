package dev.sdo.compiler.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The schema files a user named, each once, in the order and spelling first given. */
final class SchemaFiles {
    private SchemaFiles() {}

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
