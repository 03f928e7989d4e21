package dev.sdo.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the last successful run of one goal execution left behind, kept in a small text file under
 * {@code target/}: the fingerprint of its inputs, the schema files it read (roots and imports), and the manifest of
 * the files it generated with the hash of each. The manifest is what lets the plugin delete files that no schema
 * produces any more while never touching a file it did not write.
 *
 * @param fingerprint the {@link Fingerprint} of the run
 * @param outputDirectory the absolute directory the files were generated into
 * @param inputs the absolute paths of the schema files read
 * @param outputs each generated file, relative to {@code outputDirectory} with {@code /} separators, mapped to
 *     the SHA-256 of the bytes written
 */
record GenerationState(String fingerprint, Path outputDirectory, List<Path> inputs, SortedMap<String, String> outputs) {
    private static final String HEADER = "sdo-maven-plugin state 1";

    GenerationState {
        inputs = List.copyOf(inputs);
        outputs = new TreeMap<>(outputs);
    }

    /** The manifest's files, resolved against the output directory. */
    Map<Path, String> outputFiles() {
        Map<Path, String> files = new LinkedHashMap<>();
        outputs.forEach((relative, hash) -> files.put(outputDirectory.resolve(relative), hash));
        return files;
    }

    /** Whether every file of the manifest is still there, with the bytes that were written. */
    boolean outputsIntact() throws IOException {
        for (Map.Entry<Path, String> output : outputFiles().entrySet()) {
            if (!Files.isRegularFile(output.getKey()) || !ContentHash.of(output.getKey()).equals(output.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a state file. A missing file, or one this version cannot read (another format, a truncated write), is
     * no state: the next run then regenerates everything, which is always correct.
     */
    static Optional<GenerationState> read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            return Optional.empty();
        }
        String fingerprint = null;
        Path outputDirectory = null;
        List<Path> inputs = new ArrayList<>();
        SortedMap<String, String> outputs = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] parts = line.split(" ", 2);
            String value = parts.length == 2 ? parts[1] : "";
            switch (parts[0]) {
                case "fingerprint" -> fingerprint = value;
                case "outputDirectory" -> outputDirectory = Path.of(value);
                case "input" -> inputs.add(Path.of(value));
                case "output" -> {
                    String[] hashAndPath = value.split(" ", 2);
                    if (hashAndPath.length != 2) {
                        return Optional.empty();
                    }
                    outputs.put(hashAndPath[1], hashAndPath[0]);
                }
                case "end" -> {
                    return fingerprint == null || outputDirectory == null ? Optional.empty()
                            : Optional.of(new GenerationState(fingerprint, outputDirectory, inputs, outputs));
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty(); // no "end" line: the write was cut short
    }

    /** Writes the state, replacing any previous one in one move so that a reader never sees half a file. */
    void write(Path file) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append("fingerprint ").append(fingerprint).append('\n');
        text.append("outputDirectory ").append(outputDirectory).append('\n');
        inputs.forEach(input -> text.append("input ").append(input).append('\n'));
        outputs.forEach((relative, hash) -> text.append("output ").append(hash).append(' ').append(relative)
                .append('\n'));
        text.append("end\n");
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
