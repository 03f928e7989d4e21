package dev.sdo.maven;

import dev.sdo.compiler.parse.SchemaSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Schema files on the file system, remembering each file the compiler read and the exact text it got, so that
 * the fingerprint saved after a run describes what was compiled even if a file changes while the build runs.
 */
final class RecordingSchemaSources implements SchemaSources {
    private final SchemaSources files = SchemaSources.fileSystem();
    private final Map<Path, byte[]> read = new TreeMap<>();

    @Override
    public String read(String name) throws IOException {
        String text = files.read(name);
        synchronized (read) {
            read.put(Path.of(identity(name)), text.getBytes(StandardCharsets.UTF_8));
        }
        return text;
    }

    @Override
    public String identity(String name) {
        return files.identity(name);
    }

    /** Each file read so far, by absolute path, with the bytes of its text. */
    Map<Path, byte[]> filesRead() {
        synchronized (read) {
            return new TreeMap<>(read);
        }
    }
}
