package dev.sdo.compiler.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file written under a temporary name beside it and moved into place only when complete, so that a
 * failed run leaves no output file behind (and an earlier one untouched).
 */
final class AtomicOutput implements AutoCloseable {
    private final Path target;
    private final Path temporary;
    private boolean committed;

    AtomicOutput(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        // Not Files.createTempFile, whose owner-only permissions the moved file would keep.
        this.temporary = this.target.resolveSibling("." + target.getFileName() + "." + Long.toHexString(
                ThreadLocalRandom.current().nextLong() >>> 1) + ".part");
        Files.createFile(temporary);
    }

    /** Where to write. */
    Path temporary() {
        return temporary;
    }

    /**
     * Moves the complete file into place: its bytes first reach the disk (fsync), so that a crash after the move
     * cannot leave an empty or partial file under the target's name; then the directory's entry does, where the
     * file system allows a directory to be synced.
     */
    void commit() throws IOException {
        try (FileChannel written = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            written.force(true);
        }
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
        syncDirectory(target.getParent());
    }

    /** Syncs a directory's entries; some systems (Windows) cannot open a directory, and then it is left to them. */
    private static void syncDirectory(Path directory) {
        try (FileChannel entries = FileChannel.open(directory, StandardOpenOption.READ)) {
            entries.force(true);
        } catch (IOException e) {
            // The file's own bytes are on disk; its name in the directory follows when the system flushes it.
        }
    }

    /** Deletes the temporary file unless committed. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            Files.deleteIfExists(temporary);
        }
    }
}
