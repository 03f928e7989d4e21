package dev.sdo.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the schema files below a source directory with Maven's usual Ant-style include and exclude patterns
 * ({@code **}{@code /*.sdo}: {@code **} any number of folders, {@code *} any part of one name, {@code ?} one
 * character), matched against paths relative to the directory with {@code /} separators.
 */
public final class SchemaFileSelector {
    private final List<Pattern> includes;
    private final List<Pattern> excludes;

    public SchemaFileSelector(List<String> includes, List<String> excludes) {
        this.includes = includes.stream().map(SchemaFileSelector::toRegex).toList();
        this.excludes = excludes.stream().map(SchemaFileSelector::toRegex).toList();
    }

    /** The matching regular files below {@code directory}, sorted by relative path for a deterministic order. */
    public List<Path> select(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> matches(relativeName(directory, file)))
                    .sorted()
                    .toList();
        }
    }

    /** Whether a relative path ({@code /}-separated) is included and not excluded. */
    public boolean matches(String relativePath) {
        return includes.stream().anyMatch(p -> p.matcher(relativePath).matches())
                && excludes.stream().noneMatch(p -> p.matcher(relativePath).matches());
    }

    private static String relativeName(Path directory, Path file) {
        return directory.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    /** Converts an Ant-style pattern; as in Ant, a pattern ending in {@code /} means everything below. */
    static Pattern toRegex(String antPattern) {
        String pattern = antPattern.trim().replace('\\', '/');
        if (pattern.endsWith("/")) {
            pattern += "**";
        }
        StringBuilder regex = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            if (pattern.startsWith("**/", i)) {
                regex.append("(?:.*/)?");
                i += 3;
            } else if (pattern.startsWith("**", i)) {
                regex.append(".*");
                i += 2;
            } else if (pattern.charAt(i) == '*') {
                regex.append("[^/]*");
                i++;
            } else if (pattern.charAt(i) == '?') {
                regex.append("[^/]");
                i++;
            } else {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(i))));
                i++;
            }
        }
        return Pattern.compile(regex.toString());
    }
}
