package dev.sdo.maven;

import dev.sdo.compiler.SchemaCompiler;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Identifies the code that turns schemas into Java: a digest of the schema compiler's and this plugin's class
 * files (their jars, or their class folders in a reactor build). A version number would not do: a snapshot
 * changes without changing its version, and a changed generator must regenerate.
 */
final class GeneratorIdentity {
    private GeneratorIdentity() {
    }

    /** Computed once per class loader: the classes loaded cannot change under it, and an IDE runs the goals often. */
    private static String current;

    /** The identity of the compiler and plugin running now. */
    static synchronized String current() throws IOException {
        if (current == null) {
            current = of(List.of(SchemaCompiler.class, GeneratorIdentity.class));
        }
        return current;
    }

    /** A digest over the code sources (jar or class folder) of the classes given, each counted once. */
    static String of(List<Class<?>> classes) throws IOException {
        Fingerprint fingerprint = new Fingerprint();
        List<Path> locations = new ArrayList<>();
        for (Class<?> type : classes) {
            Path location = location(type);
            if (!locations.contains(location)) {
                locations.add(location);
            }
        }
        locations.sort(null); // the same code in any order is the same generator
        for (Path location : locations) {
            if (Files.isDirectory(location)) {
                addFolder(fingerprint, location);
            } else {
                fingerprint.addContent(location.getFileName().toString(), Files.readAllBytes(location));
            }
        }
        return fingerprint.hex();
    }

    private static void addFolder(Fingerprint fingerprint, Path folder) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            fingerprint.addContent(folder.relativize(file).toString(), Files.readAllBytes(file));
        }
    }

    private static Path location(Class<?> type) throws IOException {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IOException("cannot locate the code of " + type.getName());
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot locate the code of " + type.getName() + " (" + source.getLocation() + ")", e);
        }
    }
}
