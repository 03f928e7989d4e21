package dev.sdo.compiler.cli;

import dev.sdo.compiler.generate.GeneratedSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes generated sources below an output directory in package folders, touching only files whose bytes
 * change, so that an unchanged schema leaves timestamps (and so incremental Java builds) alone. Shared by
 * {@code sdoc compile} and the Maven plugin.
 */
public final class GeneratedSourceWriter {
    private final Path outputDirectory;

    /** A writer into {@code outputDirectory}, created when needed. */
    public GeneratedSourceWriter(Path outputDirectory) {
        this.outputDirectory = outputDirectory;
    }

    /**
     * What a write did.
     *
     * @param written the files created or changed
     * @param unchanged the files that already held exactly the generated text
     */
    public record Result(List<Path> written, List<Path> unchanged) {
        public Result {
            written = List.copyOf(written);
            unchanged = List.copyOf(unchanged);
        }
    }

    /**
     * Writes every source as UTF-8 to {@code outputDirectory/relativePath}.
     *
     * @throws IOException naming the file that could not be written
     */
    public Result write(List<GeneratedSource> sources) throws IOException {
        List<Path> written = new ArrayList<>();
        List<Path> unchanged = new ArrayList<>();
        for (GeneratedSource source : sources) {
            Path file = outputDirectory.resolve(source.relativePath());
            byte[] bytes = source.content().getBytes(StandardCharsets.UTF_8);
            try {
                if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
                    unchanged.add(file);
                } else {
                    Files.createDirectories(file.getParent());
                    Files.write(file, bytes);
                    written.add(file);
                }
            } catch (IOException e) {
                throw new IOException("cannot write " + file + ": " + reason(e), e);
            }
        }
        return new Result(written, unchanged);
    }

    /** The JDK's file exceptions often carry only a path; say what went wrong in words. */
    private static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + " (" + f.getFile() + ")";
        } else if (e instanceof AccessDeniedException f) {
            return "permission denied (" + f.getFile() + ")";
        } else if (e instanceof FileAlreadyExistsException f) {
            return "a file is in the way of a directory (" + f.getFile() + ")";
        } else if (e instanceof NoSuchFileException f) {
            return "no such file or directory (" + f.getFile() + ")";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
