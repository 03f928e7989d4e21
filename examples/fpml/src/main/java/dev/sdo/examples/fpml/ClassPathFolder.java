package dev.sdo.examples.fpml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The files of a folder on the class path, in the directory or the jar that holds this example's classes. */
final class ClassPathFolder {
    private ClassPathFolder() {}

    /**
     * The paths, relative to the class path's root and sorted, of the files below {@code folder} (such as
     * {@code "org/fpml/confirmation/"}) whose names end with {@code suffix}.
     */
    static List<String> files(String folder, String suffix) {
        try {
            Path location = Path.of(ClassPathFolder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.walk(location.resolve(folder))) {
                    return files.filter(Files::isRegularFile)
                            .map(file -> location.relativize(file).toString().replace('\\', '/'))
                            .filter(name -> name.endsWith(suffix))
                            .sorted()
                            .toList();
                }
            }
            try (JarFile jar = new JarFile(location.toFile())) {
                return jar.stream()
                        .map(JarEntry::getName)
                        .filter(name -> name.startsWith(folder) && name.endsWith(suffix))
                        .sorted()
                        .toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + " on the class path", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the class path of " + folder, e);
        }
    }
}
