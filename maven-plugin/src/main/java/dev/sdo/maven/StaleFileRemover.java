package dev.sdo.maven;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes the files an earlier run generated that the current run no longer produces (a schema deleted or
 * renamed, a record moved to another package), and the folders that leaves empty. Only files in the earlier
 * run's manifest are candidates, and only while they still hold the bytes that run wrote: a file someone changed
 * since is kept and reported, never deleted.
 */
final class StaleFileRemover {

    /**
     * What a clean-up did.
     *
     * @param deleted the stale files deleted
     * @param kept the stale files left alone because their content is no longer what was generated
     */
    record Result(List<Path> deleted, List<Path> kept) {
        Result {
            deleted = List.copyOf(deleted);
            kept = List.copyOf(kept);
        }
    }

    /**
     * Removes the files of {@code previous} that are not in {@code current}.
     *
     * @param current the absolute paths of the files the current run generated
     */
    Result remove(GenerationState previous, Set<Path> current) throws IOException {
        List<Path> deleted = new ArrayList<>();
        List<Path> kept = new ArrayList<>();
        for (Map.Entry<Path, String> output : previous.outputFiles().entrySet()) {
            Path file = output.getKey();
            if (current.contains(file) || !Files.isRegularFile(file)) {
                continue;
            }
            if (ContentHash.of(file).equals(output.getValue())) {
                Files.delete(file);
                deleted.add(file);
                deleteEmptyFolders(file.getParent(), previous.outputDirectory());
            } else {
                kept.add(file);
            }
        }
        return new Result(deleted, kept);
    }

    /** Deletes {@code folder} and its parents while empty, up to but not including {@code root}. */
    private static void deleteEmptyFolders(Path folder, Path root) throws IOException {
        for (Path at = folder; at != null && at.startsWith(root) && !at.equals(root); at = at.getParent()) {
            try {
                if (!Files.deleteIfExists(at)) {
                    return;
                }
            } catch (DirectoryNotEmptyException e) {
                return;
            }
        }
    }
}
