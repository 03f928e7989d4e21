package dev.sdo.compiler.cli;

import dev.sdo.compiler.generate.GeneratedSource;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The classes {@code sdoc} compiled for a schema, kept on disk so that the next run over the same schema (FpML's
 * thousands of records take minutes to compile) loads them instead: keyed by a SHA-256 of the generated sources,
 * the compiler options and the runtime they were compiled against. A cache entry that cannot be read is ignored
 * (and written again); a cache that cannot be written only costs the next run its time.
 *
 * <p>The folder is the system property {@code sdo.classCache}, else the environment variable
 * {@code SDO_CLASS_CACHE}, else {@code ~/.cache/sdo/classes}; {@code off} turns the cache off.
 */
final class CompiledClassCache {
    private static final int MAGIC = 0x53444F43; // "SDOC"
    private final Path folder;

    private CompiledClassCache(Path folder) {
        this.folder = folder;
    }

    /** The configured cache, or empty when it is turned off. */
    static Optional<CompiledClassCache> configured() {
        String setting = System.getProperty("sdo.classCache", System.getenv("SDO_CLASS_CACHE"));
        if ("off".equals(setting)) {
            return Optional.empty();
        }
        Path folder = setting != null && !setting.isEmpty() ? Path.of(setting)
                : Path.of(System.getProperty("user.home"), ".cache", "sdo", "classes");
        return Optional.of(new CompiledClassCache(folder));
    }

    /** The key of a compilation: what its bytecode depends on. */
    static String key(List<GeneratedSource> sources, List<String> options, String runtime) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((String.join("\n", options) + "\n" + runtime + "\n").getBytes(StandardCharsets.UTF_8));
            Map<String, String> sorted = new TreeMap<>();
            sources.forEach(source -> sorted.put(source.relativePath(), source.content()));
            sorted.forEach((path, content) -> {
                digest.update(path.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(content.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            });
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** The classes stored under {@code key}; empty when there are none or they cannot be read. */
    Optional<Map<String, byte[]>> load(String key) {
        Path file = folder.resolve(key + ".classes");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC) {
                return Optional.empty();
            }
            int count = in.readInt();
            Map<String, byte[]> classes = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                classes.put(name, bytes);
            }
            return in.read() == -1 ? Optional.of(classes) : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty(); // compiled again, and stored again
        }
    }

    /** Stores {@code classes} under {@code key}, atomically; a failure to write is ignored. */
    void store(String key, Map<String, byte[]> classes) {
        try {
            Files.createDirectories(folder);
            Path temporary = Files.createTempFile(folder, key, ".tmp");
            try {
                write(temporary, classes);
                try {
                    Files.move(temporary, folder.resolve(key + ".classes"), StandardCopyOption.ATOMIC_MOVE,
                            StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, folder.resolve(key + ".classes"), StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException notWritable) {
            // The next run compiles again.
        }
    }

    private static void write(Path temporary, Map<String, byte[]> classes) throws IOException {
        try (OutputStream file = Files.newOutputStream(temporary);
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(file))) {
            out.writeInt(MAGIC);
            out.writeInt(classes.size());
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(classes).entrySet()) {
                out.writeUTF(entry.getKey());
                out.writeInt(entry.getValue().length);
                out.write(entry.getValue());
            }
        }
    }
}
