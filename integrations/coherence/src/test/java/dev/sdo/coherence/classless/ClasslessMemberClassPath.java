package dev.sdo.coherence.classless;

import com.tangosol.net.Coherence;
import dev.sdo.coherence.SdoSerializer;
import dev.sdo.runtime.query.Match;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class path of a storage member that has none of the generated classes and none of the test classes: Coherence
 * (and the one library it needs, jakarta.el-api), the sdo runtime, and the integration's own classes
 * ({@code dev.sdo.coherence} and {@code dev.sdo.coherence.cluster}) copied out of this module's output, which also
 * holds the example's and the benchmark's generated records; plus the cache configuration.
 */
final class ClasslessMemberClassPath {
    private static final String[] INTEGRATION_PACKAGES = {"dev/sdo/coherence", "dev/sdo/coherence/cluster"};

    private ClasslessMemberClassPath() {
    }

    /** Builds the integration's classes under {@code directory} and returns the whole class path. */
    static List<Path> build(Path directory, String cacheConfig) throws IOException {
        Path classes = directory.resolve("classes");
        if (Files.exists(classes)) {
            try (Stream<Path> old = Files.walk(classes)) {
                old.sorted(Comparator.reverseOrder()).forEach(ClasslessMemberClassPath::delete);
            }
        }
        Path integration = codeSource(SdoSerializer.class);
        for (String pkg : INTEGRATION_PACKAGES) {
            Path target = Files.createDirectories(classes.resolve(pkg));
            try (Stream<Path> files = Files.list(integration.resolve(pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    Files.copy(file, target.resolve(file.getFileName().toString()));
                }
            }
        }
        try (InputStream config = ClasslessMemberClassPath.class.getResourceAsStream("/" + cacheConfig)) {
            Files.copy(config, classes.resolve(cacheConfig), StandardCopyOption.REPLACE_EXISTING);
        }
        List<Path> path = new ArrayList<>(List.of(classes, codeSource(Match.class), codeSource(Coherence.class)));
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("jakarta.el-api")).map(Path::of).forEach(path::add);
        return path;
    }

    private static Path codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
